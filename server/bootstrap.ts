import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newId } from '../lambdas/core/ids.ts';
import type { Repositories } from '../lambdas/data/repositories.ts';

export interface Bootstrap {
  accountId: string;
  projectId: string;
  /** Project-scoped key: the proxy and the demo project's /v1 endpoints. */
  apiKey: string;
  /** Account-scoped key: creates and manages every project of the account. */
  adminKey: string;
  apiBaseUrl: string;
  proxyUrl: string;
  /** Where the demo origin listened on this run; absent in files written before it was recorded. */
  demoOriginUrl?: string;
}

export const DEMO_PROJECT_ID = 'demo';

/**
 * First run: an account, the demo project in front of the demo origin, and its keys, written to
 * bootstrap.json (0600) because the secrets are never stored in plaintext anywhere else. Later runs
 * reuse the file and only refresh the addresses (ports may differ between runs). The demo project follows
 * the demo origin's new port only while it still points at the demo origin: an origin the user chose stays.
 */
export async function ensureBootstrap(
  repos: Repositories,
  dataDir: string,
  urls: { apiBaseUrl: string; proxyUrlFor: (projectId: string) => string; demoOriginUrl: string },
  nowIso: string,
): Promise<{ bootstrap: Bootstrap; created: boolean }> {
  const file = join(dataDir, 'bootstrap.json');
  const previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Bootstrap) : undefined;
  const project = previous ? await repos.projects.get(previous.projectId) : undefined;
  let bootstrap: Bootstrap;
  let created = false;
  if (previous && project) {
    const followsDemoOrigin = previous.demoOriginUrl === undefined || project.originUrl === previous.demoOriginUrl;
    if (followsDemoOrigin && project.originUrl !== urls.demoOriginUrl && project.id === DEMO_PROJECT_ID) {
      await repos.projects.update(project.id, { originUrl: urls.demoOriginUrl }, nowIso);
    }
    bootstrap = {
      ...previous,
      apiBaseUrl: urls.apiBaseUrl,
      proxyUrl: urls.proxyUrlFor(previous.projectId),
      demoOriginUrl: urls.demoOriginUrl,
    };
  } else {
    const accountId = newId('a');
    const existing = await repos.projects.get(DEMO_PROJECT_ID);
    if (existing) await repos.projects.delete(DEMO_PROJECT_ID);
    await repos.projects.create(
      { id: DEMO_PROJECT_ID, accountId, name: 'Demo project', originUrl: urls.demoOriginUrl, plan: 'pro' },
      nowIso,
    );
    const apiKey = await repos.apiKeys.create(
      { projectId: DEMO_PROJECT_ID, accountId, name: 'demo', scope: 'project' },
      nowIso,
    );
    const adminKey = await repos.apiKeys.create(
      { projectId: DEMO_PROJECT_ID, accountId, name: 'admin', scope: 'account' },
      nowIso,
    );
    bootstrap = {
      accountId,
      projectId: DEMO_PROJECT_ID,
      apiKey: apiKey.secret,
      adminKey: adminKey.secret,
      apiBaseUrl: urls.apiBaseUrl,
      proxyUrl: urls.proxyUrlFor(DEMO_PROJECT_ID),
      demoOriginUrl: urls.demoOriginUrl,
    };
    created = true;
  }
  writeFileSync(file, `${JSON.stringify(bootstrap, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { bootstrap, created };
}

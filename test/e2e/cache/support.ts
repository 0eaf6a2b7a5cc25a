import type { CacheConfig } from '../../../lambdas/core/config/cache-config.ts';
import type { RawRequestOptions, RawResponse } from '../../helpers/http.ts';
import type { ApiInit, TestServer } from '../../helpers/test-server.ts';

export interface CacheProject {
  id: string;
  key: string;
  /** A proxied request with the project's key (and Host). */
  send(path: string, init?: RawRequestOptions): Promise<RawResponse>;
  /** A management call as this project (`path` relative to /v1/projects/<id>). */
  api(path: string, init?: ApiInit): Promise<RawResponse>;
}

/** A project in front of `originUrl`, optionally with caching enabled and a cache configuration. */
export async function createCacheProject(
  t: TestServer,
  originUrl: string,
  options: { cacheEnabled?: boolean; cache?: Partial<CacheConfig>; plan?: 'free' | 'pro' } = {},
): Promise<CacheProject> {
  const created = await t.api('/projects', {
    method: 'POST',
    apiKey: t.bootstrap.adminKey,
    body: {
      name: 'cache spec',
      originUrl,
      cacheEnabled: options.cacheEnabled ?? true,
      plan: options.plan ?? 'free',
    },
  });
  if (created.status !== 200) throw new Error(`project create failed: ${created.text}`);
  const data = created.json().data;
  const project: CacheProject = {
    id: data.project.id,
    key: data.apiKey.secret,
    send: (path, init = {}) =>
      t.proxy(project.id, path, { ...init, headers: { 'x-api-key': project.key, ...init.headers } }),
    api: (path, init = {}) => t.api(`/projects/${project.id}${path}`, { apiKey: project.key, ...init }),
  };
  if (options.cache) {
    const patched = await project.api('/cache/config', { method: 'PATCH', body: options.cache });
    if (patched.status !== 200) throw new Error(`cache config failed: ${patched.text}`);
  }
  return project;
}

export const statusOf = (res: RawResponse): string | undefined => res.headers['x-cache-status'] as string | undefined;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Repeats `send` until its X-Cache-Status is `wanted` (or the predicate holds) or `capMs` passes; returns
 * the last response, so the caller's assertion reports what was seen last.
 */
export async function sendUntil(
  send: () => Promise<RawResponse>,
  wanted: string | ((res: RawResponse) => boolean),
  capMs = 5000,
  everyMs = 100,
): Promise<RawResponse> {
  const matches = typeof wanted === 'string' ? (res: RawResponse) => statusOf(res) === wanted : wanted;
  const deadline = Date.now() + capMs;
  for (;;) {
    const res = await send();
    if (matches(res) || Date.now() >= deadline) return res;
    await sleep(everyMs);
  }
}

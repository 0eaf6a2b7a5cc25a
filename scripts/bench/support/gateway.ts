import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DDOS_DEFAULTS } from '../../../lambdas/core/config/defaults.ts';
import { startServer } from '../../../server/app.ts';

/**
 * Starts the gateway alone in this process with a project in front of the origin given as argv[2], and
 * prints what the benchmark needs. Extra settings (e.g. cacheEnabled) come as JSON in argv[3].
 */
const originUrl = process.argv[2] ?? '';
const projectSettings = JSON.parse(process.argv[3] ?? '{}') as Record<string, unknown>;
const server = await startServer({
  dataDir: mkdtempSync(join(tmpdir(), 'edge-bench-')),
  apiPort: 0,
  proxyPort: 0,
  demoOriginPort: 0,
  seedDemo: true,
  log: () => {},
});
const bootstrap = server.bootstrap!;
const now = new Date().toISOString();
await server.repos.projects.update(bootstrap.projectId, { originUrl, ...projectSettings }, now);
// The load generator is one IP sending thousands of requests a second: exactly what the per-IP DDoS
// guard exists to stop. It is switched off for the bench project so the figures measure the proxy path
// rather than 429s (the stage still runs and returns early).
await server.repos.ddosConfig.put(bootstrap.projectId, { ...DDOS_DEFAULTS, enabled: false }, now);
process.stdout.write(
  `${JSON.stringify({ proxyPort: server.proxyPort, projectId: bootstrap.projectId, apiKey: bootstrap.apiKey, apiBaseUrl: server.apiBaseUrl })}\n`,
);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
await server.repos.projects.update(bootstrap.projectId, { originUrl, ...projectSettings }, new Date().toISOString());
process.stdout.write(
  `${JSON.stringify({ proxyPort: server.proxyPort, projectId: bootstrap.projectId, apiKey: bootstrap.apiKey, apiBaseUrl: server.apiBaseUrl })}\n`,
);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));

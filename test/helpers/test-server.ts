import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, type ServerOptions, startServer } from '../../server/app.ts';
import type { Bootstrap } from '../../server/bootstrap.ts';
import { type RawRequestOptions, type RawResponse, rawRequest } from './http.ts';

export interface ApiInit {
  method?: string;
  /** Sent as x-api-key unless `null`; defaults to the bootstrap's project key. */
  apiKey?: string | null;
  bearer?: string;
  /** Serialised as JSON with content-type application/json; a string or Buffer is sent as is. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface TestServer {
  server: RunningServer;
  bootstrap: Bootstrap;
  dataDir: string;
  /** `path` is relative to /v1 (e.g. `/projects/demo`). */
  api(path: string, init?: ApiInit): Promise<RawResponse>;
  /** A request to the edge proxy for `projectId`, with the Host header a browser would send. */
  proxy(projectId: string, path: string, init?: RawRequestOptions): Promise<RawResponse>;
  proxyHost(projectId: string): string;
  /** Stops the server; removes the data dir unless `keepDataDir` (for restart tests). */
  close(options?: { keepDataDir?: boolean }): Promise<void>;
}

export function freshDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'edge-gateway-test-'));
}

/**
 * The whole self-hosted product on random loopback ports with a fresh data dir and a silent log.
 * Pass `dataDir` to restart on an existing one.
 */
export async function startTestServer(options: ServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? freshDataDir();
  const server = await startServer({
    host: '127.0.0.1',
    apiPort: 0,
    proxyPort: 0,
    demoOriginPort: 0,
    log: () => {},
    ...options,
    dataDir,
  });
  if (!server.bootstrap) throw new Error('the test server expects the demo bootstrap (persist + seedDemo)');
  const bootstrap = server.bootstrap;
  const proxyHost = (projectId: string) => `${projectId}.localhost:${server.proxyPort}`;

  return {
    server,
    bootstrap,
    dataDir,
    api: (path, init = {}) => {
      const headers: Record<string, string> = { ...init.headers };
      const apiKey = init.apiKey === undefined ? bootstrap.apiKey : init.apiKey;
      if (apiKey !== null) headers['x-api-key'] = apiKey;
      if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
      let body: string | Buffer | undefined;
      if (typeof init.body === 'string' || Buffer.isBuffer(init.body)) body = init.body;
      else if (init.body !== undefined) {
        body = JSON.stringify(init.body);
        headers['content-type'] ??= 'application/json';
      }
      return rawRequest(`${server.apiBaseUrl}${path}`, { method: init.method ?? 'GET', headers, body });
    },
    proxy: (projectId, path, init = {}) =>
      rawRequest(`http://127.0.0.1:${server.proxyPort}${path}`, {
        ...init,
        headers: { host: proxyHost(projectId), ...init.headers },
      }),
    proxyHost,
    close: async (closeOptions = {}) => {
      await server.close();
      if (!closeOptions.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

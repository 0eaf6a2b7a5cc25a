import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawResponse, rawRequest } from '../../helpers/http.ts';
import { freshDataDir } from '../../helpers/test-server.ts';

interface CurlCall {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
}

/** Splits a shell line into words, honouring single and double quotes (enough for the printed commands). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  const re = /'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g;
  for (const m of line.matchAll(re)) words.push(m[1] ?? m[2] ?? m[3] ?? '');
  return words;
}

function parseCurl(command: string): CurlCall {
  const words = shellWords(command);
  const call: CurlCall = { method: 'GET', url: new URL('http://invalid'), headers: {} };
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === '-s' || w === '-si') continue;
    if (w === '-X') call.method = words[++i]!;
    else if (w === '-H') {
      const [name, ...rest] = words[++i]!.split(':');
      call.headers[name!.trim().toLowerCase()] = rest.join(':').trim();
    } else if (w === '-d') {
      call.body = words[++i]!;
      if (call.method === 'GET') call.method = 'POST';
    } else call.url = new URL(w);
  }
  return call;
}

/** What curl does with a `*.localhost` URL: connect to loopback, send the name as Host. */
function runCurl(call: CurlCall): Promise<RawResponse> {
  const loopback = new URL(call.url);
  const host = call.url.host;
  loopback.hostname = '127.0.0.1';
  return rawRequest(loopback.toString(), {
    method: call.method,
    headers: { host, ...call.headers },
    body: call.body,
  });
}

describe('npm start and the walk-through it prints', () => {
  let child: ChildProcess;
  let stdout = '';
  let stderr = '';
  let exited: Promise<number | null>;
  const dataDir = freshDataDir();

  beforeAll(async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, EDGE_DATA_DIR: dataDir, EDGE_API_PORT: '0', EDGE_PROXY_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (c) => {
      stdout += c;
    });
    child.stderr?.on('data', (c) => {
      stderr += c;
    });
    exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    const deadline = Date.now() + 45_000;
    while (!stdout.includes('Press Ctrl+C to stop')) {
      if (Date.now() > deadline || child.exitCode !== null) {
        throw new Error(`server did not start:\n${stdout}\n${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  const printedCurls = () => {
    const joined = stdout.replace(/\\\n\s*/g, ' ');
    return joined
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.startsWith('curl '));
  };

  it('announces itself with the API, the proxy and the demo project', () => {
    expect(stdout).toContain('Edge Gateway is running.');
    expect(stdout).toMatch(/Management API\s+http:\/\/127\.0\.0\.1:\d+\/v1/);
    expect(stdout).toMatch(/Demo project\s+demo -> http:\/\/demo\.localhost:\d+/);
  });

  it('prints curl commands that work as pasted', async () => {
    // Prepare
    const commands = printedCurls().map(parseCurl);
    expect(commands.length).toBeGreaterThanOrEqual(4);
    // Act
    const responses: RawResponse[] = [];
    for (const call of commands) responses.push(await runCurl(call));
    // Assess
    for (const [i, res] of responses.entries()) {
      expect(res.status, `${commands[i]!.method} ${commands[i]!.url}`).toBeLessThan(500);
      expect(res.headers['x-request-id']).toBeDefined();
    }
    const [hello, project, patch] = responses;
    expect(hello!.status).toBe(200);
    expect(hello!.json()).toMatchObject({ ok: true, path: '/hello' });
    expect(project!.json().data.id).toBe('demo');
    expect(patch!.json()).toEqual({ success: true, data: { id: 'demo', wafEnabled: true, cacheEnabled: true } });
  });

  it('runs the README walk-through: proxy, project, sessions, alert policy, second project, OpenAPI', async () => {
    // Prepare
    const b = JSON.parse(readFileSync(join(dataDir, 'bootstrap.json'), 'utf8'));
    const api = b.apiBaseUrl as string;
    const proxy = new URL(b.proxyUrl as string);
    const viaProxy = (path: string, headers: Record<string, string> = {}) =>
      rawRequest(`http://127.0.0.1:${proxy.port}${path}`, { headers: { host: proxy.host, ...headers } });
    const json = { 'content-type': 'application/json' };
    // Act
    const orders = await viaProxy('/v1/orders?id=42', { 'x-api-key': b.apiKey });
    const noKey = await viaProxy('/v1/orders');
    const session = await rawRequest(`${api}/sessions`, { method: 'POST', headers: { 'x-api-key': b.apiKey } });
    const keys = await rawRequest(`${api}/projects/demo/keys`, {
      headers: { authorization: `Bearer ${session.json().data.token}` },
    });
    const policy = await rawRequest(`${api}/projects/demo/alerts/policies`, {
      method: 'POST',
      headers: { 'x-api-key': b.apiKey, ...json },
      body: JSON.stringify({
        name: 'Origin errors',
        metric: 'error_rate',
        threshold: 5,
        channel: 'webhook',
        channelConfig: { url: 'https://example.com/hook' },
      }),
    });
    const second = await rawRequest(`${api}/projects`, {
      method: 'POST',
      headers: { 'x-api-key': b.adminKey, ...json },
      body: JSON.stringify({ name: 'Shop API', originUrl: 'http://127.0.0.1:4000' }),
    });
    const openapi = await rawRequest(`${api}/openapi.json`);
    // Assess
    expect(orders.status).toBe(200);
    expect(orders.json()).toMatchObject({ path: '/v1/orders', query: { id: '42' } });
    expect(orders.json().headers['x-api-key']).toBeUndefined();
    // The printed commands of the previous spec switched caching on, so this first GET of the path is stored.
    expect(orders.headers['x-cache-status']).toBe('MISS');
    expect(noKey.status).toBe(401);
    expect(session.status).toBe(200);
    expect(keys.status).toBe(200);
    expect(keys.json().data.length).toBeGreaterThanOrEqual(2);
    expect(policy.status).toBe(200);
    expect(policy.json().data).toMatchObject({ windowMinutes: 5, channel: 'webhook' });
    expect(second.status).toBe(200);
    expect(second.json().data.apiKey.secret).toMatch(/^egk_/);
    expect(openapi.json().openapi).toBe('3.1.0');
  });

  it('stops cleanly on SIGTERM with exit code 0', async () => {
    // Act
    child.kill('SIGTERM');
    const code = await exited;
    // Assess
    expect(code).toBe(0);
    expect(stdout).toContain('Stopped cleanly.');
  });
});

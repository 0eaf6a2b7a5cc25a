import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type RawResponse } from '../../helpers/http.ts';
import { startOrigin, type TestOrigin } from '../../helpers/origin.ts';
import { startTestServer, type TestServer } from '../../helpers/test-server.ts';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const LARGE_RESPONSE = randomBytes(6 * 1024 * 1024);

function expectEdgeHeaders(res: RawResponse) {
  expect(res.headers['x-cache-status']).toBe('BYPASS');
  expect(res.headers['x-request-id']).toMatch(/^req_/);
}

describe('edge proxy over real HTTP', () => {
  let t: TestServer;
  let origin: TestOrigin;
  let project: { id: string; key: string };

  async function createProject(originUrl: string) {
    const res = await t.api('/projects', {
      method: 'POST',
      apiKey: t.bootstrap.adminKey,
      body: { name: 'proxied', originUrl },
    });
    const data = res.json().data;
    return { id: data.project.id as string, key: data.apiKey.secret as string };
  }
  const send = (path: string, init: Parameters<TestServer['proxy']>[2] = {}) =>
    t.proxy(project.id, path, { ...init, headers: { 'x-api-key': project.key, ...init.headers } });

  beforeAll(async () => {
    origin = await startOrigin((req, res) => {
      if (req.url.endsWith('/large')) {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(LARGE_RESPONSE);
        return;
      }
      if (req.url.endsWith('/hop')) {
        res.writeHead(201, { connection: 'x-origin-private', 'x-origin-private': 'secret', 'x-visible': 'yes' });
        res.end('hop');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'x-origin': 'one' });
      res.end(JSON.stringify({ method: req.method, url: req.url, bodySha: sha256(req.body) }));
    });
    t = await startTestServer();
    project = await createProject(`${origin.url}/base`);
  });
  afterAll(async () => {
    await t.close();
    await origin.close();
  });

  describe('key check', () => {
    it.each([
      ['no key', undefined],
      ['an unknown key', 'egk_unknown'],
    ])('answers 401 JSON with %s and never calls the origin', async (_what, key) => {
      // Prepare
      const hits = origin.hits;
      // Act
      const res = await t.proxy(project.id, '/secret', { headers: key ? { 'x-api-key': key } : {} });
      // Assess
      expect(res.status).toBe(401);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'unauthorized' } });
      expect(res.json().error.requestId).toBe(res.headers['x-request-id']);
      expectEdgeHeaders(res);
      expect(origin.hits).toBe(hits);
    });

    it('answers 401 for a live key of another project', async () => {
      const res = await t.proxy(project.id, '/secret', { headers: { 'x-api-key': t.bootstrap.apiKey } });
      expect(res.status).toBe(401);
    });

    it('answers 404 JSON for a host that names no project, and for a bare IP host', async () => {
      // Act
      const unknown = await t.proxy('nosuchproject', '/', { headers: { 'x-api-key': project.key } });
      const bare = await t.proxy(project.id, '/', { headers: { host: `127.0.0.1:${t.server.proxyPort}` } });
      // Assess
      for (const res of [unknown, bare]) {
        expect(res.status).toBe(404);
        expect(res.json().error.code).toBe('not_found');
        expectEdgeHeaders(res);
      }
    });
  });

  describe('forwarding', () => {
    it.each(['GET', 'DELETE'])('forwards %s with path (under the origin base path) and raw query', async (method) => {
      // Act
      const res = await send('/items/a%2Fb/c?q=1%202&q=3&empty=&flag', { method });
      // Assess
      expect(res.status).toBe(200);
      expectEdgeHeaders(res);
      expect(res.headers['x-origin']).toBe('one');
      const seen = origin.requests.at(-1)!;
      expect(seen.method).toBe(method);
      expect(seen.url).toBe('/base/items/a%2Fb/c?q=1%202&q=3&empty=&flag');
    });

    it.each(['POST', 'PUT', 'PATCH'])('forwards a %s body byte for byte with its content type', async (method) => {
      // Prepare
      const body = Buffer.concat([randomBytes(1000), Buffer.from('\r\n\0ünïcødé')]);
      // Act
      const res = await send('/upload', { method, body, headers: { 'content-type': 'application/x-custom' } });
      // Assess
      expect(res.status).toBe(200);
      const seen = origin.requests.at(-1)!;
      expect(seen.body.equals(body)).toBe(true);
      expect(seen.headers['content-type']).toBe('application/x-custom');
      expect(res.json().bodySha).toBe(sha256(body));
    });

    it('does not forward x-api-key, and adds X-Forwarded-For/-Proto/-Host', async () => {
      // Act
      await send('/whoami', { headers: { 'x-forwarded-for': '10.1.2.3', 'x-custom': 'kept' } });
      // Assess
      const seen = origin.requests.at(-1)!;
      expect(seen.headers['x-api-key']).toBeUndefined();
      expect(JSON.stringify(seen.rawHeaders)).not.toContain(project.key);
      expect(seen.headers['x-forwarded-for']).toBe('10.1.2.3, 127.0.0.1');
      expect(seen.headers['x-forwarded-proto']).toBe('http');
      expect(seen.headers['x-forwarded-host']).toBe(t.proxyHost(project.id));
      expect(seen.headers['x-custom']).toBe('kept');
      expect(seen.headers.host).toBe(`127.0.0.1:${origin.port}`);
    });

    it('drops hop-by-hop headers, including those named in Connection, in both directions', async () => {
      // Act
      const res = await send('/hop', {
        headers: { connection: 'x-client-private', 'x-client-private': 'secret', 'proxy-authorization': 'Basic x' },
      });
      // Assess
      const seen = origin.requests.at(-1)!;
      expect(seen.headers['x-client-private']).toBeUndefined();
      expect(seen.headers['proxy-authorization']).toBeUndefined();
      expect(res.status).toBe(201);
      expect(res.headers['x-origin-private']).toBeUndefined();
      expect(res.headers['x-visible']).toBe('yes');
      expect(res.text).toBe('hop');
      expectEdgeHeaders(res);
    });

    it('streams a 5 MB request body to the origin intact', async () => {
      // Prepare
      const body = randomBytes(5 * 1024 * 1024);
      // Act
      const res = await send('/big-upload', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/octet-stream' },
      });
      // Assess
      expect(res.status).toBe(200);
      expect(res.json().bodySha).toBe(sha256(body));
      expect(origin.requests.at(-1)!.body.length).toBe(body.length);
    });

    it('streams a chunked request body of unknown length to the origin intact', async () => {
      // Prepare
      const parts = Array.from({ length: 20 }, () => randomBytes(100 * 1024));
      // Act
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: t.server.proxyPort,
            path: '/chunked',
            method: 'POST',
            headers: { host: t.proxyHost(project.id), 'x-api-key': project.key, 'transfer-encoding': 'chunked' },
            agent: false,
          },
          (r) => {
            let text = '';
            r.on('data', (c) => {
              text += c;
            });
            r.on('end', () => resolve({ status: r.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        for (const p of parts) req.write(p);
        req.end();
      });
      // Assess
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body).bodySha).toBe(sha256(Buffer.concat(parts)));
    });

    it('streams a large response back intact', async () => {
      // Act
      const res = await send('/large');
      // Assess
      expect(res.status).toBe(200);
      expect(res.body.length).toBe(LARGE_RESPONSE.length);
      expect(sha256(res.body)).toBe(sha256(LARGE_RESPONSE));
      expectEdgeHeaders(res);
    });
  });

  describe('origin failures', () => {
    it('answers 502 JSON with the request id when the origin is unreachable', async () => {
      // Prepare
      const closed = await startOrigin();
      await closed.close();
      const dead = await createProject(closed.url);
      // Act
      const res = await t.proxy(dead.id, '/x', { headers: { 'x-api-key': dead.key } });
      // Assess
      expect(res.status).toBe(502);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'origin_unreachable' } });
      expect(res.json().error.requestId).toBe(res.headers['x-request-id']);
      expectEdgeHeaders(res);
    });
  });

  describe('configuration changes', () => {
    it('routes to a new origin URL within a second of the PATCH, without a restart', async () => {
      // Prepare
      const second = await startOrigin((_req, res) => {
        res.writeHead(200, { 'x-origin': 'two' });
        res.end('two');
      });
      const own = await createProject(origin.url);
      const before = await t.proxy(own.id, '/which', { headers: { 'x-api-key': own.key } });
      // Act
      const patched = await t.api(`/projects/${own.id}`, {
        method: 'PATCH',
        apiKey: own.key,
        body: { originUrl: second.url },
      });
      // Assess
      expect(before.headers['x-origin']).toBe('one');
      expect(patched.status).toBe(200);
      const switched = await eventually(
        async () =>
          (await t.proxy(own.id, '/which', { headers: { 'x-api-key': own.key } })).headers['x-origin'] === 'two',
        1000,
      );
      expect(switched).toBe(true);
      await second.close();
    });

    it('stops serving a deleted project', async () => {
      // Prepare
      const own = await createProject(origin.url);
      // Act
      await t.api(`/projects/${own.id}`, { method: 'DELETE', apiKey: t.bootstrap.adminKey });
      // Assess
      const gone = await eventually(
        async () => (await t.proxy(own.id, '/', { headers: { 'x-api-key': own.key } })).status === 404,
        1000,
      );
      expect(gone).toBe(true);
    });
  });
});

describe('edge proxy origin timeout', () => {
  it('answers 504 JSON with the request id when the origin does not answer in time', async () => {
    // Prepare
    const hanging = await startOrigin(() => {
      // never answers
    });
    const t = await startTestServer({ originTimeoutMs: 300 });
    try {
      const created = await t.api('/projects', {
        method: 'POST',
        apiKey: t.bootstrap.adminKey,
        body: { name: 'slow', originUrl: hanging.url },
      });
      const { project, apiKey } = created.json().data;
      // Act
      const res = await t.proxy(project.id, '/slow', { headers: { 'x-api-key': apiKey.secret } });
      // Assess
      expect(res.status).toBe(504);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'origin_timeout' } });
      expect(res.json().error.requestId).toBe(res.headers['x-request-id']);
      expectEdgeHeaders(res);
    } finally {
      await hanging.close();
      await t.close();
    }
  });
});

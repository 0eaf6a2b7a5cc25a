import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../../server/app.ts';
import { listen } from '../../../server/http-util.ts';
import { eventually } from '../../helpers/http.ts';
import { startOrigin } from '../../helpers/origin.ts';
import { freshDataDir, startTestServer } from '../../helpers/test-server.ts';

describe('self-hosted server lifecycle', () => {
  it('writes bootstrap.json with mode 0600 and the documented fields on the first run', async () => {
    // Prepare
    const t = await startTestServer();
    try {
      // Act
      const file = join(t.dataDir, 'bootstrap.json');
      const written = JSON.parse(readFileSync(file, 'utf8'));
      // Assess
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(t.server.bootstrapCreated).toBe(true);
      expect(written).toMatchObject({
        projectId: 'demo',
        apiKey: expect.stringMatching(/^egk_/),
        adminKey: expect.stringMatching(/^egk_/),
        apiBaseUrl: t.server.apiBaseUrl,
        proxyUrl: `http://demo.localhost:${t.server.proxyPort}`,
      });
      expect(written.apiBaseUrl).toMatch(/\/v1$/);
      const viaProxy = await t.proxy('demo', '/hello?x=1', { headers: { 'x-api-key': written.apiKey } });
      expect(viaProxy.status).toBe(200);
      expect(viaProxy.json()).toMatchObject({ ok: true, method: 'GET', path: '/hello', query: { x: '1' } });
      expect(viaProxy.headers['cache-control']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('keeps projects, keys, policies and the bootstrap across a restart on the same data dir', async () => {
    // Prepare
    const dataDir = freshDataDir();
    const origin = await startOrigin();
    const first = await startTestServer({ dataDir });
    const created = (
      await first.api('/projects', {
        method: 'POST',
        apiKey: first.bootstrap.adminKey,
        body: { name: 'Survivor', originUrl: origin.url },
      })
    ).json().data;
    const policy = (
      await first.api('/projects/demo/alerts/policies', {
        method: 'POST',
        body: { name: 'p', metric: 'error_rate', threshold: 1, channel: 'email', channelConfig: { email: 'a@b.co' } },
      })
    ).json().data;
    await first.api('/projects/demo', { method: 'PATCH', body: { wafEnabled: true } });
    const bootstrapBefore = JSON.parse(readFileSync(join(dataDir, 'bootstrap.json'), 'utf8'));
    await first.close({ keepDataDir: true });
    try {
      // Act
      const second = await startTestServer({ dataDir });
      try {
        // Assess
        const bootstrapAfter = JSON.parse(readFileSync(join(dataDir, 'bootstrap.json'), 'utf8'));
        expect(second.server.bootstrapCreated).toBe(false);
        expect(bootstrapAfter).toMatchObject({
          projectId: bootstrapBefore.projectId,
          apiKey: bootstrapBefore.apiKey,
          adminKey: bootstrapBefore.adminKey,
          accountId: bootstrapBefore.accountId,
          apiBaseUrl: second.server.apiBaseUrl,
        });
        expect(statSync(join(dataDir, 'bootstrap.json')).mode & 0o777).toBe(0o600);
        const survivor = await second.api(`/projects/${created.project.id}`, { apiKey: created.apiKey.secret });
        expect(survivor.json().data).toMatchObject({ name: 'Survivor' });
        expect((await second.api('/projects/demo')).json().data.wafEnabled).toBe(true);
        expect((await second.api(`/projects/demo/alerts/policies/${policy.id}`)).json().data).toEqual(policy);
        const proxied = await second.proxy(created.project.id, '/after-restart', {
          headers: { 'x-api-key': created.apiKey.secret },
        });
        expect(proxied.status).toBe(200);
        // The demo project follows the demo origin's new port.
        expect((await second.proxy('demo', '/', { headers: { 'x-api-key': bootstrapAfter.apiKey } })).status).toBe(200);
      } finally {
        await second.close({ keepDataDir: true });
      }
    } finally {
      await origin.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('drains an in-flight proxied request on close: it completes with the whole body', async () => {
    // Prepare
    let release: () => void = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    const slow = await startOrigin(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first half, ');
      await released;
      res.end('second half');
    });
    const t = await startTestServer();
    const { project, apiKey } = (
      await t.api('/projects', {
        method: 'POST',
        apiKey: t.bootstrap.adminKey,
        body: { name: 's', originUrl: slow.url },
      })
    ).json().data;
    try {
      const inFlight = t.proxy(project.id, '/slow', { headers: { 'x-api-key': apiKey.secret } });
      expect(await eventually(async () => slow.hits === 1, 5000)).toBe(true);
      // Act
      let closed = false;
      const closing = t.close().then(() => {
        closed = true;
      });
      await new Promise((r) => setTimeout(r, 100));
      const closedBeforeRelease = closed;
      release();
      const res = await inFlight;
      await closing;
      // Assess
      expect(closedBeforeRelease).toBe(false);
      expect(res.status).toBe(200);
      expect(res.text).toBe('first half, second half');
    } finally {
      release();
      await slow.close();
    }
  });

  it('stops what it had started when a later start-up step fails, so the same data dir and port start again', async () => {
    // Prepare
    const dataDir = freshDataDir();
    const blocker = createServer();
    const takenPort = await listen(blocker, 0);
    const probe = createServer();
    const apiPort = await listen(probe, 0);
    await new Promise((resolve) => probe.close(resolve));
    try {
      // Act
      const failed = await startServer({
        dataDir,
        apiPort,
        proxyPort: takenPort,
        demoOriginPort: 0,
        log: () => {},
      }).then(
        () => undefined,
        (err: NodeJS.ErrnoException) => err,
      );
      const retried = await startTestServer({ dataDir, apiPort });
      try {
        // Assess
        expect(failed?.code).toBe('EADDRINUSE');
        expect(retried.server.apiUrl).toBe(`http://127.0.0.1:${apiPort}`);
        expect((await retried.api('/projects/demo')).status).toBe(200);
      } finally {
        await retried.close();
      }
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a second server on the same data dir, naming the running one, and starts again once it stopped', async () => {
    // Prepare
    const dataDir = freshDataDir();
    const first = await startTestServer({ dataDir });
    try {
      // Act
      const refused = await startServer({ dataDir, apiPort: 0, proxyPort: 0, demoOriginPort: 0, log: () => {} }).then(
        () => undefined,
        (err: Error & { code?: string }) => err,
      );
      // Assess
      expect(refused?.code).toBe('EDATADIRINUSE');
      expect(refused?.message).toContain(`pid ${process.pid}`);
      expect(refused?.message).toContain('EDGE_DATA_DIR');
      expect((await first.api('/projects/demo')).status).toBe(200);
    } finally {
      await first.close({ keepDataDir: true });
    }
    expect(existsSync(join(dataDir, 'gateway.lock'))).toBe(false);
    const again = await startTestServer({ dataDir });
    await again.close();
  });

  it('takes over the lock a crashed server left behind', async () => {
    // Prepare: a pid no process has (the kernel caps pids far below 2^31 - 1).
    const dataDir = freshDataDir();
    writeFileSync(join(dataDir, 'gateway.lock'), String(2 ** 31 - 1));
    // Act
    const t = await startTestServer({ dataDir });
    try {
      // Assess
      expect(readFileSync(join(dataDir, 'gateway.lock'), 'utf8')).toBe(String(process.pid));
      expect((await t.api('/projects/demo')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

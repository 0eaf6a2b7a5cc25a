import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrigin } from '../../helpers/origin.ts';
import { startTestServer, type TestServer } from '../../helpers/test-server.ts';

const paths = (res: { json(): { error: { details?: Array<{ path: string }> } } }) =>
  (res.json().error.details ?? []).map((d) => d.path);

describe('management API validation and account safety', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('names every bad common field of an alert policy, not only the channel', async () => {
    // Act
    const res = await t.api('/projects/demo/alerts/policies', {
      method: 'POST',
      body: { name: 'x', metric: 'nope', threshold: -1, windowMinutes: 99, channel: 'pager', channelConfig: {} },
    });

    // Assess
    expect(res.status).toBe(400);
    expect(paths(res)).toEqual(expect.arrayContaining(['metric', 'threshold', 'windowMinutes', 'channel']));
  });

  it('refuses an unknown query parameter on a list endpoint and names it', async () => {
    // Act
    const res = await t.api('/projects/demo/keys?page=1&sort=desc');

    // Assess
    expect(res.status).toBe(400);
    expect(paths(res)).toContain('sort');
  });

  it('refuses an origin URL that carries credentials', async () => {
    // Act
    const res = await t.api('/projects/demo', { method: 'PATCH', body: { originUrl: 'http://user:pw@127.0.0.1:9' } });

    // Assess
    expect(res.status).toBe(400);
    expect(paths(res)).toContain('originUrl');
  });

  it('refuses an empty PATCH of an alert policy and of a cache rule', async () => {
    // Prepare
    const policy = await t.api('/projects/demo/alerts/policies', {
      method: 'POST',
      body: {
        name: 'p',
        metric: 'waf_blocks',
        threshold: 10,
        channel: 'webhook',
        channelConfig: { url: 'https://example.com/h' },
      },
    });
    const rule = await t.api('/projects/demo/cache/rules', {
      method: 'POST',
      body: { pathPattern: '/static/**', ttlSec: 60 },
    });

    // Act
    const policyPatch = await t.api(`/projects/demo/alerts/policies/${policy.json().data.id}`, {
      method: 'PATCH',
      body: {},
    });
    const rulePatch = await t.api(`/projects/demo/cache/rules/${rule.json().data.id}`, { method: 'PATCH', body: {} });

    // Assess
    expect(policyPatch.status).toBe(400);
    expect(rulePatch.status).toBe(400);
  });

  it("will not delete the project holding the account's last live account key, but will once another exists", async () => {
    // Prepare: the bootstrap adminKey lives in the demo project.
    const admin = { apiKey: t.bootstrap.adminKey };
    const other = (
      await t.api('/projects', { method: 'POST', ...admin, body: { name: 'other', originUrl: 'http://127.0.0.1:9' } })
    ).json().data.project;

    // Act
    const refused = await t.api('/projects/demo', { method: 'DELETE', ...admin });
    await t.api(`/projects/${other.id}/keys`, {
      method: 'POST',
      ...admin,
      body: { name: 'admin-2', scope: 'account' },
    });
    const allowed = await t.api('/projects/demo', { method: 'DELETE', ...admin });

    // Assess
    expect(refused.status).toBe(409);
    expect(refused.json().error.code).toBe('conflict');
    expect(allowed.status).toBe(200);
  });
});

describe('CORS preflight at the edge proxy', () => {
  let t: TestServer;
  let origin: Awaited<ReturnType<typeof startOrigin>>;
  beforeAll(async () => {
    t = await startTestServer();
    origin = await startOrigin();
    await t.api('/projects/demo', { method: 'PATCH', body: { originUrl: origin.url } });
  });
  afterAll(async () => {
    await t.close();
    await origin.close();
  });

  it('lets a preflight without a key through to the origin, which owns the CORS policy', async () => {
    // Prepare
    const before = origin.hits;

    // Act
    const res = await t.proxy('demo', '/v1/orders', {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
    });

    // Assess
    expect(res.status).toBe(200);
    expect(origin.hits).toBe(before + 1);
  });

  it('still asks a plain OPTIONS request without a key for one', async () => {
    // Act
    const res = await t.proxy('demo', '/v1/orders', { method: 'OPTIONS' });

    // Assess
    expect(res.status).toBe(401);
  });
});

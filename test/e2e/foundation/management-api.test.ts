import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../../lambdas/api/routes.ts';
import { eventually } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/test-server.ts';

const slackPolicy = {
  name: 'WAF spike',
  metric: 'waf_blocks',
  threshold: 100,
  channel: 'slack',
  channelConfig: { webhookUrl: 'https://hooks.slack.com/services/T000/B000/XXXX' },
};

describe('management API over real HTTP', () => {
  let t: TestServer;
  let demo: string;
  let admin: string;
  /** A second project of the same account, created with the account key. */
  let projectB: { id: string; key: string };

  beforeAll(async () => {
    t = await startTestServer();
    demo = t.bootstrap.projectId;
    admin = t.bootstrap.adminKey;
    const res = await t.api('/projects', {
      method: 'POST',
      apiKey: admin,
      body: { name: 'Project B', originUrl: 'http://127.0.0.1:9/api' },
    });
    expect(res.status).toBe(200);
    const data = res.json().data;
    projectB = { id: data.project.id, key: data.apiKey.secret };
  });
  afterAll(async () => {
    await t.close();
  });

  describe('conventions', () => {
    it('wraps success as {success, data} with JSON content type and a request id', async () => {
      // Act
      const res = await t.api(`/projects/${demo}`);
      // Assess
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-request-id']).toMatch(/^req_/);
      expect(res.json()).toEqual({ success: true, data: expect.objectContaining({ id: demo, plan: 'pro' }) });
    });

    it('answers health without credentials', async () => {
      // Act
      const res = await t.api('/health', { apiKey: null });
      // Assess
      expect(res.status).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: { status: 'ok' } });
    });

    it('answers 401 unauthorized without credentials and with an unknown key', async () => {
      // Act
      const none = await t.api(`/projects/${demo}`, { apiKey: null });
      const wrong = await t.api(`/projects/${demo}`, { apiKey: 'egk_not_a_real_key' });
      // Assess
      for (const res of [none, wrong]) {
        expect(res.status).toBe(401);
        expect(res.json()).toMatchObject({ success: false, error: { code: 'unauthorized' } });
        expect(res.json().error.requestId).toBe(res.headers['x-request-id']);
      }
    });

    it('answers 400 validation_error for malformed JSON', async () => {
      // Act
      const res = await t.api(`/projects/${demo}`, {
        method: 'PATCH',
        body: '{"wafEnabled": tru',
        headers: { 'content-type': 'application/json' },
      });
      // Assess
      expect(res.status).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    });

    it('answers 415 for a body that is not JSON', async () => {
      // Act
      const res = await t.api(`/projects/${demo}`, {
        method: 'PATCH',
        body: 'wafEnabled=true',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      // Assess
      expect(res.status).toBe(415);
      expect(res.json().error.code).toBe('unsupported_media_type');
    });

    it('answers 413 for a body over 1 MB and leaves the project unchanged', async () => {
      // Prepare
      const before = (await t.api(`/projects/${demo}`)).json().data;
      const huge = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) });
      // Act
      const res = await t.api(`/projects/${demo}`, {
        method: 'PATCH',
        body: huge,
        headers: { 'content-type': 'application/json' },
      });
      // Assess
      expect(res.status).toBe(413);
      expect(res.json().error.code).toBe('payload_too_large');
      expect((await t.api(`/projects/${demo}`)).json().data).toEqual(before);
    });

    it('answers 400 naming every unknown field', async () => {
      // Act
      const res = await t.api(`/projects/${demo}`, {
        method: 'PATCH',
        body: { wafEnabled: true, colour: 'blue', shape: 'round' },
      });
      // Assess
      expect(res.status).toBe(400);
      const paths = res.json().error.details.map((d: { path: string }) => d.path);
      expect(paths).toEqual(expect.arrayContaining(['colour', 'shape']));
    });

    it('answers 405 with Allow for a known path and a wrong method', async () => {
      // Act
      const res = await t.api('/projects', { method: 'PUT', body: {} });
      // Assess
      expect(res.status).toBe(405);
      expect(res.headers.allow).toContain('POST');
      expect(res.headers.allow).toContain('GET');
    });

    it('answers 404 not_found for an unknown route', async () => {
      // Act
      const res = await t.api('/nothing-here');
      // Assess
      expect(res.status).toBe(404);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'not_found' } });
    });

    it('pages lists with meta {page, limit, total} and rejects limit over 100', async () => {
      // Act
      const first = await t.api('/projects?page=1&limit=1', { apiKey: admin });
      const second = await t.api('/projects?page=2&limit=1', { apiKey: admin });
      const tooMany = await t.api('/projects?limit=101', { apiKey: admin });
      // Assess
      expect(first.json().meta).toEqual({ page: 1, limit: 1, total: 2 });
      expect(second.json().meta).toEqual({ page: 2, limit: 1, total: 2 });
      expect([first.json().data[0].id, second.json().data[0].id].sort()).toEqual([demo, projectB.id].sort());
      expect(tooMany.status).toBe(400);
      expect(tooMany.json().error.details[0].path).toContain('limit');
    });

    it('serves an OpenAPI 3.1 document listing every route with its method', async () => {
      // Act
      const res = await t.api('/openapi.json', { apiKey: null });
      // Assess
      expect(res.status).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.info.title).toEqual(expect.any(String));
      expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKey', 'bearer']);
      for (const r of ROUTES)
        expect(doc.paths[r.path]?.[r.method.toLowerCase()], `${r.method} ${r.path}`).toBeDefined();
      const patch = doc.paths['/v1/projects/{projectId}'].patch;
      expect(Object.keys(patch.requestBody.content['application/json'].schema.properties)).toEqual(
        expect.arrayContaining(['wafEnabled', 'cacheEnabled']),
      );
    });
  });

  describe('projects', () => {
    it('PATCH with wafEnabled answers exactly {id, wafEnabled} (SPEC endpoint 1)', async () => {
      // Act
      const res = await t.api(`/projects/${demo}`, { method: 'PATCH', body: { wafEnabled: true } });
      // Assess
      expect(res.status).toBe(200);
      expect(res.json()).toEqual({ success: true, data: { id: demo, wafEnabled: true } });
    });

    it('PATCH with both flags answers exactly {id, wafEnabled, cacheEnabled} and they persist', async () => {
      // Act
      const res = await t.api(`/projects/${demo}`, {
        method: 'PATCH',
        body: { wafEnabled: false, cacheEnabled: true },
      });
      // Assess
      expect(res.json().data).toEqual({ id: demo, wafEnabled: false, cacheEnabled: true });
      expect((await t.api(`/projects/${demo}`)).json().data).toMatchObject({ wafEnabled: false, cacheEnabled: true });
    });

    it('changes name and origin URL with a project key, rejecting an origin that is not http(s)', async () => {
      // Act
      const ok = await t.api(`/projects/${projectB.id}`, {
        method: 'PATCH',
        apiKey: projectB.key,
        body: { name: 'Renamed B', originUrl: 'https://api.example.com/v2' },
      });
      const bad = await t.api(`/projects/${projectB.id}`, {
        method: 'PATCH',
        apiKey: projectB.key,
        body: { originUrl: 'ftp://example.com' },
      });
      // Assess
      expect(ok.json().data).toEqual({ id: projectB.id, name: 'Renamed B', originUrl: 'https://api.example.com/v2' });
      expect(bad.status).toBe(400);
      expect(bad.json().error.details[0].path).toBe('originUrl');
    });

    it('changes the plan only with an account key: a project key gets 403 forbidden', async () => {
      // Act
      const denied = await t.api(`/projects/${projectB.id}`, {
        method: 'PATCH',
        apiKey: projectB.key,
        body: { plan: 'enterprise' },
      });
      const allowed = await t.api(`/projects/${projectB.id}`, {
        method: 'PATCH',
        apiKey: admin,
        body: { plan: 'pro' },
      });
      // Assess
      expect(denied.status).toBe(403);
      expect(denied.json().error.code).toBe('forbidden');
      expect(allowed.json().data).toEqual({ id: projectB.id, plan: 'pro' });
    });

    it('rejects an empty PATCH with 400', async () => {
      const res = await t.api(`/projects/${demo}`, { method: 'PATCH', body: {} });
      expect(res.status).toBe(400);
    });

    it('answers the same 404 for an unknown project and another project of the account', async () => {
      // Act
      const foreign = await t.api(`/projects/${projectB.id}`, { apiKey: t.bootstrap.apiKey });
      const unknown = await t.api('/projects/p-does-not-exist', { apiKey: t.bootstrap.apiKey });
      const foreignPatch = await t.api(`/projects/${projectB.id}`, { method: 'PATCH', body: { wafEnabled: true } });
      // Assess
      const strip = (body: { error: Record<string, unknown> }) => ({
        ...body,
        error: { ...body.error, requestId: '' },
      });
      expect(foreign.status).toBe(404);
      expect(unknown.status).toBe(404);
      expect(foreignPatch.status).toBe(404);
      expect(strip(foreign.json())).toEqual(strip(unknown.json()));
      expect(strip(foreignPatch.json())).toEqual(strip(unknown.json()));
      expect((await t.api(`/projects/${projectB.id}`, { apiKey: admin })).json().data.wafEnabled).toBe(false);
    });

    it('refuses project creation to a project key with 403', async () => {
      // Act
      const res = await t.api('/projects', { method: 'POST', body: { name: 'X', originUrl: 'http://127.0.0.1:9' } });
      // Assess
      expect(res.status).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    });

    it('creates, lists, gets and deletes a project with the account key; its key dies with it', async () => {
      // Act
      const created = await t.api('/projects', {
        method: 'POST',
        apiKey: admin,
        body: { name: 'Temp', originUrl: 'http://127.0.0.1:9', wafEnabled: true },
      });
      const { project, apiKey } = created.json().data;
      const listed = await t.api('/projects?limit=100', { apiKey: admin });
      const got = await t.api(`/projects/${project.id}`, { apiKey: apiKey.secret });
      const deleted = await t.api(`/projects/${project.id}`, { method: 'DELETE', apiKey: admin });
      const gone = await t.api(`/projects/${project.id}`, { apiKey: admin });
      const keyAfter = await t.api(`/projects/${project.id}`, { apiKey: apiKey.secret });
      // Assess
      expect(created.status).toBe(200);
      expect(project).toMatchObject({ name: 'Temp', plan: 'free', wafEnabled: true, cacheEnabled: false });
      expect(apiKey.secret).toMatch(/^egk_/);
      expect(listed.json().data.map((p: { id: string }) => p.id)).toContain(project.id);
      expect(got.json().data.id).toBe(project.id);
      expect(deleted.json().data).toEqual({ id: project.id, deleted: true });
      expect(gone.status).toBe(404);
      expect(keyAfter.status).toBe(401);
    });

    it('lets a project key list only its own project', async () => {
      const res = await t.api('/projects', { apiKey: projectB.key });
      expect(res.json().data.map((p: { id: string }) => p.id)).toEqual([projectB.id]);
      expect(res.json().meta.total).toBe(1);
    });
  });

  describe('API keys', () => {
    it('shows the secret once at creation and never in the list', async () => {
      // Act
      const created = await t.api(`/projects/${demo}/keys`, { method: 'POST', body: { name: 'ci' } });
      const listed = await t.api(`/projects/${demo}/keys?limit=100`);
      // Assess
      const key = created.json().data;
      expect(key).toMatchObject({ name: 'ci', scope: 'project', status: 'active', projectId: demo });
      expect(key.secret.startsWith(key.prefix)).toBe(true);
      expect(listed.text).not.toContain(key.secret);
      const entry = listed.json().data.find((k: { keyId: string }) => k.keyId === key.keyId);
      expect(entry).toMatchObject({ prefix: key.prefix, createdAt: key.createdAt, status: 'active' });
      expect(entry).not.toHaveProperty('secret');
    });

    it('refuses an account-scoped key to a project credential', async () => {
      const res = await t.api(`/projects/${demo}/keys`, { method: 'POST', body: { scope: 'account' } });
      expect(res.status).toBe(403);
    });

    it('revokes a key: it stops working at the API at once and at the proxy within the key cache time', async () => {
      // Prepare
      const secret = (await t.api(`/projects/${demo}/keys`, { method: 'POST', body: { name: 'doomed' } })).json().data;
      expect((await t.proxy(demo, '/ping', { headers: { 'x-api-key': secret.secret } })).status).toBe(200);
      // Act
      const revoked = await t.api(`/projects/${demo}/keys/${secret.keyId}`, { method: 'DELETE' });
      // Assess
      expect(revoked.json().data).toMatchObject({ keyId: secret.keyId, status: 'revoked' });
      expect((await t.api(`/projects/${demo}`, { apiKey: secret.secret })).status).toBe(401);
      const rejected = await eventually(
        async () => (await t.proxy(demo, '/ping', { headers: { 'x-api-key': secret.secret } })).status === 401,
        2500,
      );
      expect(rejected).toBe(true);
    });

    it('rotates a key: the new secret works at once and the old one keeps working during the grace period', async () => {
      // Prepare
      const old = (await t.api(`/projects/${demo}/keys`, { method: 'POST', body: { name: 'deploy' } })).json().data;
      // Act
      const res = await t.api(`/projects/${demo}/keys/${old.keyId}/rotate`, {
        method: 'POST',
        body: { gracePeriodSec: 600 },
      });
      // Assess
      const { newKey, oldKey } = res.json().data;
      expect(newKey).toMatchObject({ name: 'deploy', status: 'active' });
      expect(newKey.secret).not.toBe(old.secret);
      expect(oldKey).toMatchObject({ keyId: old.keyId, status: 'active', rotatedTo: newKey.keyId });
      expect((await t.api(`/projects/${demo}`, { apiKey: newKey.secret })).status).toBe(200);
      expect((await t.api(`/projects/${demo}`, { apiKey: old.secret })).status).toBe(200);
      expect((await t.proxy(demo, '/r', { headers: { 'x-api-key': newKey.secret } })).status).toBe(200);
      expect((await t.proxy(demo, '/r', { headers: { 'x-api-key': old.secret } })).status).toBe(200);
    });

    it('rotates without grace: the old key is refused at once', async () => {
      // Prepare
      const old = (await t.api(`/projects/${demo}/keys`, { method: 'POST', body: {} })).json().data;
      // Act
      const res = await t.api(`/projects/${demo}/keys/${old.keyId}/rotate`, { method: 'POST', body: {} });
      // Assess
      expect(res.json().data.oldKey.status).toBe('revoked');
      expect((await t.api(`/projects/${demo}`, { apiKey: old.secret })).status).toBe(401);
    });

    it('does not let project A’s key manage project B’s keys', async () => {
      const res = await t.api(`/projects/${projectB.id}/keys`);
      expect(res.status).toBe(404);
    });
  });

  describe('sessions', () => {
    const exchange = async (apiKey = t.bootstrap.apiKey) =>
      (await t.api('/sessions', { method: 'POST', apiKey, body: { ttlSec: 600 } })).json().data;

    it('exchanges a live key for an expiring Bearer token that works without the key', async () => {
      // Act
      const session = await exchange();
      const res = await t.api(`/projects/${demo}`, { apiKey: null, bearer: session.token });
      // Assess
      expect(session).toMatchObject({ tokenType: 'Bearer', projectId: demo, scope: 'project' });
      const ttlMs = Date.parse(session.expiresAt) - Date.now();
      expect(ttlMs).toBeGreaterThan(500_000);
      expect(ttlMs).toBeLessThanOrEqual(600_000);
      expect(res.status).toBe(200);
    });

    it('lets the Bearer token win over x-api-key: a revoked session with a valid key is 401', async () => {
      // Prepare
      const session = await exchange();
      await t.api('/sessions/current', { method: 'DELETE', apiKey: null, bearer: session.token });
      // Act
      const both = await t.api(`/projects/${demo}`, { bearer: session.token });
      // Assess
      expect(both.status).toBe(401);
      expect((await t.api(`/projects/${demo}`)).status).toBe(200);
    });

    it('uses the session’s identity, not the key’s, when both are sent', async () => {
      // Prepare
      const sessionB = await exchange(projectB.key);
      // Act
      const res = await t.api(`/projects/${projectB.id}`, { apiKey: t.bootstrap.apiKey, bearer: sessionB.token });
      // Assess
      expect(res.status).toBe(200);
    });

    it('revokes the current session: the token is refused afterwards', async () => {
      // Prepare
      const session = await exchange();
      // Act
      const revoked = await t.api('/sessions/current', { method: 'DELETE', apiKey: null, bearer: session.token });
      const after = await t.api(`/projects/${demo}`, { apiKey: null, bearer: session.token });
      // Assess
      expect(revoked.json().data).toEqual({ revoked: true });
      expect(after.status).toBe(401);
    });

    it('refuses a malformed Authorization header and an unknown token with 401', async () => {
      const malformed = await t.api(`/projects/${demo}`, { apiKey: null, headers: { authorization: 'Basic abc' } });
      const unknown = await t.api(`/projects/${demo}`, { apiKey: null, bearer: 'egs_unknown' });
      expect([malformed.status, unknown.status]).toEqual([401, 401]);
    });

    it('refuses to mint a session from a session, and from a revoked key', async () => {
      // Prepare
      const session = await exchange();
      // Act
      const fromSession = await t.api('/sessions', { method: 'POST', apiKey: null, bearer: session.token, body: {} });
      // Assess
      expect(fromSession.status).toBe(401);
    });

    it('ends a session when the key it came from is revoked', async () => {
      // Prepare
      const key = (await t.api(`/projects/${demo}/keys`, { method: 'POST', body: {} })).json().data;
      const session = await exchange(key.secret);
      // Act
      await t.api(`/projects/${demo}/keys/${key.keyId}`, { method: 'DELETE' });
      // Assess
      expect((await t.api(`/projects/${demo}`, { apiKey: null, bearer: session.token })).status).toBe(401);
    });
  });

  describe('alert policies', () => {
    const base = () => `/projects/${demo}/alerts/policies`;

    it('creates a policy (SPEC endpoint 9) with windowMinutes defaulting to 5 and isEnabled to true', async () => {
      // Act
      const res = await t.api(base(), { method: 'POST', body: slackPolicy });
      // Assess
      expect(res.status).toBe(200);
      expect(res.json().data).toMatchObject({ ...slackPolicy, windowMinutes: 5, isEnabled: true, projectId: demo });
      expect(res.json().data.id).toEqual(expect.any(String));
    });

    it.each([
      ['an unknown metric', { metric: 'cpu' }, 'metric'],
      ['an unknown channel', { channel: 'pager', channelConfig: {} }, 'channel'],
      [
        'a slack webhook over http',
        { channelConfig: { webhookUrl: 'http://hooks.slack.com/x' } },
        'channelConfig.webhookUrl',
      ],
      [
        'an email channel without an address',
        { channel: 'email', channelConfig: { email: 'nope' } },
        'channelConfig.email',
      ],
      ['a webhook that is not a URL', { channel: 'webhook', channelConfig: { url: 'not a url' } }, 'channelConfig.url'],
      ['windowMinutes 0', { windowMinutes: 0 }, 'windowMinutes'],
      ['windowMinutes 61', { windowMinutes: 61 }, 'windowMinutes'],
      ['an unknown field', { severity: 'high' }, 'severity'],
    ])('rejects %s with 400 naming the field', async (_what, override, path) => {
      // Act
      const res = await t.api(base(), { method: 'POST', body: { ...slackPolicy, ...override } });
      // Assess
      expect(res.status).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
      expect(
        res
          .json()
          .error.details.map((d: { path: string }) => d.path)
          .join(' '),
      ).toContain(path);
    });

    it('accepts the email and webhook channels and windowMinutes at both bounds', async () => {
      const email = await t.api(base(), {
        method: 'POST',
        body: { ...slackPolicy, channel: 'email', channelConfig: { email: 'ops@example.com' }, windowMinutes: 1 },
      });
      const webhook = await t.api(base(), {
        method: 'POST',
        body: {
          ...slackPolicy,
          channel: 'webhook',
          channelConfig: { url: 'http://127.0.0.1:9/hook' },
          windowMinutes: 60,
        },
      });
      expect([email.status, webhook.status]).toEqual([200, 200]);
    });

    it('gets, lists, updates (validating the merged policy) and deletes a policy', async () => {
      // Prepare
      const created = (await t.api(base(), { method: 'POST', body: slackPolicy })).json().data;
      // Act
      const got = await t.api(`${base()}/${created.id}`);
      const listed = await t.api(`${base()}?limit=100`);
      const updated = await t.api(`${base()}/${created.id}`, {
        method: 'PATCH',
        body: { threshold: 5, windowMinutes: 15 },
      });
      const badSwitch = await t.api(`${base()}/${created.id}`, { method: 'PATCH', body: { channel: 'email' } });
      const deleted = await t.api(`${base()}/${created.id}`, { method: 'DELETE' });
      const gone = await t.api(`${base()}/${created.id}`);
      // Assess
      expect(got.json().data).toEqual(created);
      expect(listed.json().data.map((p: { id: string }) => p.id)).toContain(created.id);
      expect(listed.json().meta).toMatchObject({ page: 1, limit: 100 });
      expect(updated.json().data).toMatchObject({
        id: created.id,
        threshold: 5,
        windowMinutes: 15,
        createdAt: created.createdAt,
      });
      expect(badSwitch.status).toBe(400);
      expect(deleted.json().data).toEqual({ id: created.id, deleted: true });
      expect(gone.status).toBe(404);
    });

    it('hides another project’s policies behind the same 404', async () => {
      // Prepare
      const bPolicy = (
        await t.api(`/projects/${projectB.id}/alerts/policies`, {
          method: 'POST',
          apiKey: projectB.key,
          body: slackPolicy,
        })
      ).json().data;
      // Act
      const res = await t.api(`/projects/${projectB.id}/alerts/policies/${bPolicy.id}`);
      // Assess
      expect(res.status).toBe(404);
      expect(res.json().error.message).toBe('Project not found');
    });
  });
});

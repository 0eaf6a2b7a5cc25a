import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/test-server.ts';

describe('account keys seen from a project key', () => {
  let t: TestServer;
  let adminKeyId: string;

  beforeAll(async () => {
    t = await startTestServer();
    const keys = (await t.api(`/projects/${t.bootstrap.projectId}/keys`)).json().data as {
      keyId: string;
      scope: string;
    }[];
    adminKeyId = keys.find((k) => k.scope === 'account')!.keyId;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses to rotate the account key with a project key, so no account secret is handed out', async () => {
    // Act
    const res = await t.api(`/projects/${t.bootstrap.projectId}/keys/${adminKeyId}/rotate`, {
      method: 'POST',
      body: {},
    });
    // Assess
    expect(res.status).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    expect(res.body.toString()).not.toContain('"secret"');
    const stillAdmin = await t.api('/projects', { apiKey: t.bootstrap.adminKey });
    expect(stillAdmin.status).toBe(200);
  });

  it('refuses to revoke the account key with a project key', async () => {
    // Act
    const res = await t.api(`/projects/${t.bootstrap.projectId}/keys/${adminKeyId}`, { method: 'DELETE' });
    // Assess
    expect(res.status).toBe(403);
    const stillAdmin = await t.api('/projects', { apiKey: t.bootstrap.adminKey });
    expect(stillAdmin.status).toBe(200);
  });

  it('still lets the account key rotate itself', async () => {
    // Act
    const res = await t.api(`/projects/${t.bootstrap.projectId}/keys/${adminKeyId}/rotate`, {
      method: 'POST',
      apiKey: t.bootstrap.adminKey,
      body: { gracePeriodSec: 60 },
    });
    // Assess
    expect(res.status).toBe(200);
    expect(res.json().data.newKey).toMatchObject({ scope: 'account', secret: expect.stringMatching(/^egk_/) });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/test-server.ts';

describe('deleting a project', () => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a project-scoped key, which would otherwise wipe the account key stored in the demo project', async () => {
    // Act
    const res = await t.api(`/projects/${t.bootstrap.projectId}`, { method: 'DELETE' });
    // Assess
    expect(res.status).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    expect((await t.api(`/projects/${t.bootstrap.projectId}`)).status).toBe(200);
    expect((await t.api('/projects', { apiKey: t.bootstrap.adminKey })).status).toBe(200);
  });

  it('lets the account key delete a project it created', async () => {
    // Prepare
    const created = (
      await t.api('/projects', {
        method: 'POST',
        apiKey: t.bootstrap.adminKey,
        body: { name: 'Short-lived', originUrl: 'http://127.0.0.1:9' },
      })
    ).json().data;
    // Act
    const res = await t.api(`/projects/${created.project.id}`, { method: 'DELETE', apiKey: t.bootstrap.adminKey });
    // Assess
    expect(res.status).toBe(200);
    expect((await t.api(`/projects/${created.project.id}`, { apiKey: t.bootstrap.adminKey })).status).toBe(404);
  });
});

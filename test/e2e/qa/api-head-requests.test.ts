import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/test-server.ts';

describe('HEAD requests to the management API', () => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers HEAD on a GET route with the GET status and headers and no body', async () => {
    // Act
    const head = await t.api(`/projects/${t.bootstrap.projectId}`, { method: 'HEAD' });
    const health = await t.api('/health', { method: 'HEAD', apiKey: null });
    // Assess
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toMatch(/^application\/json/);
    expect(head.body.length).toBe(0);
    expect(health.status).toBe(200);
  });

  it('keeps the credential check on HEAD', async () => {
    // Act
    const res = await t.api(`/projects/${t.bootstrap.projectId}`, { method: 'HEAD', apiKey: null });
    // Assess
    expect(res.status).toBe(401);
  });

  it('lists HEAD in Allow wherever GET is allowed', async () => {
    // Act
    const res = await t.api(`/projects/${t.bootstrap.projectId}`, { method: 'PUT', body: {} });
    // Assess
    expect(res.status).toBe(405);
    expect(res.headers.allow?.split(', ')).toEqual(expect.arrayContaining(['GET', 'HEAD']));
  });
});

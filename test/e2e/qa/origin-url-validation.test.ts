import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/test-server.ts';

describe('originUrl validation', () => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['http://', 'not a url', 'https://exa mple.com'])(
    'answers 400 validation_error naming originUrl for %j, not a 500',
    async (originUrl) => {
      // Act
      const created = await t.api('/projects', {
        method: 'POST',
        apiKey: t.bootstrap.adminKey,
        body: { name: 'Bad origin', originUrl },
      });
      const patched = await t.api(`/projects/${t.bootstrap.projectId}`, { method: 'PATCH', body: { originUrl } });
      // Assess
      for (const res of [created, patched]) {
        expect(res.status).toBe(400);
        expect(res.json().error).toMatchObject({
          code: 'validation_error',
          details: [{ path: 'originUrl', message: 'must be an http(s) URL' }],
        });
      }
    },
  );
});

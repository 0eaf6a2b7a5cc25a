import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/test-server.ts';

describe('POST /v1/sessions with a Bearer token instead of a key', () => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('says that an x-api-key is needed rather than that no credential was sent', async () => {
    // Prepare
    const token = (await t.api('/sessions', { method: 'POST' })).json().data.token as string;
    // Act
    const res = await t.api('/sessions', { method: 'POST', apiKey: null, bearer: token });
    // Assess
    expect(res.status).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'unauthorized', message: expect.stringContaining('x-api-key') });
    expect(res.json().error.message).toMatch(/Bearer session is not accepted/);
  });
});

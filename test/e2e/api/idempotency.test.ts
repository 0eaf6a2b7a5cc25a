import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/test-server.ts';

describe('Idempotency-Key on POST', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  const createProject = (name: string, key: string) =>
    t.api('/projects', {
      method: 'POST',
      apiKey: t.bootstrap.adminKey,
      headers: { 'idempotency-key': key },
      body: { name, originUrl: 'http://127.0.0.1:9' },
    });

  it('answers a retried create with the first response and creates one project', async () => {
    // Prepare
    const before = (await t.api('/projects', { apiKey: t.bootstrap.adminKey })).json().meta.total;

    // Act
    const first = await createProject('retried', 'retry-1');
    const second = await createProject('retried', 'retry-1');

    // Assess
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data.project.id).toBe(first.json().data.project.id);
    const after = (await t.api('/projects', { apiKey: t.bootstrap.adminKey })).json().meta.total;
    expect(after).toBe(before + 1);
  });

  it('refuses the same key with a different body as a conflict', async () => {
    // Prepare
    await createProject('one', 'retry-2');

    // Act
    const reused = await createProject('another', 'retry-2');

    // Assess
    expect(reused.status).toBe(409);
    expect(reused.json().error.code).toBe('conflict');
  });

  it('treats the same key from another credential as a different request', async () => {
    // Prepare
    const created = (await createProject('scoped', 'retry-3')).json().data;

    // Act
    const other = await t.api('/projects', {
      method: 'POST',
      apiKey: created.apiKey.secret,
      headers: { 'idempotency-key': 'retry-3' },
      body: { name: 'scoped', originUrl: 'http://127.0.0.1:9' },
    });

    // Assess: the project key may not create projects, so it gets its own answer, not the replay.
    expect(other.status).toBe(403);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
  });
});

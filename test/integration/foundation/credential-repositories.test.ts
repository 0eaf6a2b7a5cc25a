import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../../../lambdas/core/errors.ts';
import { sha256Hex } from '../../../lambdas/core/ids.ts';
import { hashApiKey, KEY_PREFIX } from '../../../lambdas/data/api-key-repository.ts';
import { SESSION_PREFIX } from '../../../lambdas/data/session-repository.ts';
import { startDynalite, type TestDynamo } from '../../helpers/dynalite.ts';

const T0 = new Date('2026-03-01T12:00:00.000Z');

describe('ApiKeyRepository against dynalite', () => {
  let db: TestDynamo;
  let clock = T0;
  beforeAll(async () => {
    db = await startDynalite({ now: () => clock });
    await db.repos.projects.create(
      { id: 'p-keys', accountId: 'a1', name: 'A', originUrl: 'http://127.0.0.1:9', plan: 'free' },
      T0.toISOString(),
    );
    await db.repos.projects.create(
      { id: 'p-other', accountId: 'a1', name: 'B', originUrl: 'http://127.0.0.1:9', plan: 'free' },
      T0.toISOString(),
    );
  });
  afterAll(async () => {
    await db.close();
  });
  const create = (projectId = 'p-keys') =>
    db.repos.apiKeys.create({ projectId, accountId: 'a1', name: 'ci', scope: 'project' }, T0.toISOString());

  it('returns the secret once and stores only its SHA-256 hash: the plaintext is nowhere in the table', async () => {
    // Act
    const { record, secret } = await create();
    // Assess
    expect(secret.startsWith(KEY_PREFIX)).toBe(true);
    expect(secret.startsWith(record.prefix)).toBe(true);
    expect(record.prefix.length).toBeLessThan(secret.length / 2);
    const dump = JSON.stringify(await db.scan());
    expect(dump).not.toContain(secret);
    expect(dump).toContain(hashApiKey(secret));
    expect(await db.repos.apiKeys.get('p-keys', record.keyId)).not.toHaveProperty('secret');
  });

  it('finds a key by the hash of its secret, and nothing for an unknown hash', async () => {
    // Prepare
    const { record, secret } = await create();
    // Act
    const found = await db.repos.apiKeys.findByHash(hashApiKey(secret));
    const missing = await db.repos.apiKeys.findByHash(hashApiKey(`${secret}x`));
    // Assess
    expect(found).toEqual(record);
    expect(missing).toBeUndefined();
  });

  it('verifies a live key for its own project only', async () => {
    // Prepare
    const { record, secret } = await create();
    // Act
    const own = await db.repos.apiKeys.verify('p-keys', secret);
    const foreign = await db.repos.apiKeys.verify('p-other', secret);
    const garbage = await db.repos.apiKeys.verify('p-keys', 'not-a-key');
    // Assess
    expect(own).toEqual({ keyId: record.keyId });
    expect(foreign).toBeUndefined();
    expect(garbage).toBeUndefined();
  });

  it('stops verifying a key revoked now, and a second revoke keeps the first instant', async () => {
    // Prepare
    const { record, secret } = await create();
    // Act
    const revoked = await db.repos.apiKeys.revoke('p-keys', record.keyId, T0.toISOString());
    const again = await db.repos.apiKeys.revoke('p-keys', record.keyId, '2030-01-01T00:00:00.000Z');
    // Assess
    expect(revoked.revokedAt).toBe(T0.toISOString());
    expect(again.revokedAt).toBe(T0.toISOString());
    expect(await db.repos.apiKeys.verify('p-keys', secret)).toBeUndefined();
  });

  it('keeps a key working until a future revocation instant (rotation grace), then rejects it', async () => {
    // Prepare
    const { record, secret } = await create();
    const graceEnd = new Date(T0.getTime() + 60_000).toISOString();
    // Act
    await db.repos.apiKeys.revoke('p-keys', record.keyId, graceEnd, 'k_successor');
    const during = await db.repos.apiKeys.verify('p-keys', secret);
    clock = new Date(T0.getTime() + 60_000);
    const after = await db.repos.apiKeys.verify('p-keys', secret);
    clock = T0;
    // Assess
    expect(during).toEqual({ keyId: record.keyId });
    expect(after).toBeUndefined();
    expect(await db.repos.apiKeys.get('p-keys', record.keyId)).toMatchObject({ rotatedTo: 'k_successor' });
  });

  it('answers NotFoundError when revoking a key that does not exist, without creating it', async () => {
    // Act
    const revoke = db.repos.apiKeys.revoke('p-keys', 'k_missing', T0.toISOString());
    // Assess
    await expect(revoke).rejects.toBeInstanceOf(NotFoundError);
    expect(await db.repos.apiKeys.get('p-keys', 'k_missing')).toBeUndefined();
  });

  it('lists a project’s keys oldest first, never another project’s', async () => {
    // Prepare
    const other = await create('p-other');
    // Act
    const list = await db.repos.apiKeys.list('p-keys');
    // Assess
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((k) => k.projectId === 'p-keys')).toBe(true);
    expect(list.map((k) => k.keyId)).not.toContain(other.record.keyId);
    expect([...list].sort((a, b) => a.createdAt.localeCompare(b.createdAt))).toEqual(list);
  });
});

describe('SessionRepository against dynalite', () => {
  let db: TestDynamo;
  beforeAll(async () => {
    db = await startDynalite();
  });
  afterAll(async () => {
    await db.close();
  });
  const principal = { projectId: 'p1', accountId: 'a1', keyId: 'k1', scope: 'project' as const };

  it('creates a session whose token is stored only as a hash and is found again by the token', async () => {
    // Act
    const { record, token } = await db.repos.sessions.create(principal, T0, 3600);
    const found = await db.repos.sessions.findByToken(token);
    // Assess
    expect(token.startsWith(SESSION_PREFIX)).toBe(true);
    expect(record.expiresAt).toBe(new Date(T0.getTime() + 3_600_000).toISOString());
    expect(found).toEqual(record);
    const dump = JSON.stringify(await db.scan());
    expect(dump).not.toContain(token);
    expect(dump).toContain(sha256Hex(token));
  });

  it('stores the DynamoDB TTL attribute as epoch seconds at the expiry instant', async () => {
    // Act
    const { token } = await db.repos.sessions.create(principal, T0, 120);
    // Assess
    const raw = (await db.scan()).find((i) => i.pk === `SESSION#${sha256Hex(token)}`);
    expect(raw?.expiresAt).toBe(T0.getTime() / 1000 + 120);
  });

  it('finds nothing for an unknown, malformed or overlong token', async () => {
    expect(await db.repos.sessions.findByToken(`${SESSION_PREFIX}unknown`)).toBeUndefined();
    expect(await db.repos.sessions.findByToken('egk_looks_like_a_key')).toBeUndefined();
    expect(await db.repos.sessions.findByToken(`${SESSION_PREFIX}${'x'.repeat(300)}`)).toBeUndefined();
  });

  it('records the revocation instant once, and refuses to revoke an unknown token', async () => {
    // Prepare
    const { token } = await db.repos.sessions.create(principal, T0, 3600);
    // Act
    await db.repos.sessions.revoke(token, '2026-03-01T12:01:00.000Z');
    await db.repos.sessions.revoke(token, '2026-03-01T12:05:00.000Z');
    const unknown = db.repos.sessions.revoke(`${SESSION_PREFIX}unknown`, '2026-03-01T12:05:00.000Z');
    // Assess
    await expect(unknown).rejects.toThrow();
    expect((await db.repos.sessions.findByToken(token))?.revokedAt).toBe('2026-03-01T12:01:00.000Z');
    expect(await db.repos.sessions.findByToken(`${SESSION_PREFIX}unknown`)).toBeUndefined();
  });
});

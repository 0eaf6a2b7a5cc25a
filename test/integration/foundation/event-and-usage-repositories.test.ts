import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecurityEvent } from '../../../lambdas/core/pipeline/types.ts';
import { usageMonth } from '../../../lambdas/data/usage-repository.ts';
import { startDynalite, type TestDynamo } from '../../helpers/dynalite.ts';

function event(projectId: string, id: string, timestamp: string, over: Partial<SecurityEvent> = {}): SecurityEvent {
  return {
    id,
    projectId,
    requestId: `req_${id}`,
    timestamp,
    ip: '198.51.100.7',
    country: 'US',
    path: '/login',
    method: 'POST',
    action: 'block',
    threatType: 'sqli',
    userAgent: 'curl/8',
    reason: 'anomaly score 80',
    ruleIds: ['942100'],
    ...over,
  };
}

describe('WafEventRepository against dynalite', () => {
  let db: TestDynamo;
  // Recent timestamps, so the 30-day retention filter keeps them.
  const base = Date.now() - 60 * 60_000;
  const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
  const P = 'p-events';

  beforeAll(async () => {
    db = await startDynalite();
    await db.repos.wafEvents.putMany([
      event(P, 'e1', at(1)),
      event(P, 'e2', at(2), { action: 'challenge', threatType: 'bot' }),
      event(P, 'e3', at(3), { ip: '203.0.113.5' }),
      event(P, 'e4', at(4), { threatType: 'xss' }),
      event(P, 'e5', at(5), { action: 'challenge', threatType: 'bot', ip: '203.0.113.5' }),
      event('p-events-other', 'x1', at(3)),
      // Older than the retention period: stored, but never listed.
      event(P, 'old', new Date(Date.now() - 40 * 86_400_000).toISOString()),
    ]);
  });
  afterAll(async () => {
    await db.close();
  });
  const ids = (page: { items: SecurityEvent[] }) => page.items.map((e) => e.id);

  it('lists a project’s events newest first, only its own, and not past retention', async () => {
    // Act
    const page = await db.repos.wafEvents.list(P, { page: 1, limit: 50 });
    // Assess
    expect(ids(page)).toEqual(['e5', 'e4', 'e3', 'e2', 'e1']);
    expect(page.total).toBe(5);
    expect(page.items[0]).toEqual(event(P, 'e5', at(5), { action: 'challenge', threatType: 'bot', ip: '203.0.113.5' }));
  });

  it('pages through events with a stable total', async () => {
    // Act
    const first = await db.repos.wafEvents.list(P, { page: 1, limit: 2 });
    const third = await db.repos.wafEvents.list(P, { page: 3, limit: 2 });
    // Assess
    expect(ids(first)).toEqual(['e5', 'e4']);
    expect(ids(third)).toEqual(['e1']);
    expect([first.total, third.total]).toEqual([5, 5]);
  });

  it('filters by action, threat type and IP, alone and combined', async () => {
    expect(ids(await db.repos.wafEvents.list(P, { page: 1, limit: 50, action: 'challenge' }))).toEqual(['e5', 'e2']);
    expect(ids(await db.repos.wafEvents.list(P, { page: 1, limit: 50, threatType: 'xss' }))).toEqual(['e4']);
    expect(ids(await db.repos.wafEvents.list(P, { page: 1, limit: 50, ip: '203.0.113.5' }))).toEqual(['e5', 'e3']);
    expect(ids(await db.repos.wafEvents.list(P, { page: 1, limit: 50, action: 'block', ip: '203.0.113.5' }))).toEqual([
      'e3',
    ]);
  });

  it('filters by an inclusive time range', async () => {
    // Act
    const range = await db.repos.wafEvents.list(P, { page: 1, limit: 50, from: at(2), to: at(4) });
    const fromOnly = await db.repos.wafEvents.list(P, { page: 1, limit: 50, from: at(4) });
    const toOnly = await db.repos.wafEvents.list(P, { page: 1, limit: 50, to: at(1) });
    // Assess
    expect(ids(range)).toEqual(['e4', 'e3', 'e2']);
    expect(ids(fromOnly)).toEqual(['e5', 'e4']);
    expect(ids(toOnly)).toEqual(['e1']);
  });

  it('is idempotent by event id: a redelivered batch does not duplicate events', async () => {
    // Prepare
    const batch = [event('p-redeliver', 'r1', at(1)), event('p-redeliver', 'r2', at(2))];
    // Act
    await db.repos.wafEvents.putMany(batch);
    await db.repos.wafEvents.putMany(batch);
    // Assess
    const page = await db.repos.wafEvents.list('p-redeliver', { page: 1, limit: 50 });
    expect(ids(page)).toEqual(['r2', 'r1']);
  });

  it('writes batches larger than one BatchWriteItem call (25) completely', async () => {
    // Prepare
    const many = Array.from({ length: 60 }, (_, i) => event('p-many', `m${String(i).padStart(2, '0')}`, at(i % 10)));
    // Act
    await db.repos.wafEvents.putMany(many);
    // Assess
    expect((await db.repos.wafEvents.list('p-many', { page: 1, limit: 100 })).total).toBe(60);
  });
});

describe('UsageRepository against dynalite', () => {
  let db: TestDynamo;
  beforeAll(async () => {
    db = await startDynalite();
  });
  afterAll(async () => {
    await db.close();
  });

  it('names months as yyyy-mm in UTC', () => {
    expect(usageMonth(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12');
  });

  it('adds increments atomically per project and month and reads the running total', async () => {
    // Act
    const afterFirst = await db.repos.usage.add('p-usage', '2026-05', 3);
    await Promise.all([db.repos.usage.add('p-usage', '2026-05', 10), db.repos.usage.add('p-usage', '2026-05', 20)]);
    await db.repos.usage.add('p-usage', '2026-06', 7);
    // Assess
    expect(afterFirst).toBe(3);
    expect(await db.repos.usage.get('p-usage', '2026-05')).toBe(33);
    expect(await db.repos.usage.get('p-usage', '2026-06')).toBe(7);
    expect(await db.repos.usage.get('p-usage', '2026-07')).toBe(0);
    expect(await db.repos.usage.get('p-other', '2026-05')).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../../lambdas/data/table-design.ts';
import { eventually } from '../../helpers/http.ts';
import { freshDataDir } from '../../helpers/test-server.ts';
import { ATTACKS, SCANNER_UA, startWafHarness, type WafHarness } from './harness.ts';

interface WafEventBody {
  id: string;
  timestamp: string;
  ip: string;
  country: string;
  path: string;
  method: string;
  action: string;
  threatType: string;
  userAgent: string;
  ruleIds: string[];
}

describe('WAF events (SPEC endpoint 4)', () => {
  let h: WafHarness;
  const list = (query = '') => h.t.api(`/projects/${h.projectId}/waf/events${query}`);

  beforeAll(async () => {
    h = await startWafHarness({ eventFlushIntervalMs: 20 });
    await h.patchWaf({ eventRetentionDays: 7 });
    // Three blocks of different kinds, in a known order, a few ms apart so no two share a timestamp.
    const spaced = () => new Promise((r) => setTimeout(r, 5));
    expect((await h.proxy(ATTACKS.sqli)).status).toBe(403);
    await spaced();
    expect((await h.proxy(ATTACKS.xss, { method: 'DELETE' })).status).toBe(403);
    await spaced();
    expect((await h.proxy('/', { headers: { 'user-agent': SCANNER_UA } })).status).toBe(403);
    const stored = await eventually(async () => (await list()).json().meta?.total === 3, 5000);
    expect(stored).toBe(true);
  });
  afterAll(async () => {
    await h.close();
  });

  it('records each block with the SPEC fields plus rule ids, newest first', async () => {
    // Act
    const res = await list('?limit=20');
    // Assess
    expect(res.status).toBe(200);
    const events = res.json().data as WafEventBody[];
    expect(res.json().meta).toEqual({ page: 1, limit: 20, total: 3 });
    expect(events.map((e) => e.threatType)).toEqual(['scanner', 'xss', 'sql_injection']);
    const sqli = events[2]!;
    expect(sqli).toMatchObject({ ip: '127.0.0.1', path: '/items', method: 'GET', action: 'block' });
    expect(sqli.id).toMatch(/^evt_/);
    expect(sqli.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(sqli.ruleIds.length).toBeGreaterThan(0);
    expect(events[0]!.userAgent).toBe(SCANNER_UA);
    expect(events[1]!.method).toBe('DELETE');
  });

  it('pages with limit and page', async () => {
    // Act
    const first = await list('?limit=2&page=1');
    const second = await list('?limit=2&page=2');
    // Assess
    expect(first.json().data).toHaveLength(2);
    expect(second.json().data).toHaveLength(1);
    expect(second.json().meta).toEqual({ page: 2, limit: 2, total: 3 });
  });

  it('filters by threat type, action and ip', async () => {
    // Act
    const xss = await list('?threatType=xss');
    const challenges = await list('?action=challenge');
    const otherIp = await list('?ip=203.0.113.9');
    const ours = await list('?ip=127.0.0.1&action=block');
    // Assess
    expect(xss.json().data.map((e: WafEventBody) => e.threatType)).toEqual(['xss']);
    expect(challenges.json().meta.total).toBe(0);
    expect(otherIp.json().meta.total).toBe(0);
    expect(ours.json().meta.total).toBe(3);
  });

  it('filters by a time range given in any ISO offset', async () => {
    // Prepare
    const all = (await list()).json().data as WafEventBody[];
    const middle = all[1]!.timestamp;
    const asOffset = new Date(Date.parse(middle) + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
    // Act
    const fromMiddle = await list(`?from=${encodeURIComponent(asOffset)}`);
    const toMiddle = await list(`?to=${encodeURIComponent(middle)}`);
    const future = await list(`?from=${encodeURIComponent('2999-01-01T00:00:00Z')}`);
    // Assess
    expect(fromMiddle.json().data.map((e: WafEventBody) => e.id)).toEqual([all[0]!.id, all[1]!.id]);
    expect(toMiddle.json().data.map((e: WafEventBody) => e.id)).toEqual([all[1]!.id, all[2]!.id]);
    expect(future.json().meta.total).toBe(0);
  });

  it.each([
    ['an unknown action', '?action=allow', 'action'],
    ['a malformed ip', '?ip=nope', 'ip'],
    ['a date that is not ISO 8601', '?from=yesterday', 'from'],
    ['from after to', '?from=2025-02-01T00:00:00Z&to=2025-01-01T00:00:00Z', 'from'],
    ['a limit above 100', '?limit=101', 'limit'],
    ['an unknown parameter', '?sort=asc', 'sort'],
  ])('rejects %s with 400', async (_label, query, field) => {
    // Act
    const res = await list(query);
    // Assess
    expect(res.status).toBe(400);
    expect(res.json().error.details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it("stores each event with a TTL of the project's eventRetentionDays", async () => {
    // Prepare
    const items = await h.t.server.repos.table.queryAll(keys.wafEventPartition(h.projectId));
    // Act
    const ttls = items.map((i) => Number(i.expiresAt) - Math.ceil(Date.parse(String(i.timestamp)) / 1000));
    // Assess
    expect(ttls).toEqual([7 * 86_400, 7 * 86_400, 7 * 86_400]);
  });
});

describe('WAF event recording on shutdown', () => {
  it('writes events still buffered in memory when the server closes gracefully', async () => {
    // Prepare: a flush interval far longer than the test, so only close() can write the event.
    const dataDir = freshDataDir();
    const first = await startWafHarness({ dataDir, eventFlushIntervalMs: 600_000 });
    expect((await first.proxy(ATTACKS.lfi)).status).toBe(403);
    const whileRunning = await first.t.server.repos.wafEvents.list(first.projectId, { page: 1, limit: 20 });
    expect(whileRunning.total).toBe(0);
    // Act
    await first.t.close({ keepDataDir: true });
    await first.origin.close();
    const second = await startWafHarness({ dataDir });
    const res = await second.t.api(`/projects/${second.projectId}/waf/events`);
    await second.close();
    // Assess
    expect(res.json().meta.total).toBe(1);
    expect(res.json().data[0]).toMatchObject({ action: 'block', threatType: 'local_file_inclusion' });
  });
});

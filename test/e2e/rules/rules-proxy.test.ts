import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../helpers/http.ts';
import { ATTACKS } from '../waf/harness.ts';
import { type RulesHarness, startRulesHarness } from './harness.ts';

const HTML = 'text/html,application/xhtml+xml';
const pathIs = (value: string) => ({ field: 'path', op: 'equals', value });

describe('Edge rules at the proxy', () => {
  let h: RulesHarness;
  const logLines: string[] = [];

  beforeAll(async () => {
    h = await startRulesHarness({ eventFlushIntervalMs: 20, log: (line) => logLines.push(line) });
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.deleteAllRules();
  });

  it('allow skips the WAF: an SQL injection from the monitoring header reaches the origin, without it is blocked', async () => {
    // Prepare
    await h.createRule({
      name: 'monitor',
      action: 'allow',
      conditions: [{ field: 'header', op: 'equals', value: 'x-monitor: yes' }],
    });
    const before = h.origin.hits;
    // Act
    const allowed = await h.proxy(ATTACKS.sqli, { headers: { 'x-monitor': 'yes' } });
    const blocked = await h.proxy(ATTACKS.sqli);
    // Assess
    expect(allowed.status).toBe(200);
    expect(blocked.status).toBe(403);
    expect(blocked.json().error.code).toBe('waf_blocked');
    expect(h.origin.hits).toBe(before + 1);
  });

  it('block answers 403 forbidden without contacting the origin and records an edge_rule WAF event', async () => {
    // Prepare
    const id = await h.createRule({
      name: 'no admin',
      action: 'block',
      conditions: [{ field: 'path', op: 'starts_with', value: '/admin' }],
    });
    const before = h.origin.hits;
    // Act
    const res = await h.proxy('/admin/users');
    // Assess
    expect(res.status).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'forbidden', requestId: res.headers['x-request-id'] });
    expect(h.origin.hits).toBe(before);
    const recorded = await eventually(async () => {
      const events = await h.projectApi('/waf/events?threatType=edge_rule');
      return events
        .json()
        .data.some(
          (e: { ruleIds: string[]; requestId: string }) =>
            e.ruleIds.includes(id) && e.requestId === res.headers['x-request-id'],
        );
    }, 3000);
    expect(recorded).toBe(true);
  });

  it('challenge serves the JavaScript challenge to a browser every time and never lets a plain client through', async () => {
    // Prepare
    await h.createRule({ name: 'prove it', action: 'challenge', conditions: [pathIs('/login')] });
    const before = h.origin.hits;
    // Act
    const pages = [
      await h.proxy('/login', { headers: { accept: HTML } }),
      await h.proxy('/login', { headers: { accept: HTML } }),
    ];
    const api = await h.proxy('/login');
    // Assess
    for (const page of pages) {
      expect(page.status).toBe(403);
      expect(page.headers['x-edge-challenge']).toBe('js-pow');
    }
    expect(api.status).toBe(403);
    expect(h.origin.hits).toBe(before);
  });

  it.each([301, 302, 307, 308])(
    'redirect answers %i with Location and never reaches the origin',
    async (statusCode) => {
      // Prepare
      await h.createRule({
        name: 'moved',
        action: 'redirect',
        actionConfig: { url: 'https://example.com/new', statusCode },
        conditions: [pathIs('/old')],
      });
      const before = h.origin.hits;
      // Act
      const res = await h.proxy('/old');
      // Assess
      expect(res.status).toBe(statusCode);
      expect(res.headers.location).toBe('https://example.com/new');
      expect(h.origin.hits).toBe(before);
    },
  );

  it('add_header adds to the request the origin sees and to the response the client gets, and evaluation continues', async () => {
    // Prepare
    await h.createRule({
      name: 'to origin',
      priority: 10,
      action: 'add_header',
      actionConfig: { name: 'x-edge-tier', value: 'gold', target: 'request' },
    });
    await h.createRule({
      name: 'to client',
      priority: 20,
      action: 'add_header',
      actionConfig: { name: 'x-served-by', value: 'edge' },
    });
    // Act
    const res = await h.proxy('/profile');
    // Assess
    expect(res.status).toBe(200);
    expect(h.origin.requests.at(-1)?.headers['x-edge-tier']).toBe('gold');
    expect(h.origin.requests.at(-1)?.headers['x-served-by']).toBeUndefined();
    expect(res.headers['x-served-by']).toBe('edge');
  });

  it('cache_override bypass keeps a cacheable path away from the cache while a path without it is served as HIT', async () => {
    // Prepare
    expect((await h.patchProject({ cacheEnabled: true })).status).toBe(200);
    try {
      await h.createRule({
        name: 'fresh prices',
        action: 'cache_override',
        actionConfig: { bypass: true },
        conditions: [pathIs('/prices')],
      });
      const before = h.origin.hits;
      // Act
      const prices = [await h.proxy('/prices'), await h.proxy('/prices')];
      const catalogue = [await h.proxy('/catalogue'), await h.proxy('/catalogue')];
      // Assess
      expect(prices.map((r) => r.headers['x-cache-status'])).toEqual(['BYPASS', 'BYPASS']);
      expect(catalogue.map((r) => r.headers['x-cache-status'])).toEqual(['MISS', 'HIT']);
      expect(h.origin.hits).toBe(before + 3);
    } finally {
      expect((await h.patchProject({ cacheEnabled: false })).status).toBe(200);
    }
  });

  it('log reports the matched rule through the log port and lets the request through', async () => {
    // Prepare
    const id = await h.createRule({ name: 'audit exports', action: 'log', conditions: [pathIs('/export')] });
    const before = h.origin.hits;
    // Act
    const res = await h.proxy('/export');
    // Assess
    expect(res.status).toBe(200);
    expect(h.origin.hits).toBe(before + 1);
    const line = logLines.find((l) => l.includes(`rule=${id}`));
    expect(line).toContain(`request=${res.headers['x-request-id']}`);
    expect(line).toContain('GET /export');
  });

  it('runs lower priorities first: an allow at 1 wins over a block at 2, and a block at 1 wins over an allow at 2', async () => {
    // Prepare
    await h.createRule({ name: 'allow a', priority: 1, action: 'allow', conditions: [pathIs('/a')] });
    await h.createRule({ name: 'block a', priority: 2, action: 'block', conditions: [pathIs('/a')] });
    await h.createRule({ name: 'allow b', priority: 2, action: 'allow', conditions: [pathIs('/b')] });
    await h.createRule({ name: 'block b', priority: 1, action: 'block', conditions: [pathIs('/b')] });
    // Act
    const a = await h.proxy('/a');
    const b = await h.proxy('/b');
    // Assess
    expect(a.status).toBe(200);
    expect(b.status).toBe(403);
  });

  it('ORs rules of one priority and ANDs the conditions inside a rule', async () => {
    // Prepare: block (path /private AND POST) OR header x-bot present
    await h.createRule({
      name: 'private writes',
      priority: 5,
      action: 'block',
      conditions: [pathIs('/private'), { field: 'method', op: 'equals', value: 'POST' }],
    });
    await h.createRule({
      name: 'bots',
      priority: 5,
      action: 'block',
      conditions: [{ field: 'header', op: 'contains', value: 'x-bot:' }],
    });
    // Act
    const postPrivate = await h.proxy('/private', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    const getPrivate = await h.proxy('/private');
    const bot = await h.proxy('/public', { headers: { 'x-bot': '1' } });
    const person = await h.proxy('/public');
    // Assess
    expect([postPrivate.status, getPrivate.status, bot.status, person.status]).toEqual([403, 200, 403, 200]);
  });

  it('keeps a disabled rule inert until it is enabled', async () => {
    // Prepare
    const id = await h.createRule({
      name: 'dormant',
      action: 'block',
      isEnabled: false,
      conditions: [pathIs('/dormant')],
    });
    // Act
    const whileDisabled = await h.proxy('/dormant');
    expect((await h.projectApi(`/rules/${id}`, { method: 'PATCH', body: { isEnabled: true } })).status).toBe(200);
    const whileEnabled = await h.proxy('/dormant');
    // Assess
    expect(whileDisabled.status).toBe(200);
    expect(whileEnabled.status).toBe(403);
  });
});

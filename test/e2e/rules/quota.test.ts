import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMonth, secondsToNextMonth } from '../../../lambdas/core/quota/quota.ts';
import { eventually, type RawResponse } from '../../helpers/http.ts';
import { startTestServer } from '../../helpers/test-server.ts';
import { ATTACKS } from '../waf/harness.ts';
import { type RulesHarness, startRulesHarness } from './harness.ts';

const QUOTA = 8;

/** One project walked to its monthly quota (shrunk to 8 with planOverrides); each step builds on the last. */
describe('Monthly quota and usage', () => {
  let h: RulesHarness;
  const usage = async () => (await h.projectApi('/usage')).json().data;

  beforeAll(async () => {
    h = await startRulesHarness({ planOverrides: { pro: { monthlyRequests: QUOTA } }, usageFlushIntervalMs: 20 });
  });
  afterAll(async () => {
    await h.close();
  });

  it('reports the month, no requests yet, the plan and its limits', async () => {
    // Act
    const res = await h.projectApi('/usage');
    // Assess
    expect(res.status).toBe(200);
    expect(res.json().data).toMatchObject({
      projectId: h.projectId,
      month: billingMonth(Date.now()),
      requests: 0,
      quota: QUOTA,
      remaining: QUOTA,
      plan: 'pro',
      limits: { monthlyRequests: QUOTA, maxEdgeRules: 200 },
    });
  });

  it('counts every proxied request that passes the security stages, and not one the WAF blocked', async () => {
    // Act
    for (let i = 0; i < 5; i++) expect((await h.proxy(`/counted/${i}`)).status).toBe(200);
    const blocked = await h.proxy(ATTACKS.xss);
    // Assess
    expect(blocked.status).toBe(403);
    expect(await usage()).toMatchObject({ requests: 5, remaining: QUOTA - 5 });
  });

  it('counts a rule sandbox call as one request', async () => {
    // Act
    const res = await h.projectApi('/rules/sandbox-call', { method: 'POST', body: { path: '/x' } });
    // Assess
    expect(res.status).toBe(200);
    expect((await usage()).requests).toBe(6);
  });

  it('answers 429 quota_exceeded with Retry-After until the next UTC month once the quota is used up', async () => {
    // Prepare
    const before = h.origin.hits;
    const earliest = Date.now();
    // Act
    const responses: RawResponse[] = [];
    for (let i = 0; i < 5; i++) responses.push(await h.proxy(`/last/${i}`));
    const latest = Date.now();
    // Assess
    expect(responses.map((r) => r.status)).toEqual([200, 200, 429, 429, 429]);
    expect(h.origin.hits).toBe(before + 2);
    const refused = responses[4]!;
    expect(refused.json().error).toMatchObject({ code: 'quota_exceeded', requestId: refused.headers['x-request-id'] });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeLessThanOrEqual(secondsToNextMonth(earliest));
    expect(retryAfter).toBeGreaterThanOrEqual(secondsToNextMonth(latest));
  });

  it('refuses a sandbox call over the quota with 429 quota_exceeded', async () => {
    // Act
    const res = await h.projectApi('/rules/sandbox-call', { method: 'POST', body: { path: '/x' } });
    // Assess
    expect(res.status).toBe(429);
    expect(res.json().error.code).toBe('quota_exceeded');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('reports the quota used up, refused requests not counted, and writes the count to the table in batches', async () => {
    // Act
    const report = await usage();
    // Assess
    expect(report).toMatchObject({ requests: QUOTA, remaining: 0 });
    const month = billingMonth(Date.now());
    const stored = await eventually(async () => (await h.t.server.repos.usage.get(h.projectId, month)) === QUOTA, 3000);
    expect(stored).toBe(true);
  });
});

describe('Usage across a restart', () => {
  it('writes counted requests on close and seeds the count from the table on the next start', async () => {
    // Prepare: a long flush interval, so only the close can have written the count
    const options = { planOverrides: { pro: { monthlyRequests: 3 } }, usageFlushIntervalMs: 600_000 };
    const first = await startRulesHarness(options);
    for (let i = 0; i < 3; i++) expect((await first.proxy(`/before-restart/${i}`)).status).toBe(200);
    await first.t.close({ keepDataDir: true });
    await first.origin.close();
    // Act
    const second = await startTestServer({ ...options, dataDir: first.t.dataDir });
    try {
      const res = await second.proxy(second.bootstrap.projectId, '/after-restart', {
        headers: { 'x-api-key': second.bootstrap.apiKey },
      });
      const report = (await second.api(`/projects/${second.bootstrap.projectId}/usage`)).json().data;
      // Assess
      expect(res.status).toBe(429);
      expect(res.json().error.code).toBe('quota_exceeded');
      expect(report).toMatchObject({ requests: 3, remaining: 0 });
    } finally {
      await second.close();
    }
  });
});

describe('Quota under concurrent load', () => {
  it('lets exactly the quota of 10 through when 30 requests arrive at once', async () => {
    // Prepare
    const h = await startRulesHarness({ planOverrides: { pro: { monthlyRequests: 10 } } });
    try {
      const before = h.origin.hits;
      // Act
      const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => h.proxy(`/rush/${i}`)));
      // Assess
      expect(responses.filter((r) => r.status === 200)).toHaveLength(10);
      expect(responses.filter((r) => r.status === 429 && r.json().error.code === 'quota_exceeded')).toHaveLength(20);
      expect(h.origin.hits).toBe(before + 10);
    } finally {
      await h.close();
    }
  });
});

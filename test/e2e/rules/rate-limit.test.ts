import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawResponse } from '../../helpers/http.ts';
import { type RulesHarness, startRulesHarness } from './harness.ts';

const statuses = (responses: RawResponse[]) => responses.map((r) => r.status);
const count = (responses: RawResponse[], status: number) => responses.filter((r) => r.status === status).length;

describe('rate_limit edge rules at the proxy', () => {
  let h: RulesHarness;

  beforeAll(async () => {
    h = await startRulesHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('lets exactly 10 of 50 concurrent requests reach the origin at a limit of 10 per 60 s', async () => {
    // Prepare
    await h.createRule({
      name: 'ten a minute',
      action: 'rate_limit',
      actionConfig: { requests: 10, windowSec: 60 },
      conditions: [{ field: 'path', op: 'starts_with', value: '/burst' }],
    });
    const before = h.origin.hits;
    // Act
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => h.proxy(`/burst/${i}`)));
    // Assess
    expect(count(responses, 200)).toBe(10);
    expect(count(responses, 429)).toBe(40);
    expect(h.origin.hits).toBe(before + 10);
    const admittedRemaining = responses
      .filter((r) => r.status === 200)
      .map((r) => Number(r.headers['ratelimit-remaining']));
    expect(admittedRemaining.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('answers 429 rate_limited JSON with Retry-After and the RateLimit headers', async () => {
    // Prepare
    await h.createRule({
      name: 'two a minute',
      action: 'rate_limit',
      actionConfig: { requests: 2, windowSec: 60 },
      conditions: [{ field: 'path', op: 'equals', value: '/limited' }],
    });
    // Act
    const responses = [await h.proxy('/limited'), await h.proxy('/limited'), await h.proxy('/limited')];
    // Assess
    expect(statuses(responses)).toEqual([200, 200, 429]);
    const refused = responses[2]!;
    expect(refused.json().error).toMatchObject({ code: 'rate_limited', requestId: refused.headers['x-request-id'] });
    expect(refused.headers['ratelimit-limit']).toBe('2');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(Number(refused.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
    expect(refused.json().error.details.retryAfterSec).toBe(retryAfter);
  });

  it('keyBy apiKey gives each API key of the project its own budget', async () => {
    // Prepare
    const created = await h.projectApi('/keys', { method: 'POST', body: { name: 'second client' } });
    expect(created.status).toBe(200);
    const secondKey = created.json().data.secret as string;
    await h.createRule({
      name: 'per key',
      action: 'rate_limit',
      actionConfig: { requests: 3, windowSec: 60, keyBy: 'apiKey' },
      conditions: [{ field: 'path', op: 'equals', value: '/per-key' }],
    });
    // Act
    const first: RawResponse[] = [];
    for (let i = 0; i < 4; i++) first.push(await h.proxy('/per-key'));
    const second: RawResponse[] = [];
    for (let i = 0; i < 4; i++) second.push(await h.proxy('/per-key', { headers: { 'x-api-key': secondKey } }));
    // Assess
    expect(statuses(first)).toEqual([200, 200, 200, 429]);
    expect(statuses(second)).toEqual([200, 200, 200, 429]);
  });

  it('keyBy header:<name> counts each header value separately', async () => {
    // Prepare
    await h.createRule({
      name: 'per tenant',
      action: 'rate_limit',
      actionConfig: { requests: 2, windowSec: 60, keyBy: 'header:x-tenant' },
      conditions: [{ field: 'path', op: 'equals', value: '/per-tenant' }],
    });
    // Act
    const acme: RawResponse[] = [];
    for (let i = 0; i < 3; i++) acme.push(await h.proxy('/per-tenant', { headers: { 'x-tenant': 'acme' } }));
    const globex: RawResponse[] = [];
    for (let i = 0; i < 3; i++) globex.push(await h.proxy('/per-tenant', { headers: { 'x-tenant': 'globex' } }));
    // Assess
    expect(statuses(acme)).toEqual([200, 200, 429]);
    expect(statuses(globex)).toEqual([200, 200, 429]);
  });

  it('does not charge a limit for requests another rule refused', async () => {
    // Prepare: per-IP 5 first, then per-tenant 2
    await h.createRule({
      name: 'per ip',
      priority: 10,
      action: 'rate_limit',
      actionConfig: { requests: 5, windowSec: 60 },
      conditions: [{ field: 'path', op: 'equals', value: '/layered' }],
    });
    await h.createRule({
      name: 'per tenant',
      priority: 20,
      action: 'rate_limit',
      actionConfig: { requests: 2, windowSec: 60, keyBy: 'header:x-tenant' },
      conditions: [{ field: 'path', op: 'equals', value: '/layered' }],
    });
    // Act
    const t1: RawResponse[] = [];
    for (let i = 0; i < 4; i++) t1.push(await h.proxy('/layered', { headers: { 'x-tenant': 't1' } }));
    const t2: RawResponse[] = [];
    for (let i = 0; i < 2; i++) t2.push(await h.proxy('/layered', { headers: { 'x-tenant': 't2' } }));
    const t3: RawResponse[] = [];
    for (let i = 0; i < 2; i++) t3.push(await h.proxy('/layered', { headers: { 'x-tenant': 't3' } }));
    // Assess: t1's two refusals cost the per-IP budget nothing, so it has 5 - 2 - 2 = 1 left for t3
    expect(statuses(t1)).toEqual([200, 200, 429, 429]);
    expect(statuses(t2)).toEqual([200, 200]);
    expect(statuses(t3)).toEqual([200, 429]);
    expect(t3[1]!.headers['ratelimit-limit']).toBe('5');
  });

  it('onLimit: challenge serves the JavaScript challenge to a browser once over the limit', async () => {
    // Prepare
    await h.createRule({
      name: 'soft limit',
      action: 'rate_limit',
      actionConfig: { requests: 1, windowSec: 60, onLimit: 'challenge' },
      conditions: [{ field: 'path', op: 'equals', value: '/soft' }],
    });
    const html = { accept: 'text/html,application/xhtml+xml' };
    // Act
    const first = await h.proxy('/soft', { headers: html });
    const second = await h.proxy('/soft', { headers: html });
    // Assess
    expect(first.status).toBe(200);
    expect(second.status).toBe(403);
    expect(second.headers['x-edge-challenge']).toBe('js-pow');
  });
});

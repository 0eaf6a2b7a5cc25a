import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../helpers/http.ts';
import { type RulesHarness, startRulesHarness } from './harness.ts';

const HTML = 'text/html,application/xhtml+xml';

/** One server for the whole sequence: a hold on 127.0.0.1 lasts blockDurationSec and covers every later request. */
describe('DDoS protection at the proxy', () => {
  let h: RulesHarness;

  beforeAll(async () => {
    h = await startRulesHarness({ eventFlushIntervalMs: 20 });
  });
  afterAll(async () => {
    await h.close();
  });

  it('reports no activity before any IP crosses the threshold', async () => {
    // Act
    const res = await h.projectApi('/ddos/status');
    // Assess
    expect(res.status).toBe(200);
    expect(res.json().data).toMatchObject({
      projectId: h.projectId,
      active: false,
      activeUntil: null,
      recentActivations: [],
    });
  });

  it('lets a burst of 5 through at 1 request/s and answers the rest of 20 concurrent API requests with 429', async () => {
    // Prepare
    const patched = await h.patchDdos({
      enabled: true,
      requestsPerSecond: 1,
      burst: 5,
      action: 'challenge',
      blockDurationSec: 120,
    });
    expect(patched.status).toBe(200);
    const before = h.origin.hits;
    // Act
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => h.proxy(`/flood/${i}`)));
    // Assess
    expect(responses.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = responses.filter((r) => r.status === 429);
    expect(refused).toHaveLength(15);
    for (const res of refused) {
      expect(res.json().error.code).toBe('rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(120);
    }
    expect(h.origin.hits).toBe(before + 5);
  });

  it('serves the JavaScript challenge to a browser from the held IP', async () => {
    // Act
    const res = await h.proxy('/home', { headers: { accept: HTML } });
    // Assess
    expect(res.status).toBe(403);
    expect(res.headers['x-edge-challenge']).toBe('js-pow');
  });

  it('shows the project as active with the activation, and records one ddos WAF event for it', async () => {
    // Act
    const status = (await h.projectApi('/ddos/status')).json().data;
    // Assess
    expect(status.active).toBe(true);
    expect(Date.parse(status.activeUntil)).toBeGreaterThan(Date.now());
    expect(status.recentActivations).toHaveLength(1);
    expect(status.recentActivations[0].ip).toBe('127.0.0.1');
    let events: Array<{ threatType: string; ruleIds: string[]; action: string }> = [];
    const recorded = await eventually(async () => {
      events = (await h.projectApi('/waf/events?threatType=ddos')).json().data;
      return events.length > 0;
    }, 3000);
    expect(recorded).toBe(true);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ ruleIds: ['ddos'], action: 'challenge' });
  });

  it('exempts a request an edge rule allows, because rules run before the DDoS stage', async () => {
    // Prepare
    const created = await h.projectApi('/rules', {
      method: 'POST',
      body: {
        name: 'uptime probe',
        action: 'allow',
        conditions: [{ field: 'header', op: 'equals', value: 'x-probe: uptime' }],
      },
    });
    expect(created.status).toBe(200);
    // Act
    const probe = await h.proxy('/health', { headers: { 'x-probe': 'uptime' } });
    const other = await h.proxy('/health');
    // Assess
    expect(probe.status).toBe(200);
    expect(other.status).toBe(429);
  });

  it('answers browsers with 429 too once the action is block', async () => {
    // Prepare
    expect((await h.patchDdos({ action: 'block' })).status).toBe(200);
    // Act
    const res = await h.proxy('/home', { headers: { accept: HTML } });
    // Assess
    expect(res.status).toBe(429);
    expect(res.json().error.code).toBe('rate_limited');
  });

  it('lets everything through once protection is disabled', async () => {
    // Prepare
    expect((await h.patchDdos({ enabled: false })).status).toBe(200);
    // Act
    const res = await h.proxy('/home');
    // Assess
    expect(res.status).toBe(200);
  });
});

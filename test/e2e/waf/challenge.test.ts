import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_VERIFY_PATH, solve } from '../../../lambdas/core/challenge/index.ts';
import { eventually } from '../../helpers/http.ts';
import { formField } from '../../unit/challenge/fixtures.ts';
import { ATTACKS, startWafHarness, type WafHarness } from './harness.ts';

/** A session-id parameter name scores as suspicious but below the block threshold at the default sensitivity. */
const SUSPICIOUS = '/account?jsessionid=abc123';
const HTML = 'text/html,application/xhtml+xml';

describe('JavaScript challenge at the proxy, with a plain HTTP client', () => {
  let h: WafHarness;

  beforeAll(async () => {
    h = await startWafHarness({ eventFlushIntervalMs: 20 });
    const difficulty = await h.patchWaf({ challengeDifficulty: 8 });
    expect(difficulty.status).toBe(200);
    const sandbox = await h.t.api(`/projects/${h.projectId}/waf/sandbox-call`, {
      method: 'POST',
      body: { method: 'GET', path: '/account', queryString: 'jsessionid=abc123' },
    });
    // If the engine's scoring moves, this names the cause instead of failing obscurely below.
    expect(sandbox.json().data.decision.action, 'the fixture request must be a challenge decision').toBe('challenge');
  });
  afterAll(async () => {
    await h.close();
  });

  async function challengePage() {
    const res = await h.proxy(SUSPICIOUS, { headers: { accept: HTML } });
    return { res, challenge: formField(res.text, 'challenge'), returnTo: formField(res.text, 'returnTo') };
  }

  it('serves the proof-of-work page instead of the origin, every time, to a client that runs no JavaScript', async () => {
    // Prepare
    const before = h.origin.hits;
    // Act
    const pages = [await challengePage(), await challengePage(), await challengePage()];
    // Assess
    for (const { res, returnTo } of pages) {
      expect(res.status).toBe(403);
      expect(res.headers['x-edge-challenge']).toBe('js-pow');
      expect(res.text).toContain('crypto.subtle');
      expect(returnTo).toBe(SUSPICIOUS);
    }
    expect(new Set(pages.map((p) => p.challenge)).size).toBe(3);
    expect(h.origin.hits).toBe(before);
  });

  it('answers an API client with 403 challenge_required', async () => {
    // Act
    const res = await h.proxy(SUSPICIOUS);
    // Assess
    expect(res.status).toBe(403);
    expect(res.json().error.code).toBe('challenge_required');
  });

  it('refuses a submission without the work and sets no cookie', async () => {
    // Prepare
    const { challenge } = await challengePage();
    // Act
    const res = await h.proxy(CHALLENGE_VERIFY_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ challenge, nonce: '0', returnTo: SUSPICIOUS }).toString(),
    });
    // Assess
    expect(res.status).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('keeps challenging a client that presents a forged clearance cookie', async () => {
    // Act
    const res = await h.proxy(SUSPICIOUS, {
      headers: { cookie: `__edge_clearance=${Math.floor(Date.now() / 1000) + 600}.AAAA` },
    });
    // Assess
    expect(res.json().error.code).toBe('challenge_required');
  });

  it('records served challenges as WAF events', async () => {
    // Act
    const found = await eventually(async () => {
      const res = await h.t.api(`/projects/${h.projectId}/waf/events?action=challenge`);
      return res.json().meta.total > 0;
    }, 5000);
    // Assess
    expect(found).toBe(true);
  });

  it('lets a client that did the work through to the origin with its clearance, bound to that client', async () => {
    // Prepare
    const { challenge, returnTo } = await challengePage();
    const nonce = solve(challenge, 8)!;
    const verified = await h.proxy(CHALLENGE_VERIFY_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: HTML },
      body: new URLSearchParams({ challenge, nonce, returnTo }).toString(),
    });
    const setCookie = String(verified.headers['set-cookie']);
    const cookie = setCookie.split(';')[0]!;
    const before = h.origin.hits;
    // Act
    const passed = await h.proxy(SUSPICIOUS, { headers: { cookie } });
    const otherUa = await h.proxy(SUSPICIOUS, { headers: { cookie, 'user-agent': 'python-requests/2.32' } });
    const attack = await h.proxy(ATTACKS.sqli, { headers: { cookie } });
    // Assess
    expect(verified.status).toBe(303);
    expect(verified.headers.location).toBe(SUSPICIOUS);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(passed.status).toBe(200);
    expect(otherUa.status).toBe(403);
    expect(attack.status).toBe(403);
    expect(h.origin.hits).toBe(before + 1);
  });

  it('keeps the challenge secret in the table, so every process signs with one key', async () => {
    // Act
    const stored = await h.t.server.repos.secrets.getOrCreate('challenge');
    const again = await h.t.server.repos.secrets.getOrCreate('challenge');
    // Assess
    expect(stored).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(again).toBe(stored);
  });
});

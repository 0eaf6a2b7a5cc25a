import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CHALLENGE_VERIFY_PATH,
  CLEARANCE_COOKIE,
  challengeResponse,
  challengeVerifyStage,
  hasClearance,
  issueClearance,
  leadingZeroBits,
  SHA256_FALLBACK_JS,
  safeReturnTo,
  solve,
} from '../../../lambdas/core/challenge/index.ts';
import type { EdgeResponse } from '../../../lambdas/core/pipeline/types.ts';
import { BROWSER_UA, context, formField, SECRET } from './fixtures.ts';

const NOW = 1_700_000_000_000;

function submit(fields: Record<string, string>, overrides: Parameters<typeof context>[0] = {}, nowMs = NOW) {
  const body = new TextEncoder().encode(new URLSearchParams(fields).toString());
  const ctx = context(
    {
      method: 'POST',
      path: CHALLENGE_VERIFY_PATH,
      headers: {
        'user-agent': BROWSER_UA,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body,
      ...overrides,
    },
    { nowMs },
  );
  return challengeVerifyStage(ctx) as EdgeResponse | undefined;
}

function servedChallenge(query = 'page=2'): { challenge: string; returnTo: string } {
  const page = challengeResponse(context({ query }))!;
  return { challenge: formField(page.body, 'challenge'), returnTo: formField(page.body, 'returnTo') };
}

describe('proof of work', () => {
  it('counts leading zero bits across byte boundaries', () => {
    // Prepare
    const digests = [
      Uint8Array.from([0x80, 0]),
      Uint8Array.from([0x01, 0xff]),
      Uint8Array.from([0, 0x20]),
      Uint8Array.from([0, 0]),
    ];
    // Act
    const bits = digests.map(leadingZeroBits);
    // Assess
    expect(bits).toEqual([0, 7, 10, 16]);
  });

  it('ships a page fallback SHA-256 that agrees with node:crypto for lengths around the block padding', () => {
    // Prepare
    const sha256 = new Function(`${SHA256_FALLBACK_JS}; return sha256;`)() as (m: Uint8Array) => Uint8Array;
    const inputs = [0, 1, 3, 55, 56, 63, 64, 65, 119, 120, 1000].map((n) =>
      new TextEncoder().encode('ab:1'.repeat(n).slice(0, n)),
    );
    // Act
    const ours = inputs.map((m) => Buffer.from(sha256(m)).toString('hex'));
    // Assess
    expect(ours).toEqual(inputs.map((m) => createHash('sha256').update(m).digest('hex')));
  });
});

describe('challenge page', () => {
  it('serves browsers a proof-of-work page that posts back to the verify path with the original target', () => {
    // Prepare
    const ctx = context({ path: '/orders', query: 'page=2' });
    // Act
    const page = challengeResponse(ctx)!;
    // Assess
    expect(page.status).toBe(403);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(`action="${CHALLENGE_VERIFY_PATH}"`);
    expect(page.body).toContain('crypto.subtle');
    expect(formField(page.body, 'returnTo')).toBe('/orders?page=2');
  });

  it('answers clients that do not ask for HTML with a JSON challenge_required', () => {
    // Prepare
    const ctx = context({ headers: { 'user-agent': 'curl/8.5', accept: '*/*' } });
    // Act
    const response = challengeResponse(ctx)!;
    // Assess
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body).error.code).toBe('challenge_required');
  });

  it('fails closed when no secret is configured', () => {
    // Prepare
    const ctx = context({}, { secret: null });
    // Act
    const response = challengeResponse(ctx)!;
    // Assess
    expect(JSON.parse(response.body).error.code).toBe('challenge_required');
  });
});

describe('challenge verification', () => {
  it('sets an HttpOnly, SameSite=Lax clearance cookie and redirects back with 303 for a correct solution', () => {
    // Prepare
    const { challenge, returnTo } = servedChallenge();
    const nonce = solve(challenge, 8)!;
    // Act
    const response = submit({ challenge, nonce, returnTo })!;
    // Assess
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/orders?page=2');
    expect(response.headers['set-cookie']).toMatch(
      new RegExp(`^${CLEARANCE_COOKIE}=\\d+\\.[\\w-]+; Max-Age=1800; Path=/; HttpOnly; SameSite=Lax$`),
    );
  });

  it('rejects a nonce that does not do the work', () => {
    // Prepare
    const { challenge, returnTo } = servedChallenge();
    const wrong = Array.from({ length: 64 }, (_, i) => String(i)).find(
      (n) => leadingZeroBits(createHash('sha256').update(`${challenge}:${n}`).digest()) < 8,
    )!;
    // Act
    const response = submit({ challenge, nonce: wrong, returnTo })!;
    // Assess
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body).error.code).toBe('challenge_failed');
  });

  it('rejects a solved challenge redeemed from another IP or another User-Agent', () => {
    // Prepare
    const { challenge } = servedChallenge();
    const nonce = solve(challenge, 8)!;
    // Act
    const otherIp = submit({ challenge, nonce }, { ip: '198.51.100.8' })!;
    const otherUa = submit(
      { challenge, nonce },
      { headers: { 'user-agent': 'python-requests/2.32', 'content-type': 'application/x-www-form-urlencoded' } },
    )!;
    // Assess
    expect(otherIp.status).toBe(403);
    expect(otherUa.status).toBe(403);
  });

  it('rejects a challenge redeemed after it expired', () => {
    // Prepare
    const { challenge } = servedChallenge();
    const nonce = solve(challenge, 8)!;
    // Act
    const response = submit({ challenge, nonce }, {}, NOW + 301_000)!;
    // Assess
    expect(JSON.parse(response.body).error.message).toMatch(/expired/);
  });

  it('rejects a challenge whose difficulty was edited down by the client', () => {
    // Prepare
    const { challenge } = servedChallenge();
    const [expires, , salt, mac] = challenge.split('.');
    const easier = `${expires}.1.${salt}.${mac}`;
    const nonce = solve(easier, 1)!;
    // Act
    const response = submit({ challenge: easier, nonce })!;
    // Assess
    expect(response.status).toBe(403);
  });

  it('accepts the same submission as JSON', () => {
    // Prepare
    const { challenge } = servedChallenge();
    const nonce = solve(challenge, 8)!;
    const ctx = context(
      {
        method: 'POST',
        path: CHALLENGE_VERIFY_PATH,
        headers: { 'user-agent': BROWSER_UA, 'content-type': 'application/json' },
        body: new TextEncoder().encode(JSON.stringify({ challenge, nonce, returnTo: '/a' })),
      },
      { nowMs: NOW },
    );
    // Act
    const response = challengeVerifyStage(ctx) as EdgeResponse;
    // Assess
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/a');
  });

  it('never redirects off-site', () => {
    // Prepare
    const candidates = [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/ok?x=1',
    ];
    // Act
    const targets = candidates.map(safeReturnTo);
    // Assess
    expect(targets).toEqual(['/', '/', '/', '/', '/ok?x=1']);
  });

  it('leaves every other path to the next stage', () => {
    // Prepare
    const ctx = context({ method: 'POST', path: '/orders' });
    // Act
    const response = challengeVerifyStage(ctx);
    // Assess
    expect(response).toBeUndefined();
  });
});

describe('clearance', () => {
  const cookieFor = (ip: string, ua: string, expiresAt: number) =>
    `${CLEARANCE_COOKIE}=${issueClearance(SECRET, { projectId: 'p1', ip, userAgent: ua }, expiresAt)}`;
  const nowSec = NOW / 1000;

  it('lets a client holding its own unexpired clearance pass a challenge decision', () => {
    // Prepare
    const ctx = context({
      headers: { 'user-agent': BROWSER_UA, cookie: `a=1; ${cookieFor('198.51.100.7', BROWSER_UA, nowSec + 60)}` },
    });
    // Act
    const response = challengeResponse(ctx);
    // Assess
    expect(hasClearance(ctx)).toBe(true);
    expect(response).toBeUndefined();
  });

  it('does not honour a clearance issued to another IP, another UA, another project, or an expired one', () => {
    // Prepare
    const stolen = [
      cookieFor('198.51.100.99', BROWSER_UA, nowSec + 60),
      cookieFor('198.51.100.7', 'curl/8.5', nowSec + 60),
      cookieFor('198.51.100.7', BROWSER_UA, nowSec - 1),
      `${CLEARANCE_COOKIE}=${issueClearance(SECRET, { projectId: 'p2', ip: '198.51.100.7', userAgent: BROWSER_UA }, nowSec + 60)}`,
      `${CLEARANCE_COOKIE}=${nowSec + 60}.forged`,
    ];
    // Act
    const passed = stolen.map((cookie) => hasClearance(context({ headers: { 'user-agent': BROWSER_UA, cookie } })));
    // Assess
    expect(passed).toEqual([false, false, false, false, false]);
  });
});

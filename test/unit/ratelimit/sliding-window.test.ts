import { describe, expect, it } from 'vitest';
import { rateLimitHeaders, rateLimitResponse } from '../../../lambdas/core/ratelimit/headers.ts';
import { LOG_MAX_REQUESTS, RateLimiter, SUB_WINDOWS } from '../../../lambdas/core/ratelimit/sliding-window.ts';

/** Deterministic PRNG (mulberry32) so a failing seed can be replayed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Arrival times (ms) mixing quiet gaps, bursts of simultaneous requests and steady trickles. */
function arrivals(random: () => number, start: number, count: number, windowMs: number): number[] {
  const out: number[] = [];
  let t = start;
  while (out.length < count) {
    const mode = random();
    if (mode < 0.2) {
      const burst = 1 + Math.floor(random() * 40);
      for (let i = 0; i < burst; i++) out.push(t);
    } else if (mode < 0.9) {
      t += Math.floor(random() * (windowMs / 20));
      out.push(t);
    } else {
      t += Math.floor(random() * windowMs * 1.5);
      out.push(t);
    }
  }
  return out;
}

/** The largest number of admitted requests in any window [t, t + windowMs). */
function maxInAnyWindow(admitted: number[], windowMs: number): number {
  let max = 0;
  let lo = 0;
  for (let hi = 0; hi < admitted.length; hi++) {
    while (admitted[hi]! - admitted[lo]! >= windowMs) lo++;
    max = Math.max(max, hi - lo + 1);
  }
  return max;
}

const start = Date.UTC(2025, 5, 1, 12, 0, 0, 123);

describe('Sliding-window rate limiter', () => {
  it.each([
    [1, 1],
    [5, 10],
    [LOG_MAX_REQUESTS, 60],
    [LOG_MAX_REQUESTS + 1, 7],
    [100, 60],
    [1000, 3600],
  ])('never admits more than %i in any window of %is (randomised arrivals, 5 seeds)', (requests, windowSec) => {
    for (let seed = 1; seed <= 5; seed++) {
      // Prepare
      const limiter = new RateLimiter();
      const windowMs = windowSec * 1000;
      const times = arrivals(prng(seed * 7919 + requests), start, Math.max(2000, requests * 8), windowMs);
      // Act
      const admitted = times.filter((t) => limiter.check('scope', 'client', { requests, windowSec }, t).allowed);
      // Assess
      expect(maxInAnyWindow(admitted, windowMs), `seed ${seed}`).toBeLessThanOrEqual(requests);
      expect(admitted.length, `seed ${seed} admitted something after the first window`).toBeGreaterThan(requests);
    }
  });

  it('admits exactly N at once, then nothing until the oldest leaves the window (log mode)', () => {
    // Prepare
    const limiter = new RateLimiter();
    const limit = { requests: 3, windowSec: 10 };
    // Act
    const burst = [0, 0, 0, 0].map(() => limiter.check('s', 'k', limit, start).allowed);
    const justBefore = limiter.check('s', 'k', limit, start + 9_999).allowed;
    const atWindow = limiter.check('s', 'k', limit, start + 10_000).allowed;
    // Assess
    expect(burst).toEqual([true, true, true, false]);
    expect(justBefore).toBe(false);
    expect(atWindow).toBe(true);
  });

  it(`restores the budget at most one sub-window (window/${SUB_WINDOWS}) after the window for large limits`, () => {
    // Prepare
    const limiter = new RateLimiter();
    const limit = { requests: 100, windowSec: 16 };
    const subMs = 1000;
    for (let i = 0; i < 100; i++) limiter.check('s', 'k', limit, start);
    // Act
    const duringWindow = limiter.check('s', 'k', limit, start + 15_000).allowed;
    const afterWindowAndSub = limiter.check('s', 'k', limit, start + 16_000 + subMs).allowed;
    // Assess
    expect(duringWindow).toBe(false);
    expect(afterWindowAndSub).toBe(true);
  });

  it.each([
    [3, 10],
    [50, 10],
  ])('does not let refused requests consume the budget (%i per %is)', (requests, windowSec) => {
    // Prepare
    const limiter = new RateLimiter();
    const limit = { requests, windowSec };
    for (let i = 0; i < requests; i++) limiter.check('s', 'k', limit, start);
    // Act: hammer every 100 ms through the whole window; every attempt is refused
    let refused = 0;
    for (let t = start + 100; t < start + windowSec * 1000; t += 100) {
      if (!limiter.check('s', 'k', limit, t).allowed) refused++;
    }
    const later = limiter.check('s', 'k', limit, start + windowSec * 1000 * (1 + 1 / SUB_WINDOWS)).allowed;
    // Assess
    expect(refused).toBe(windowSec * 10 - 1);
    expect(later).toBe(true);
  });

  it('reports limit, remaining, reset and retry-after', () => {
    // Prepare
    const limiter = new RateLimiter();
    const limit = { requests: 2, windowSec: 60 };
    // Act
    const first = limiter.check('s', 'k', limit, start);
    const second = limiter.check('s', 'k', limit, start + 20_000);
    const refused = limiter.check('s', 'k', limit, start + 30_000);
    // Assess
    expect(first).toEqual({ allowed: true, limit: 2, remaining: 1, resetSec: 60, retryAfterSec: 0 });
    expect(second).toEqual({ allowed: true, limit: 2, remaining: 0, resetSec: 40, retryAfterSec: 0 });
    expect(refused).toEqual({ allowed: false, limit: 2, remaining: 0, resetSec: 30, retryAfterSec: 30 });
  });

  it('keeps keys and scopes apart', () => {
    // Prepare
    const limiter = new RateLimiter();
    const limit = { requests: 1, windowSec: 60 };
    // Act
    const results = [
      limiter.check('rule-a', '198.51.100.1', limit, start),
      limiter.check('rule-a', '198.51.100.2', limit, start),
      limiter.check('rule-b', '198.51.100.1', limit, start),
      limiter.check('rule-a', '198.51.100.1', limit, start),
    ].map((r) => r.allowed);
    // Assess
    expect(results).toEqual([true, true, true, false]);
  });

  it('peeks without recording anything', () => {
    // Prepare
    const limiter = new RateLimiter();
    const limit = { requests: 1, windowSec: 60 };
    // Act
    const peeks = [limiter.peek('s', 'k', limit, start), limiter.peek('s', 'k', limit, start)];
    const check = limiter.check('s', 'k', limit, start);
    const peekAfter = limiter.peek('s', 'k', limit, start);
    // Assess
    expect(peeks.map((p) => p.allowed)).toEqual([true, true]);
    expect(check.allowed).toBe(true);
    expect(peekAfter).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('uses the injected clock when no time is passed', () => {
    // Prepare
    let now = start;
    const limiter = new RateLimiter({ clock: () => now });
    const limit = { requests: 1, windowSec: 5 };
    // Act
    const first = limiter.check('s', 'k', limit).allowed;
    const refused = limiter.check('s', 'k', limit).allowed;
    now += 5_000;
    const again = limiter.check('s', 'k', limit).allowed;
    // Assess
    expect([first, refused, again]).toEqual([true, false, true]);
  });

  it('refuses a malformed limit instead of guessing', () => {
    // Act
    const zero = () => new RateLimiter().check('s', 'k', { requests: 0, windowSec: 1 }, start);
    const fraction = () => new RateLimiter().check('s', 'k', { requests: 1, windowSec: 0.5 }, start);
    // Assess
    expect(zero).toThrow(RangeError);
    expect(fraction).toThrow(RangeError);
  });

  describe('memory bound', () => {
    it('evicts idle keys as it goes, so a stream of one-off clients does not accumulate', () => {
      // Prepare
      const limiter = new RateLimiter();
      const limit = { requests: 5, windowSec: 1 };
      // Act: 20 000 distinct clients, one request each, 10 ms apart (each idle after 1 s)
      for (let i = 0; i < 20_000; i++) limiter.check('s', `10.0.${i >> 8}.${i & 255}`, limit, start + i * 10);
      // Assess
      expect(limiter.size).toBeLessThan(2_000);
      expect(limiter.stats().evictedIdle).toBeGreaterThan(18_000);
    });

    it('never tracks more than maxKeys, dropping the oldest key when none is idle', () => {
      // Prepare
      const limiter = new RateLimiter({ maxKeys: 1000 });
      const limit = { requests: 5, windowSec: 3600 };
      // Act
      for (let i = 0; i < 5000; i++) limiter.check(`scope-${i % 3}`, `client-${i}`, limit, start + i);
      // Assess
      expect(limiter.size).toBe(1000);
      expect(limiter.stats().evictedForCapacity).toBe(4000);
    });

    it('sweeps everything idle on demand and drops empty scopes', () => {
      // Prepare
      const limiter = new RateLimiter();
      for (let i = 0; i < 100; i++) limiter.check(`rule-${i % 4}`, `c${i}`, { requests: 2, windowSec: 10 }, start);
      // Act
      const evicted = limiter.sweep(start + 10_000);
      // Assess
      expect(evicted).toBe(100);
      expect(limiter.stats()).toMatchObject({ keys: 0, scopes: 0 });
    });
  });
});

describe('Rate-limit headers', () => {
  it('advertises RateLimit-Limit/-Remaining/-Reset on admitted requests without Retry-After', () => {
    // Act
    const headers = rateLimitHeaders({ allowed: true, limit: 10, remaining: 4, resetSec: 12, retryAfterSec: 0 });
    // Assess
    expect(headers).toEqual({ 'ratelimit-limit': '10', 'ratelimit-remaining': '4', 'ratelimit-reset': '12' });
  });

  it('answers 429 rate_limited JSON with Retry-After', () => {
    // Act
    const response = rateLimitResponse(
      { allowed: false, limit: 10, remaining: 0, resetSec: 7, retryAfterSec: 7 },
      'req_1',
    );
    // Assess
    expect(response.status).toBe(429);
    expect(response.headers).toMatchObject({
      'retry-after': '7',
      'ratelimit-limit': '10',
      'ratelimit-remaining': '0',
      'ratelimit-reset': '7',
    });
    expect(JSON.parse(response.body)).toEqual({
      success: false,
      error: { code: 'rate_limited', message: 'Too many requests', requestId: 'req_1', details: { retryAfterSec: 7 } },
    });
  });
});

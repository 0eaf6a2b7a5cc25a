import { ensureSlots, ScopedSlots, type ScopedSlotsStats, SlotIndex, type SlotStore } from './slot-index.ts';

export interface RateLimit {
  /** Admitted requests allowed in any window of `windowSec`. */
  requests: number;
  windowSec: number;
}

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  /** Requests still admissible in the current window after this one. */
  remaining: number;
  /** Seconds until the budget next grows (the oldest admitted request leaves the window); 0 when untouched. */
  resetSec: number;
  /** Seconds the client should wait before retrying; 0 when allowed. */
  retryAfterSec: number;
}

/**
 * Up to this many requests per window the limiter keeps the exact timestamps of the last N admissions (a
 * sliding-window log). Above it, state is N-independent: SUB_WINDOWS counters that are summed over a span
 * slightly longer than the window, which still never admits N+1 in any window (see docs/RULES.md).
 */
export const LOG_MAX_REQUESTS = 16;
export const SUB_WINDOWS = 16;

const TWO_32 = 2 ** 32;

/** Exact per-window state for one (scope, limit) pair; each key owns `width` Uint32 words. */
class WindowStore implements SlotStore {
  readonly index = new SlotIndex();
  private words = new Uint32Array(0);
  private lastSeen = new Float64Array(0);
  /** Sub-window mode: absolute index of the newest sub-window counted. */
  private heads = new Float64Array(0);
  readonly n: number;
  readonly windowMs: number;
  readonly logMode: boolean;
  /** Sub-window length; SUB_WINDOWS of them cover at least the whole window. */
  readonly subMs: number;
  readonly width: number;

  constructor(limit: RateLimit) {
    this.n = limit.requests;
    this.windowMs = limit.windowSec * 1000;
    this.logMode = limit.requests <= LOG_MAX_REQUESTS;
    this.subMs = Math.ceil(this.windowMs / SUB_WINDOWS);
    // log: [count, head, ts × n]   sub-windows: [total, counter × (SUB_WINDOWS + 1)]
    this.width = this.logMode ? this.n + 2 : SUB_WINDOWS + 2;
  }

  prepare(slot: number): void {
    const end = (slot + 1) * this.width;
    this.words = ensureSlots(this.words, slot + 1, this.width);
    this.lastSeen = ensureSlots(this.lastSeen, slot + 1);
    this.words.fill(0, slot * this.width, end);
    this.lastSeen[slot] = Number.NEGATIVE_INFINITY;
    if (!this.logMode) {
      this.heads = ensureSlots(this.heads, slot + 1);
      this.heads[slot] = Number.NEGATIVE_INFINITY;
    }
  }

  isIdle(slot: number, now: number): boolean {
    const idleAfter = this.logMode ? this.windowMs : (SUB_WINDOWS + 2) * this.subMs;
    return now - (this.lastSeen[slot] ?? Number.NEGATIVE_INFINITY) >= idleAfter;
  }

  decide(slot: number, now: number, consume: boolean): RateLimitResult {
    const result = this.logMode ? this.decideLog(slot, now, consume) : this.decideSubWindows(slot, now, consume);
    if (consume) this.lastSeen[slot] = now;
    return result;
  }

  private decideLog(slot: number, now: number, consume: boolean): RateLimitResult {
    const w = this.words;
    const base = slot * this.width;
    const n = this.n;
    // Timestamps are kept modulo 2^32 ms; ages computed the same way are right for spans under 49 days,
    // and a key idle for a whole window is reset before any age is read.
    if (this.isIdle(slot, now)) w.fill(0, base, base + this.width);
    const t = (now % TWO_32) >>> 0;
    const count = w[base]!;
    const head = w[base + 1]!;
    // Admit when fewer than n admissions lie in (now - window, now]: the oldest of the last n is outside.
    const oldestAge = count < n ? Number.POSITIVE_INFINITY : (t - w[base + 2 + head]!) >>> 0;
    const allowed = oldestAge >= this.windowMs;
    if (allowed && consume) {
      if (count < n) {
        w[base + 2 + count] = t;
        w[base] = count + 1;
      } else {
        w[base + 2 + head] = t;
        w[base + 1] = (head + 1) % n;
      }
    }
    let inWindow = allowed && !consume ? 1 : 0;
    let oldestInWindowAge = -1;
    const stored = w[base]!;
    for (let i = 0; i < stored; i++) {
      const age = (t - w[base + 2 + i]!) >>> 0;
      if (age < this.windowMs) {
        inWindow++;
        if (age > oldestInWindowAge) oldestInWindowAge = age;
      }
    }
    const resetMs = oldestInWindowAge < 0 ? 0 : this.windowMs - oldestInWindowAge;
    return {
      allowed,
      limit: n,
      remaining: Math.max(0, n - inWindow),
      resetSec: Math.ceil(resetMs / 1000),
      retryAfterSec: allowed ? 0 : Math.max(1, Math.ceil((this.windowMs - oldestAge) / 1000)),
    };
  }

  private decideSubWindows(slot: number, now: number, consume: boolean): RateLimitResult {
    const w = this.words;
    const base = slot * this.width;
    const ring = SUB_WINDOWS + 1;
    const k = Math.floor(now / this.subMs);
    const head = this.heads[slot]!;
    let total = w[base]!;
    const advance = k - head;
    if (advance > SUB_WINDOWS) {
      w.fill(0, base, base + 1 + ring);
      total = 0;
    } else {
      for (let i = 1; i <= advance; i++) {
        const at = base + 1 + ((head + i) % ring);
        total -= w[at]!;
        w[at] = 0;
      }
    }
    if (advance > 0) this.heads[slot] = k;
    // `total` counts the current sub-window and the SUB_WINDOWS before it: a span that contains every
    // window of length windowMs ending now, so admitting only below n never lets n+1 into any window.
    const allowed = total < this.n;
    if (allowed && consume) {
      w[base + 1 + (k % ring)]! += 1;
      total++;
    }
    w[base] = total;
    const effective = allowed && !consume ? total + 1 : total;
    // The budget grows when the oldest non-empty sub-window leaves the counted span.
    let resetMs = 0;
    let retryMs = 0;
    let dropped = 0;
    for (let j = 1; j <= ring; j++) {
      const count = w[base + 1 + ((k + j) % ring)]!;
      if (count === 0) continue;
      const leavesInMs = (k + j) * this.subMs - now;
      if (resetMs === 0) resetMs = leavesInMs;
      dropped += count;
      if (total - dropped < this.n) {
        retryMs = leavesInMs;
        break;
      }
    }
    return {
      allowed,
      limit: this.n,
      remaining: Math.max(0, this.n - effective),
      resetSec: Math.ceil(resetMs / 1000),
      retryAfterSec: allowed ? 0 : Math.max(1, Math.ceil(retryMs / 1000)),
    };
  }
}

export interface RateLimiterOptions {
  /** Bound on tracked keys across every scope; beyond it idle keys, then the oldest keys, are dropped. */
  maxKeys?: number;
  /** Clock used when a call omits `now` (epoch ms). */
  clock?: () => number;
}

export const DEFAULT_MAX_KEYS = 1_000_000;

/**
 * Exact, synchronous, in-memory limiter: a limit of N per window never admits N+1 in any window of that
 * length, and rejected requests consume nothing. One instance per process (self-hosted) or per edge
 * container (Lambda@Edge, where AWS WAF rate-based rules carry the volumetric load).
 */
export class RateLimiter {
  private readonly slots: ScopedSlots<WindowStore>;
  private readonly clock: () => number;

  constructor(options: RateLimiterOptions = {}) {
    this.clock = options.clock ?? Date.now;
    this.slots = new ScopedSlots(
      (scope) => new WindowStore(parseScopeLimit(scope)),
      options.maxKeys ?? DEFAULT_MAX_KEYS,
    );
  }

  /** Decides and, when allowed, records one request for `key` under `scope` (e.g. project + rule). */
  check(scope: string, key: string, limit: RateLimit, now = this.clock()): RateLimitResult {
    assertLimit(limit);
    const { store, slot } = this.slots.acquire(scopeKey(scope, limit), key, now);
    return store.decide(slot, now, true);
  }

  /** What `check` would answer, without recording anything (sandbox calls). */
  peek(scope: string, key: string, limit: RateLimit, now = this.clock()): RateLimitResult {
    assertLimit(limit);
    const found = this.slots.find(scopeKey(scope, limit), key);
    if (!found) {
      return { allowed: true, limit: limit.requests, remaining: limit.requests - 1, resetSec: 0, retryAfterSec: 0 };
    }
    return found.store.decide(found.slot, now, false);
  }

  get size(): number {
    return this.slots.size;
  }

  stats(): ScopedSlotsStats {
    return this.slots.stats();
  }

  /** Evicts idle keys now (up to `budget` visited); normally this happens a little on every check. */
  sweep(now = this.clock(), budget = Number.POSITIVE_INFINITY): number {
    return this.slots.sweep(now, budget);
  }
}

// The limit is part of the scope so that editing a rule's limit starts from fresh, correctly sized state.
function scopeKey(scope: string, limit: RateLimit): string {
  return `${limit.requests}/${limit.windowSec}|${scope}`;
}

function parseScopeLimit(scope: string): RateLimit {
  const bar = scope.indexOf('|');
  const [requests, windowSec] = scope.slice(0, bar).split('/').map(Number);
  return { requests: requests!, windowSec: windowSec! };
}

export const MAX_WINDOW_SEC = 86_400;
export const MAX_REQUESTS = 1_000_000;

function assertLimit(limit: RateLimit): void {
  const ok =
    Number.isInteger(limit.requests) &&
    limit.requests >= 1 &&
    limit.requests <= MAX_REQUESTS &&
    Number.isInteger(limit.windowSec) &&
    limit.windowSec >= 1 &&
    limit.windowSec <= MAX_WINDOW_SEC;
  if (!ok) throw new RangeError(`invalid rate limit ${limit.requests}/${limit.windowSec}s`);
}

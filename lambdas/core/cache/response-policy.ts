import type { CachePlan } from '../pipeline/types.ts';
import {
  type CacheControl,
  deltaSeconds,
  formatCacheControl,
  type HeaderValue,
  headerText,
  parseCacheControl,
  parseHttpDate,
} from './cache-control.ts';

/**
 * What a shared cache may keep from an origin response. The project / rule TTL decides how long an
 * entry stays fresh (the product promise: "TTL is set per project and per path"); the origin can only
 * forbid storing, never lengthen or shorten a stored entry's life. See docs/CACHING.md for the reasoning.
 */

/**
 * Statuses RFC 9110 §15.1 calls heuristically cacheable, minus 206 (no partial entries are kept) and
 * every error status: 5xx so stale-if-error can hide them rather than store them, 4xx (404, 405, 410,
 * 414) because at CloudFront viewer-response never runs for them, so a stored error could not be told
 * apart from a fresh one — both runtimes keep them out of the cache and answer them the same way.
 */
export const CACHEABLE_STATUSES: ReadonlySet<number> = new Set([200, 203, 204, 300, 301, 308]);

export type StorageReason =
  | 'storable'
  | 'status_not_cacheable'
  | 'no_store'
  | 'private'
  | 'no_cache'
  | 'authorization'
  | 'vary_star'
  | 'set_cookie'
  | 'origin_max_age_zero'
  | 'expired_at_origin';

export interface StorageDecision {
  store: boolean;
  reason: StorageReason;
  /** False when the origin sent must-revalidate / proxy-revalidate: no stale serving for this entry. */
  allowStale: boolean;
}

export interface OriginResponseHead {
  status: number;
  /** Header names in any case. */
  headers: Readonly<Record<string, HeaderValue>>;
}

export interface StoragePolicyOptions {
  /** Headers of the request that produced the response (lower-cased names). */
  requestHeaders?: Readonly<Record<string, string | undefined>>;
  /**
   * Store responses that set cookies (the stored copy never replays the Set-Cookie). No configuration
   * sets this yet; it is the hook for a future per-rule opt-in.
   */
  storeSetCookie?: boolean;
  /** Epoch ms, used to judge `Expires` when the response has no `Date`. */
  nowMs?: number;
}

export function getHeader(headers: Readonly<Record<string, HeaderValue>>, name: string): HeaderValue {
  const direct = headers[name];
  if (direct !== undefined) return direct;
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

function refuse(reason: StorageReason): StorageDecision {
  return { store: false, reason, allowStale: false };
}

function expiredAtOrigin(response: OriginResponseHead, nowMs: number | undefined): boolean {
  const expires = headerText(getHeader(response.headers, 'expires'));
  if (expires === undefined) return false;
  const expiresAt = parseHttpDate(expires);
  // RFC 9111 §5.3: an invalid Expires (e.g. "0") means "already expired".
  if (expiresAt === undefined) return true;
  const reference = parseHttpDate(headerText(getHeader(response.headers, 'date'))) ?? nowMs;
  return reference !== undefined && expiresAt <= reference;
}

export function decideStorage(response: OriginResponseHead, options: StoragePolicyOptions = {}): StorageDecision {
  if (!CACHEABLE_STATUSES.has(response.status)) return refuse('status_not_cacheable');
  const cc = parseCacheControl(getHeader(response.headers, 'cache-control'));
  // `private="field"` and `no-cache="field"` are read as the unqualified forms: stricter, never wrong.
  if (cc.has('no-store')) return refuse('no_store');
  if (cc.has('private')) return refuse('private');
  if (cc.has('no-cache')) return refuse('no_cache');
  if (
    options.requestHeaders?.authorization !== undefined &&
    !cc.has('public') &&
    !cc.has('s-maxage') &&
    !cc.has('must-revalidate')
  ) {
    // RFC 9111 §3.5: a shared cache must not reuse an authenticated response unless the origin says so.
    return refuse('authorization');
  }
  const vary = headerText(getHeader(response.headers, 'vary'));
  if (vary?.split(',').some((v) => v.trim() === '*')) return refuse('vary_star');
  if (getHeader(response.headers, 'set-cookie') !== undefined && !options.storeSetCookie) return refuse('set_cookie');
  const sharedMaxAge = deltaSeconds(cc, 's-maxage') ?? deltaSeconds(cc, 'max-age');
  if (sharedMaxAge === 0) return refuse('origin_max_age_zero');
  if (sharedMaxAge === undefined && expiredAtOrigin(response, options.nowMs)) return refuse('expired_at_origin');
  return { store: true, reason: 'storable', allowStale: !cc.has('must-revalidate') && !cc.has('proxy-revalidate') };
}

const MAX_TAGS = 64;
const MAX_TAG_LENGTH = 256;

/** Purge tags from `Cache-Tag` (comma-separated, Cloudflare style) and `Surrogate-Key` (space-separated, Fastly style). */
export function parseCacheTags(headers: Readonly<Record<string, HeaderValue>>): string[] {
  const tags = new Set<string>();
  const add = (text: string | undefined, separator: RegExp) => {
    for (const raw of text?.split(separator) ?? []) {
      const tag = raw.trim().toLowerCase();
      if (tag && tag.length <= MAX_TAG_LENGTH && tags.size < MAX_TAGS) tags.add(tag);
    }
  };
  add(headerText(getHeader(headers, 'cache-tag')), /,/);
  add(headerText(getHeader(headers, 'surrogate-key')), /\s+/);
  return [...tags];
}

const SHARED_CACHE_DIRECTIVES = ['public', 's-maxage', 'stale-while-revalidate', 'stale-if-error'];

/**
 * The Cache-Control the origin-response function hands CloudFront. Storable responses get `s-maxage`
 * for the plan's TTL (CloudFront prefers it over max-age, browsers ignore it) plus the stale windows;
 * everything else gets `private`, which keeps CloudFront from storing it while browsers may still cache.
 */
export function cdnCacheControl(
  plan: CachePlan,
  response: OriginResponseHead,
  options: StoragePolicyOptions = {},
): string {
  const cc: CacheControl = parseCacheControl(getHeader(response.headers, 'cache-control'));
  for (const name of SHARED_CACHE_DIRECTIVES) cc.delete(name);
  const decision = plan.mode === 'cache' ? decideStorage(response, options) : undefined;
  if (plan.mode !== 'cache' || !decision?.store) {
    if (!cc.has('no-store') && !cc.has('private')) cc.set('private', true);
    return formatCacheControl(cc);
  }
  cc.set('s-maxage', String(plan.ttlSec));
  if (decision.allowStale && plan.staleWhileRevalidateSec > 0) {
    cc.set('stale-while-revalidate', String(plan.staleWhileRevalidateSec));
  }
  if (decision.allowStale && plan.staleIfErrorSec > 0) cc.set('stale-if-error', String(plan.staleIfErrorSec));
  return formatCacheControl(cc);
}

import type { CloudFrontHeaders, CloudFrontRequest } from 'aws-lambda';
import { deltaSeconds, parseCacheControl } from '../../lambdas/core/cache/cache-control.ts';
import { headerValue } from './cloudfront-headers.ts';

/** The distribution's cache policy (lib/edge-stack.ts): which request parts key an object, and its TTL bounds. */
export interface CachePolicy {
  /** Lower-cased header names in the key (Host is always part of it). */
  headers: readonly string[];
  minTtlSec: number;
  defaultTtlSec: number;
  maxTtlSec: number;
  /** enableAcceptEncodingGzip / enableAcceptEncodingBrotli: the normalised Accept-Encoding joins the key. */
  acceptEncoding: boolean;
}

export const EDGE_STACK_CACHE_POLICY: CachePolicy = {
  headers: ['host', 'x-eg-cache-key', 'authorization'],
  minTtlSec: 0,
  defaultTtlSec: 0,
  maxTtlSec: 365 * 86_400,
  acceptEncoding: true,
};

/** What the response headers policy and viewer-response see: CloudFront's verdict for one response. */
export type CacheOutcome = 'hit' | 'miss' | 'refresh';

export interface StoredObject {
  status: number;
  statusDescription: string;
  headers: CloudFrontHeaders;
  body: Buffer;
  storedAt: number;
  ttlMs: number;
  staleWhileRevalidateMs: number;
  staleIfErrorMs: number;
}

function normalisedAcceptEncoding(value: string | undefined): string {
  const codings = new Set((value ?? '').split(',').map((c) => c.split(';')[0]!.trim().toLowerCase()));
  return [codings.has('br') ? 'br' : '', codings.has('gzip') ? 'gzip' : ''].filter(Boolean).join(',');
}

/**
 * The cache key as CloudFront builds it after viewer-request ran: the policy's headers, every query
 * parameter as sent (CloudFront does not reorder them), and HEAD sharing GET's object.
 */
export function cacheKeyFor(policy: CachePolicy, request: CloudFrontRequest): string {
  const parts = policy.headers.map((name) => `${name}=${headerValue(request.headers, name) ?? ''}`);
  if (policy.acceptEncoding)
    parts.push(`ae=${normalisedAcceptEncoding(headerValue(request.headers, 'accept-encoding'))}`);
  return [...parts, `uri=${request.uri}`, `qs=${request.querystring}`].join('\n');
}

/**
 * How long CloudFront keeps an origin response (developer guide, "Manage how long content stays in the
 * cache"): `private`, `no-store` and `no-cache` keep it out when the minimum TTL is 0; else `s-maxage`,
 * then `max-age`, then the default TTL, clamped to [min, max]. Zero means not stored.
 */
export function storedLifetime(policy: CachePolicy, status: number, headers: CloudFrontHeaders) {
  const cc = parseCacheControl(headerValue(headers, 'cache-control'));
  const refused =
    status === 206 || ((cc.has('private') || cc.has('no-store') || cc.has('no-cache')) && policy.minTtlSec === 0);
  const declared = deltaSeconds(cc, 's-maxage') ?? deltaSeconds(cc, 'max-age') ?? policy.defaultTtlSec;
  const ttlSec = refused ? 0 : Math.min(Math.max(declared, policy.minTtlSec), policy.maxTtlSec);
  return {
    ttlMs: ttlSec * 1000,
    staleWhileRevalidateMs: (deltaSeconds(cc, 'stale-while-revalidate') ?? 0) * 1000,
    staleIfErrorMs: (deltaSeconds(cc, 'stale-if-error') ?? 0) * 1000,
  };
}

export type Freshness = 'fresh' | 'stale-while-revalidate' | 'stale-if-error' | 'expired';

export function freshnessOf(object: StoredObject, now: number): Freshness {
  const age = now - object.storedAt;
  if (age < object.ttlMs) return 'fresh';
  if (age < object.ttlMs + object.staleWhileRevalidateMs) return 'stale-while-revalidate';
  if (age < object.ttlMs + object.staleIfErrorMs) return 'stale-if-error';
  return 'expired';
}

/** One edge location's cache: unbounded (tests are short), keyed as above. */
export class EdgeCache {
  private readonly objects = new Map<string, StoredObject>();

  get(key: string): StoredObject | undefined {
    return this.objects.get(key);
  }

  set(key: string, object: StoredObject): void {
    this.objects.set(key, object);
  }

  delete(key: string): void {
    this.objects.delete(key);
  }

  get size(): number {
    return this.objects.size;
  }

  clear(): void {
    this.objects.clear();
  }
}

import type { CloudFrontHeaders } from 'aws-lambda';
import type { CachePlan } from '../core/pipeline/types.ts';

/**
 * Headers the four triggers use to hand decisions to each other through CloudFront. Clients must never
 * be able to set them, so viewer-request strips every `x-eg-` header it receives.
 */
export const INTERNAL = {
  /** Synthetic cache-key header: the distribution's cache policy keys on Host + this + the query string. */
  cacheKey: 'x-eg-cache-key',
  /** `bypass` or `ttl=<s>,swr=<s>,sie=<s>`: read by origin-response (Cache-Control) and viewer-response. */
  cachePlan: 'x-eg-cache-plan',
  project: 'x-eg-project',
  /** The viewer's full query string, restored in origin-request after the key used a reduced one. */
  originalQuery: 'x-eg-query',
  /** Response headers decided at viewer-request (e.g. rate-limit headers), URI-encoded JSON. */
  responseHeaders: 'x-eg-response-headers',
  /**
   * Response header from origin-response to viewer-response: `BYPASS` when the origin forbade storing.
   * Only ever on responses CloudFront does not store, so a cache hit never replays it.
   */
  cacheVerdict: 'x-eg-cache-status',
} as const;

export const INTERNAL_PREFIX = 'x-eg-';

export function stripInternalHeaders(headers: CloudFrontHeaders): void {
  for (const name of Object.keys(headers)) {
    if (name.startsWith(INTERNAL_PREFIX)) delete headers[name];
  }
}

/** The plan travels without its key: the later triggers only need the lifetimes. */
export function formatCachePlan(plan: CachePlan): string {
  return plan.mode === 'bypass'
    ? 'bypass'
    : `ttl=${plan.ttlSec},swr=${plan.staleWhileRevalidateSec},sie=${plan.staleIfErrorSec}`;
}

export function parseCachePlan(value: string | undefined): CachePlan | undefined {
  if (value === undefined) return undefined;
  if (value === 'bypass') return { mode: 'bypass', reason: 'decided at viewer-request' };
  const match = /^ttl=(\d+),swr=(\d+),sie=(\d+)$/.exec(value);
  if (!match) return undefined;
  return {
    mode: 'cache',
    key: '',
    ttlSec: Number(match[1]),
    staleWhileRevalidateSec: Number(match[2]),
    staleIfErrorSec: Number(match[3]),
  };
}

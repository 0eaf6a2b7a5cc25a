import { jsonError } from '../pipeline/responses.ts';
import type { EdgeResponse } from '../pipeline/types.ts';
import type { RateLimitResult } from './sliding-window.ts';

/** `RateLimit-Limit / -Remaining / -Reset` (IETF draft-ietf-httpapi-ratelimit-headers), plus `Retry-After` when refused. */
export function rateLimitHeaders(result: RateLimitResult): Record<string, string> {
  const headers: Record<string, string> = {
    'ratelimit-limit': String(result.limit),
    'ratelimit-remaining': String(result.remaining),
    'ratelimit-reset': String(result.resetSec),
  };
  if (!result.allowed) headers['retry-after'] = String(result.retryAfterSec);
  return headers;
}

/** The 429 a refused client receives: JSON error `rate_limited` with the limit headers. */
export function rateLimitResponse(result: RateLimitResult, requestId: string): EdgeResponse {
  return jsonError(
    429,
    'rate_limited',
    'Too many requests',
    requestId,
    rateLimitHeaders({ ...result, allowed: false }),
    { retryAfterSec: result.retryAfterSec },
  );
}

/** Of several limits that admitted a request, the one to advertise: the closest to refusing. */
export function tightest(results: readonly RateLimitResult[]): RateLimitResult | undefined {
  let best: RateLimitResult | undefined;
  for (const r of results) {
    if (!best || r.remaining < best.remaining || (r.remaining === best.remaining && r.resetSec > best.resetSec))
      best = r;
  }
  return best;
}

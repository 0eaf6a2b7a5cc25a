import type { CloudFrontResponseEvent, CloudFrontResponseResult } from 'aws-lambda';
import { cdnCacheControl, decideStorage } from '../core/cache/response-policy.ts';
import type { CachePlan } from '../core/pipeline/types.ts';
import { flattenHeaders, getHeader, setHeader } from './cloudfront.ts';
import { INTERNAL, parseCachePlan, stripInternalHeaders } from './internal-headers.ts';

const NOT_STORED: CachePlan = { mode: 'bypass', reason: 'error status at the edge' };

/**
 * Origin response (cache miss only, before CloudFront stores the object): rewrites Cache-Control to the
 * project's TTL, stale-while-revalidate and stale-if-error for this path, as planned at viewer-request.
 * CloudFront honours `s-maxage` / `stale-*`; what may not be stored is marked `private`.
 *
 * CloudFront never runs viewer-response for a status ≥ 400, so such responses get X-Cache-Status here
 * and are kept out of the cache: a stored one would replay this label on every later hit.
 */
export const handler = async (event: CloudFrontResponseEvent): Promise<CloudFrontResponseResult> => {
  const { request, response } = event.Records[0]!.cf;
  // The origin must not speak for the gateway: its own x-eg-* headers would reach viewer-response.
  stripInternalHeaders(response.headers);
  const plan = parseCachePlan(getHeader(request.headers, INTERNAL.cachePlan));
  if (!plan) return response;
  const status = Number(response.status);
  const head = { status, headers: flattenHeaders(response.headers) };
  const policy = { requestHeaders: flattenHeaders(request.headers), nowMs: Date.now() };
  setHeader(response.headers, 'Cache-Control', cdnCacheControl(status >= 400 ? NOT_STORED : plan, head, policy));

  // Every refusal but an uncacheable status is the origin saying "do not share this": BYPASS, as the
  // self-hosted cache labels it. Any other unstored response is a MISS.
  const storage = plan.mode === 'cache' ? decideStorage(head, policy) : undefined;
  const originForbids = storage !== undefined && !storage.store && storage.reason !== 'status_not_cacheable';
  const verdict = plan.mode === 'bypass' || originForbids ? 'BYPASS' : 'MISS';
  if (status >= 400) setHeader(response.headers, 'X-Cache-Status', verdict);
  else if (verdict === 'BYPASS') setHeader(response.headers, INTERNAL.cacheVerdict, verdict);
  return response;
};

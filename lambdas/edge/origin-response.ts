import type { CloudFrontResponseEvent, CloudFrontResponseResult } from 'aws-lambda';
import { cdnCacheControl } from '../core/cache/response-policy.ts';
import { flattenHeaders, getHeader, setHeader } from './cloudfront.ts';
import { INTERNAL, parseCachePlan } from './internal-headers.ts';

/**
 * Origin response (cache miss only, before CloudFront stores the object): rewrites Cache-Control to the
 * project's TTL, stale-while-revalidate and stale-if-error for this path, as planned at viewer-request.
 * CloudFront honours `s-maxage` / `stale-*`; what may not be stored is marked `private`.
 */
export const handler = async (event: CloudFrontResponseEvent): Promise<CloudFrontResponseResult> => {
  const { request, response } = event.Records[0]!.cf;
  const plan = parseCachePlan(getHeader(request.headers, INTERNAL.cachePlan));
  if (!plan) return response;
  const value = cdnCacheControl(
    plan,
    { status: Number(response.status), headers: flattenHeaders(response.headers) },
    { requestHeaders: flattenHeaders(request.headers), nowMs: Date.now() },
  );
  setHeader(response.headers, 'Cache-Control', value);
  return response;
};

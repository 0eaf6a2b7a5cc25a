import type { CloudFrontHeaders, CloudFrontResponseEvent, CloudFrontResponseResult } from 'aws-lambda';
import { deleteHeader, getHeader, setHeader } from './cloudfront.ts';
import { INTERNAL, parseCachePlan } from './internal-headers.ts';

export type CacheStatus = 'HIT' | 'MISS' | 'STALE' | 'BYPASS';

/**
 * Lambda@Edge cannot see X-Cache, but the response headers policy adds `Server-Timing` before this
 * trigger runs, whose `cdn-cache-*` metric says how the cache answered. `cdn-cache-refresh` is a stale
 * object CloudFront revalidated with the origin.
 */
export function cacheStatusFromServerTiming(serverTiming: string | undefined): CacheStatus | undefined {
  if (!serverTiming) return undefined;
  const metrics = serverTiming.split(',').map((m) => m.trim().split(';')[0]!.trim().toLowerCase());
  if (metrics.includes('cdn-cache-hit')) return 'HIT';
  if (metrics.includes('cdn-cache-refresh')) return 'STALE';
  if (metrics.includes('cdn-cache-miss')) return 'MISS';
  return undefined;
}

function decisionHeaders(requestHeaders: CloudFrontHeaders): Record<string, string> {
  const raw = getHeader(requestHeaders, INTERNAL.responseHeaders);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

/** Viewer response: adds `X-Cache-Status` and the response headers the pipeline decided at viewer-request. */
export const handler = async (event: CloudFrontResponseEvent): Promise<CloudFrontResponseResult> => {
  const { request, response } = event.Records[0]!.cf;
  for (const [name, value] of Object.entries(decisionHeaders(request.headers)))
    setHeader(response.headers, name, value);
  const plan = parseCachePlan(getHeader(request.headers, INTERNAL.cachePlan));
  // Set by origin-response on a response the origin forbade storing (never on a stored object).
  const verdict = getHeader(response.headers, INTERNAL.cacheVerdict);
  deleteHeader(response.headers, INTERNAL.cacheVerdict);
  const status =
    plan?.mode === 'bypass' || verdict === 'BYPASS'
      ? 'BYPASS'
      : (cacheStatusFromServerTiming(getHeader(response.headers, 'server-timing')) ?? (plan ? 'MISS' : 'BYPASS'));
  setHeader(response.headers, 'X-Cache-Status', status);
  return response;
};

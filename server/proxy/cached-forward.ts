import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { AppError } from '../../lambdas/core/errors.ts';
import type { CachePlan } from '../../lambdas/core/pipeline/types.ts';
import type { FetchOrigin, HttpCache, OriginResponse } from '../cache/http-cache.ts';
import { flattenHeaders } from '../http-util.ts';
import { OriginTimeoutError, OriginUnreachableError, readAll, requestOrigin } from './origin-client.ts';
import { type Forward, type OriginTarget, originTargetFor } from './origin-request.ts';

export type CacheableForward = Forward & {
  cache: Extract<CachePlan, { mode: 'cache' }>;
};

/** Largest origin body the cache path buffers; a larger one fails the request (bypass such paths with a rule). */
export const DEFAULT_MAX_BUFFER_BYTES = 64 * 1024 * 1024;

export interface CachedForwardDeps {
  cache: HttpCache;
  originTimeoutMs: number;
  maxBufferBytes?: number;
}

export function isCacheable(decision: Forward): decision is CacheableForward {
  return decision.cache.mode === 'cache';
}

function asOriginError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  return new OriginUnreachableError((err as NodeJS.ErrnoException).code ?? 'response body interrupted');
}

/**
 * The origin fetch HttpCache calls (docs/CACHING.md §8): the request the streaming path would send,
 * without a body, with the cache's header overrides (null removes), buffered whole. It never touches the
 * client connection, so a background refresh outlives the request that started it, and it rejects when
 * the head or the whole body takes longer than `timeoutMs` or the origin cannot be reached, which is
 * what stale-if-error reacts to.
 */
export function bufferedOriginFetch(target: () => OriginTarget, timeoutMs: number, maxBytes: number): FetchOrigin {
  return async ({ method, headers: overrides }): Promise<OriginResponse> => {
    const { url, headers: base } = target();
    const headers = { ...base };
    for (const [name, value] of Object.entries(overrides)) {
      if (value === null) delete headers[name];
      else headers[name] = value;
    }
    delete headers['content-length'];
    const started = Date.now();
    const originRes = await requestOrigin({ url, method, headers, bodyChunks: [] }, timeoutMs);
    const timer = setTimeout(
      () => originRes.body.destroy(new OriginTimeoutError(timeoutMs)),
      Math.max(0, timeoutMs - (Date.now() - started)),
    );
    try {
      const body = await readAll(originRes.body, maxBytes).catch((err: unknown) => {
        originRes.body.destroy();
        throw asOriginError(err);
      });
      return { status: originRes.statusCode, headers: originRes.headers as OriginResponse['headers'], body };
    } finally {
      clearTimeout(timer);
    }
  };
}

/** Serves a GET/HEAD through the edge cache: HIT, MISS, STALE or (origin forbade storing) BYPASS. */
export async function cachedForward(
  deps: CachedForwardDeps,
  req: IncomingMessage,
  res: ServerResponse,
  decision: CacheableForward,
  ip: string,
  requestId: string,
  /** The request's headers as the pipeline saw them (lower-cased, single-valued). */
  requestHeaders: Record<string, string> = flattenHeaders(req.headers),
): Promise<void> {
  // A GET/HEAD body is never part of a cached exchange: drain it so the connection stays usable.
  if (!req.readableEnded) req.resume();
  // Built only when the origin is actually asked (a HIT never is), then kept for a background refresh.
  let target: OriginTarget | undefined;
  const fetchOrigin = bufferedOriginFetch(
    () => {
      target ??= originTargetFor(req, decision, ip, requestId);
      return target;
    },
    deps.originTimeoutMs,
    deps.maxBufferBytes ?? DEFAULT_MAX_BUFFER_BYTES,
  );
  const method = (req.method ?? 'GET').toUpperCase();
  const result = await deps.cache.handle(
    decision.cache,
    { method, headers: requestHeaders, path: req.url ?? '/' },
    fetchOrigin,
  );
  const headers: OutgoingHttpHeaders = {
    ...result.headers,
    ...decision.responseHeaders,
    'x-cache-status': result.cacheStatus,
    'x-request-id': requestId,
  };
  // The body is whole in memory, so its length is known, except that HEAD keeps the GET entry's length.
  const bodiless = method === 'HEAD' || result.status === 304 || result.status === 204 || result.status < 200;
  if (!bodiless) headers['content-length'] = result.body.length;
  res.writeHead(result.status, headers);
  res.end(bodiless ? undefined : result.body);
}

import type { IncomingMessage } from 'node:http';
import type { EdgeDecision } from '../../lambdas/core/pipeline/types.ts';
import { stripHopByHop } from '../http-util.ts';

export type Forward = Extract<EdgeDecision, { kind: 'forward' }>;

export interface OriginTarget {
  url: URL;
  headers: Record<string, string | string[]>;
}

// Origins are few and long-lived; parsing each one once keeps URL parsing off the per-request path.
const parsedOrigins = new Map<string, URL>();
function parsedOrigin(originUrl: string): URL {
  let url = parsedOrigins.get(originUrl);
  if (!url) {
    if (parsedOrigins.size >= 1000) parsedOrigins.clear();
    url = new URL(originUrl);
    parsedOrigins.set(originUrl, url);
  }
  return url;
}

/**
 * Where a forwarded request goes and with which headers: the origin's base path prefixed, hop-by-hop
 * headers dropped, the pipeline's header changes applied (null removes), X-Forwarded-* and the request
 * id added, Host set to the origin's. Shared by the streaming path and the cache's origin fetches so
 * both send the origin exactly the same request.
 */
export function originTargetFor(req: IncomingMessage, decision: Forward, ip: string, requestId: string): OriginTarget {
  const originBase = parsedOrigin(decision.originUrl);
  const url = new URL(req.url ?? '/', originBase);
  url.pathname = `${originBase.pathname.replace(/\/$/, '')}${url.pathname}`;
  const headers = stripHopByHop(req.headers);
  for (const [name, value] of Object.entries(decision.requestHeaders)) {
    if (value === null) delete headers[name];
    else headers[name] = value;
  }
  const priorXff = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = priorXff ? `${priorXff}, ${ip}` : ip;
  headers['x-forwarded-proto'] = 'http';
  headers['x-forwarded-host'] = req.headers.host ?? '';
  headers['x-request-id'] = requestId;
  headers.host = originBase.host;
  return { url, headers };
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EdgeRequest } from '../../lambdas/core/edge-request.ts';
import { AppError, toErrorBody } from '../../lambdas/core/errors.ts';
import { newId } from '../../lambdas/core/ids.ts';
import { projectIdFromHost } from '../../lambdas/core/project-host.ts';
import { evaluateRequest } from '../../lambdas/core/pipeline/pipeline.ts';
import type { EdgePorts, EdgeResponse, SecurityEvent } from '../../lambdas/core/pipeline/types.ts';
import type { EdgeProjectConfig } from '../../lambdas/core/project-config.ts';
import type { HttpCache } from '../cache/http-cache.ts';
import { clientIp, flattenHeaders, readBodyPrefix, stripHopByHop } from '../http-util.ts';
import { cachedForward, isCacheable } from './cached-forward.ts';
import { streamOrigin } from './origin-client.ts';
import { type Forward, originTargetFor } from './origin-request.ts';

export interface ProxyDeps {
  /** Projects are addressed as `<projectId>.<proxyDomain>`. */
  proxyDomain: string;
  loadConfig(projectId: string): Promise<EdgeProjectConfig | undefined>;
  ports: EdgePorts;
  recordEvents(events: SecurityEvent[]): void;
  /** Country of the client, from the geo port. */
  countryOf?(req: IncomingMessage, ip: string): string | undefined;
  originTimeoutMs: number;
  /** How much of a request body the security checks read; the rest is streamed to the origin unread. */
  inspectBodyBytes: number;
  /** The edge cache for requests the pipeline planned to cache; absent, every response is BYPASS. */
  cache?: HttpCache;
  log?: (line: string) => void;
}

function sendResponse(res: ServerResponse, response: EdgeResponse, requestId: string, cacheStatus: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(response.status, {
    ...response.headers,
    'x-cache-status': cacheStatus,
    'x-request-id': requestId,
    'content-length': Buffer.byteLength(response.body),
  });
  res.end(response.body);
}

function errorResponse(err: unknown, requestId: string): EdgeResponse {
  const { status, headers, body } = toErrorBody(err, requestId);
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(body),
  };
}

class UnknownProjectError extends AppError {
  constructor() {
    super(404, 'not_found', 'No project is served at this host');
  }
}

/** The self-hosted edge: one node:http handler running the shared core pipeline in front of the origin. */
export function createProxyRequestHandler(deps: ProxyDeps) {
  const log = deps.log ?? (() => {});

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const requestId = newId('req_', 16);
    try {
      const projectId = projectIdFromHost(req.headers.host, deps.proxyDomain);
      const config = projectId ? await deps.loadConfig(projectId) : undefined;
      if (!config) throw new UnknownProjectError();

      const body = await readBodyPrefix(req, deps.inspectBodyBytes);
      const ip = clientIp(req);
      const edgeRequest = toEdgeRequest(req, ip, body.chunks, body.ended, deps);
      const decision = await evaluateRequest(edgeRequest, config, deps.ports, { requestId });
      if (decision.events.length > 0) deps.recordEvents(decision.events);

      if (decision.kind === 'respond') {
        if (!body.ended) req.resume(); // discard the unread body; the origin never sees it
        sendResponse(res, decision.response, requestId, 'BYPASS');
        return;
      }
      if (deps.cache && isCacheable(decision)) {
        await cachedForward(
          { cache: deps.cache, originTimeoutMs: deps.originTimeoutMs },
          req,
          res,
          decision,
          ip,
          requestId,
          edgeRequest.headers,
        );
        return;
      }
      await forward(req, res, decision, body.chunks, body.ended, ip, requestId);
    } catch (err) {
      if (!(err instanceof AppError))
        log(`[${requestId}] proxy error: ${err instanceof Error ? err.stack : String(err)}`);
      if (!req.readableEnded) req.resume();
      sendResponse(res, errorResponse(err, requestId), requestId, 'BYPASS');
    }
  };

  async function forward(
    req: IncomingMessage,
    res: ServerResponse,
    decision: Forward,
    bodyChunks: Buffer[],
    bodyEnded: boolean,
    ip: string,
    requestId: string,
  ): Promise<void> {
    const { url: target, headers } = originTargetFor(req, decision, ip, requestId);
    await streamOrigin(
      { url: target, method: req.method ?? 'GET', headers, bodyChunks, rest: bodyEnded ? undefined : req },
      deps.originTimeoutMs,
      (statusCode, originHeaders) => {
        res.writeHead(statusCode, {
          ...stripHopByHop(originHeaders),
          ...decision.responseHeaders,
          'x-cache-status': 'BYPASS',
          'x-request-id': requestId,
        });
        return res;
      },
    );
  }
}

function toEdgeRequest(
  req: IncomingMessage,
  ip: string,
  chunks: Buffer[],
  ended: boolean,
  deps: ProxyDeps,
): EdgeRequest {
  const rawUrl = req.url ?? '/';
  const q = rawUrl.indexOf('?');
  const edgeRequest: EdgeRequest = {
    method: (req.method ?? 'GET').toUpperCase(),
    path: q < 0 ? rawUrl : rawUrl.slice(0, q),
    query: q < 0 ? '' : rawUrl.slice(q + 1),
    headers: flattenHeaders(req.headers),
    ip,
  };
  const country = deps.countryOf?.(req, ip);
  if (country) edgeRequest.country = country;
  // Most proxied requests have no body: no concatenation (not even of nothing) for them.
  const all = chunks.length === 0 ? undefined : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  if (all && all.length > 0) {
    edgeRequest.body = all.length > deps.inspectBodyBytes ? all.subarray(0, deps.inspectBodyBytes) : all;
    edgeRequest.bodyTruncated = !ended || all.length > deps.inspectBodyBytes;
  }
  return edgeRequest;
}

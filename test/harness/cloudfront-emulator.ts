import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  CloudFrontHeaders,
  CloudFrontRequest,
  CloudFrontRequestEvent,
  CloudFrontRequestResult,
  CloudFrontResponse,
  CloudFrontResponseEvent,
  CloudFrontResponseResult,
  CloudFrontResultResponse,
  Context,
} from 'aws-lambda';
import {
  type CacheOutcome,
  type CachePolicy,
  cacheKeyFor,
  EDGE_STACK_CACHE_POLICY,
  EdgeCache,
  freshnessOf,
  type StoredObject,
  storedLifetime,
} from './cloudfront-cache.ts';
import {
  headerViolation,
  isDisallowedHeader,
  setCloudFrontHeader,
  type TriggerName,
  toCloudFrontHeaders,
  toNodeHeaders,
} from './cloudfront-headers.ts';

type RequestTrigger = (event: CloudFrontRequestEvent, context: Context) => Promise<CloudFrontRequestResult>;
type ResponseTrigger = (event: CloudFrontResponseEvent, context: Context) => Promise<CloudFrontResponseResult>;

/** The four Lambda@Edge associations of the distribution's default cache behaviour. */
export interface EdgeTriggers {
  viewerRequest: RequestTrigger;
  originRequest: RequestTrigger;
  originResponse: ResponseTrigger;
  viewerResponse: ResponseTrigger;
}

export interface CloudFrontEmulatorOptions {
  triggers: EdgeTriggers;
  cachePolicy?: CachePolicy;
  /** The distribution's configured origin, before origin-request rewrites it. */
  defaultOrigin?: { domainName: string; port: number; protocol: 'http' | 'https' };
  /** Added as CloudFront-Viewer-Country by the origin request policy when set. */
  viewerCountry?: string;
  now?: () => number;
}

export interface CloudFrontEmulator {
  url: string;
  port: number;
  cache: EdgeCache;
  /** Resolves once every background refresh (stale-while-revalidate) has finished. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

interface FinalResponse {
  status: number;
  statusDescription: string;
  headers: CloudFrontHeaders;
  body: Buffer;
}

// "Include body" exposes at most 40 KB of a viewer request (Lambda@Edge quotas).
const VIEWER_BODY_LIMIT = 40 * 1024;
const DISTRIBUTION = { distributionDomainName: 'd111111abcdef8.cloudfront.net', distributionId: 'EDFDVBD6EXAMPLE' };
const POP = 'LOOP1-P1';
const CACHED_METHODS = new Set(['GET', 'HEAD']);
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

function lambdaContext(trigger: TriggerName): Context {
  return {
    functionName: `us-east-1.EdgeGateway-Edge-${trigger}`,
    invokedFunctionArn: `arn:aws:lambda:us-east-1:123456789012:function:us-east-1.EdgeGateway-Edge-${trigger}:1`,
    awsRequestId: randomBytes(16).toString('hex'),
  } as Context;
}

function isGenerated(result: CloudFrontRequestResult): result is CloudFrontResultResponse {
  return !!result && 'status' in result && !('uri' in result);
}

function bodyOf(result: CloudFrontResultResponse): Buffer {
  if (result.body === undefined) return Buffer.alloc(0);
  return Buffer.from(result.body, result.bodyEncoding === 'base64' ? 'base64' : 'utf8');
}

function lambdaValidationError(trigger: TriggerName, reason: string): FinalResponse {
  const headers: CloudFrontHeaders = {};
  setCloudFrontHeader(headers, 'Content-Type', 'text/plain');
  return {
    status: 502,
    statusDescription: 'Bad Gateway',
    headers,
    body: Buffer.from(`LambdaValidationError from ${trigger}: ${reason}`),
  };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * One CloudFront edge location for the Edge Gateway distribution, on loopback: runs the four Lambda@Edge
 * triggers at the points CloudFront does, keeps an in-memory cache keyed and timed by the cache policy
 * and the Cache-Control origin-response wrote, and adds `Server-Timing` as the response headers policy
 * does before viewer-response runs.
 *
 * Behaviour taken from the CloudFront developer guide: viewer-response does not run for responses a
 * request trigger generated nor for statuses ≥ 400, and cannot change the status; origin-request and
 * origin-response run only on a miss; disallowed headers (X-Edge-*, X-Amz-Cf-*, Connection …) never
 * reach a function; changing a read-only header answers 502. The Server-Timing metric for an object
 * served after its TTL (stale-while-revalidate or stale-if-error) is `cdn-cache-refresh`; CloudFront
 * documents that metric as "served from cache after contacting the origin", which is this harness's
 * reading, not a measured fact.
 */
export async function startCloudFrontEmulator(options: CloudFrontEmulatorOptions): Promise<CloudFrontEmulator> {
  const { triggers } = options;
  const policy = options.cachePolicy ?? EDGE_STACK_CACHE_POLICY;
  const now = options.now ?? Date.now;
  const defaultOrigin = options.defaultOrigin ?? { domainName: 'origin.invalid', port: 443, protocol: 'https' };
  const cache = new EdgeCache();
  const refreshing = new Map<string, Promise<void>>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = randomBytes(42).toString('base64url');
    const raw = await readBody(req);
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    const viewerHeaders = toCloudFrontHeaders(req.rawHeaders);
    const viewerRequest: CloudFrontRequest = {
      clientIp: req.socket.remoteAddress ?? '127.0.0.1',
      method: req.method ?? 'GET',
      uri: q < 0 ? rawUrl : rawUrl.slice(0, q),
      querystring: q < 0 ? '' : rawUrl.slice(q + 1),
      headers: viewerHeaders,
    };
    if (raw.length > 0) {
      viewerRequest.body = {
        inputTruncated: raw.length > VIEWER_BODY_LIMIT,
        action: 'read-only',
        encoding: 'base64',
        data: raw.subarray(0, VIEWER_BODY_LIMIT).toString('base64'),
      };
    }
    const before = structuredClone(viewerHeaders);
    const result = await triggers.viewerRequest(
      {
        Records: [
          { cf: { config: { ...DISTRIBUTION, eventType: 'viewer-request', requestId }, request: viewerRequest } },
        ],
      },
      lambdaContext('viewer-request'),
    );
    if (isGenerated(result)) {
      send(
        res,
        {
          status: Number(result.status),
          statusDescription: result.statusDescription ?? '',
          headers: result.headers ?? {},
          body: bodyOf(result),
        },
        requestId,
        'miss',
        false,
      );
      return;
    }
    const request = (result ?? viewerRequest) as CloudFrontRequest;
    const violation = headerViolation('viewer-request', before, request.headers);
    if (violation) {
      send(res, lambdaValidationError('viewer-request', violation), requestId, 'miss', false);
      return;
    }
    delete request.body;

    const method = request.method.toUpperCase();
    if (!CACHED_METHODS.has(method)) {
      const fetched = await fromOrigin(request, raw, requestId);
      await answer(res, request, fetched.response, requestId, 'miss', fetched.generated);
      return;
    }
    const key = cacheKeyFor(policy, request);
    const stored = cache.get(key);
    const freshness = stored ? freshnessOf(stored, now()) : 'expired';
    if (stored && freshness === 'fresh') {
      await answer(res, request, fromCache(stored, method), requestId, 'hit', false);
      return;
    }
    if (stored && freshness === 'stale-while-revalidate') {
      refreshInBackground(key, request, requestId);
      await answer(res, request, fromCache(stored, method), requestId, 'refresh', false);
      return;
    }
    const fetched = await fromOrigin(request, Buffer.alloc(0), requestId);
    if (stored && freshness === 'stale-if-error' && (fetched.failed || fetched.response.status >= 500)) {
      await answer(res, request, fromCache(stored, method), requestId, 'refresh', false);
      return;
    }
    if (method === 'GET' && !fetched.generated) store(key, fetched.response);
    await answer(res, request, fetched.response, requestId, 'miss', fetched.generated);
  }

  function fromCache(object: StoredObject, method: string): FinalResponse {
    const headers = structuredClone(object.headers);
    setCloudFrontHeader(headers, 'Age', String(Math.floor((now() - object.storedAt) / 1000)));
    return {
      status: object.status,
      statusDescription: object.statusDescription,
      headers,
      body: method === 'HEAD' ? Buffer.alloc(0) : object.body,
    };
  }

  function store(key: string, response: FinalResponse): void {
    const lifetime = storedLifetime(policy, response.status, response.headers);
    if (lifetime.ttlMs <= 0) {
      cache.delete(key);
      return;
    }
    cache.set(key, { ...response, headers: structuredClone(response.headers), storedAt: now(), ...lifetime });
  }

  function refreshInBackground(key: string, request: CloudFrontRequest, requestId: string): void {
    if (refreshing.has(key)) return;
    const work = fromOrigin(structuredClone(request), Buffer.alloc(0), requestId)
      .then((fetched) => {
        if (!fetched.failed && !fetched.generated && fetched.response.status < 500) store(key, fetched.response);
      })
      .catch(() => {})
      .finally(() => refreshing.delete(key));
    refreshing.set(key, work);
  }

  /** origin-request → the origin over loopback → origin-response; a generated answer skips the origin. */
  async function fromOrigin(
    viewerRequest: CloudFrontRequest,
    body: Buffer,
    requestId: string,
  ): Promise<{ response: FinalResponse; generated: boolean; failed: boolean }> {
    const request = structuredClone(viewerRequest);
    request.headers['x-forwarded-for'] = [{ key: 'X-Forwarded-For', value: request.clientIp }];
    request.headers.via = [{ key: 'Via', value: `2.0 ${randomBytes(16).toString('hex')}.cloudfront.net (CloudFront)` }];
    if (options.viewerCountry) {
      setCloudFrontHeader(request.headers, 'CloudFront-Viewer-Country', options.viewerCountry);
    }
    request.origin = {
      custom: {
        ...defaultOrigin,
        path: '',
        sslProtocols: ['TLSv1.2'],
        readTimeout: 30,
        keepaliveTimeout: 5,
        customHeaders: {},
      },
    };
    const before = structuredClone(request.headers);
    const result = await triggers.originRequest(
      { Records: [{ cf: { config: { ...DISTRIBUTION, eventType: 'origin-request', requestId }, request } }] },
      lambdaContext('origin-request'),
    );
    if (isGenerated(result)) {
      return {
        response: {
          status: Number(result.status),
          statusDescription: result.statusDescription ?? '',
          headers: result.headers ?? {},
          body: bodyOf(result),
        },
        generated: true,
        failed: false,
      };
    }
    const forwarded = (result ?? request) as CloudFrontRequest;
    const violation = headerViolation('origin-request', before, forwarded.headers);
    if (violation)
      return { response: lambdaValidationError('origin-request', violation), generated: true, failed: false };

    let origin: FinalResponse;
    try {
      origin = await requestOrigin(forwarded, body);
    } catch (err) {
      // No origin-response for a connection that never produced a response: CloudFront answers 502 itself.
      return {
        response: {
          status: 502,
          statusDescription: 'Bad Gateway',
          headers: {},
          body: Buffer.from(`origin unreachable: ${String(err)}`),
        },
        generated: true,
        failed: true,
      };
    }
    const originResponse: CloudFrontResponse = {
      status: String(origin.status),
      statusDescription: origin.statusDescription,
      headers: origin.headers,
    };
    const beforeResponse = structuredClone(origin.headers);
    const rewritten = await triggers.originResponse(
      {
        Records: [
          {
            cf: {
              config: { ...DISTRIBUTION, eventType: 'origin-response', requestId },
              request: forwarded,
              response: originResponse,
            },
          },
        ],
      },
      lambdaContext('origin-response'),
    );
    const final = (rewritten ?? originResponse) as CloudFrontResponse;
    const responseViolation = headerViolation('origin-response', beforeResponse, final.headers);
    if (responseViolation) {
      return { response: lambdaValidationError('origin-response', responseViolation), generated: true, failed: false };
    }
    return {
      response: {
        status: Number(final.status),
        statusDescription: final.statusDescription,
        headers: final.headers,
        body: origin.body,
      },
      generated: false,
      failed: false,
    };
  }

  /** The response headers policy, then viewer-response where CloudFront runs it, then the wire. */
  async function answer(
    res: ServerResponse,
    request: CloudFrontRequest,
    response: FinalResponse,
    requestId: string,
    outcome: CacheOutcome,
    generatedByRequestTrigger: boolean,
  ): Promise<void> {
    const headers = structuredClone(response.headers);
    setCloudFrontHeader(
      headers,
      'Server-Timing',
      `cdn-cache-${outcome},cdn-pop;desc="${POP}",cdn-rid;desc="${requestId}"`,
    );
    if (!headers['strict-transport-security']) {
      setCloudFrontHeader(headers, 'Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    if (!headers['x-content-type-options']) setCloudFrontHeader(headers, 'X-Content-Type-Options', 'nosniff');
    let final: FinalResponse = { ...response, headers };
    if (!generatedByRequestTrigger && response.status < 400) {
      const event: CloudFrontResponseEvent = {
        Records: [
          {
            cf: {
              config: { ...DISTRIBUTION, eventType: 'viewer-response', requestId },
              request: structuredClone(request),
              response: { status: String(response.status), statusDescription: response.statusDescription, headers },
            },
          },
        ],
      };
      const before = structuredClone(headers);
      const out = (await triggers.viewerResponse(event, lambdaContext('viewer-response'))) as CloudFrontResponse;
      const violation =
        headerViolation('viewer-response', before, out.headers) ??
        (out.status !== String(response.status) ? 'viewer-response cannot change the status' : undefined);
      final = violation ? lambdaValidationError('viewer-response', violation) : { ...response, headers: out.headers };
    }
    send(res, final, requestId, outcome, true);
  }

  function send(
    res: ServerResponse,
    response: FinalResponse,
    requestId: string,
    outcome: CacheOutcome,
    viaCache: boolean,
  ) {
    const headers = toNodeHeaders(response.headers);
    const head = res.req.method === 'HEAD';
    for (const name of Object.keys(headers)) {
      if (name === 'transfer-encoding' || isDisallowedHeader(name)) delete headers[name];
    }
    // A HEAD answer states the stored object's length; every other answer the body actually sent.
    if (!head || headers['content-length'] === undefined) headers['content-length'] = String(response.body.length);
    headers['x-cache'] =
      outcome === 'hit'
        ? 'Hit from cloudfront'
        : outcome === 'refresh'
          ? 'RefreshHit from cloudfront'
          : viaCache
            ? 'Miss from cloudfront'
            : 'LambdaGeneratedResponse from cloudfront';
    headers['x-amz-cf-pop'] = POP;
    headers['x-amz-cf-id'] = requestId;
    res.writeHead(response.status, response.statusDescription || undefined, headers);
    res.end(head ? undefined : response.body);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      // A trigger that throws is a Lambda execution error: CloudFront answers 503.
      if (!res.headersSent) res.writeHead(503, { 'content-type': 'text/plain' });
      res.end(`LambdaExecutionError: ${String(err)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    cache,
    settled: async () => {
      while (refreshing.size > 0) await Promise.all(refreshing.values());
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The request CloudFront sends to a custom origin; refuses anything but loopback (tests never leave the host). */
function requestOrigin(request: CloudFrontRequest, body: Buffer): Promise<FinalResponse> {
  const custom = request.origin?.custom;
  if (!custom) return Promise.reject(new Error('only custom origins are emulated'));
  if (!LOOPBACK.has(custom.domainName)) {
    return Promise.reject(new Error(`the emulator only reaches loopback origins, not ${custom.domainName}`));
  }
  if (custom.protocol !== 'http') return Promise.reject(new Error('loopback origins are plain HTTP'));
  const headers = toNodeHeaders(request.headers);
  if (body.length > 0) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: custom.domainName,
        port: custom.port,
        method: request.method,
        path: `${custom.path}${request.uri}${request.querystring ? `?${request.querystring}` : ''}`,
        headers,
        agent: false,
        timeout: custom.readTimeout * 1000,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (c: Buffer) => chunks.push(c));
        incoming.on('error', reject);
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 502,
            statusDescription: incoming.statusMessage ?? '',
            headers: toCloudFrontHeaders(incoming.rawHeaders),
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('origin read timeout')));
    outgoing.on('error', reject);
    outgoing.end(body.length > 0 ? body : undefined);
  });
}

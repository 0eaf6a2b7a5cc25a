import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { type ApiEvent, MAX_BODY_BYTES } from '../lambdas/api/http/middlewares.ts';
import { createResourceHandler } from '../lambdas/api/http/resource-handler.ts';
import { errorResult } from '../lambdas/api/http/respond.ts';
import { RESOURCES, ROUTES } from '../lambdas/api/routes.ts';
import type { Services } from '../lambdas/api/services/services.ts';
import { AppError, PayloadTooLargeError } from '../lambdas/core/errors.ts';
import { newId } from '../lambdas/core/ids.ts';
import { clientIp, flattenHeaders, readBodyPrefix } from './http-util.ts';

interface CompiledRoute {
  method: string;
  path: string;
  resource: string;
  pattern: RegExp;
  params: string[];
}

function compileRoutes(): CompiledRoute[] {
  return ROUTES.map((r) => {
    const params: string[] = [];
    const source = r.path.replace(/[.]/g, '\\.').replace(/\{(\w+)\}/g, (_m, name: string) => {
      params.push(name);
      return '([^/]+)';
    });
    return { ...r, pattern: new RegExp(`^${source}/?$`), params };
  });
}

const LAMBDA_CONTEXT = {
  functionName: 'edge-gateway-api',
  awsRequestId: 'local',
  getRemainingTimeInMillis: () => 30_000,
} as unknown as Context;

class MethodNotAllowedError extends AppError {
  constructor(allowed: string[]) {
    super(405, 'method_not_allowed', `Allowed methods: ${allowed.join(', ')}`, undefined, {
      allow: allowed.join(', '),
    });
  }
}

function allowedMethods(routes: CompiledRoute[]): string[] {
  const methods = routes.map((r) => r.method);
  return methods.includes('GET') ? [...methods, 'HEAD'] : methods;
}

/**
 * Serves /v1 by turning each node:http request into the API Gateway HTTP API v2 event the Lambda
 * handlers receive in AWS, so both runtimes execute the very same handler code.
 */
export function createApiRequestHandler(services: Services) {
  const routes = compileRoutes();
  const handlers = new Map(
    Object.entries(RESOURCES).map(([name, factory]) => [name, createResourceHandler(factory, () => services)]),
  );

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const requestId = newId('req_', 16);
    let result: APIGatewayProxyStructuredResultV2;
    try {
      result = await handle(req, requestId);
    } catch (err) {
      result = errorResult(err, requestId);
    }
    if (res.headersSent) return;
    res.writeHead(result.statusCode ?? 200, result.headers as Record<string, string>);
    res.end(result.body ?? '');
  };

  async function handle(req: IncomingMessage, requestId: string): Promise<APIGatewayProxyStructuredResultV2> {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();
    const matching = routes.filter((r) => r.pattern.test(url.pathname));
    if (matching.length === 0) {
      return errorResult(new AppError(404, 'not_found', `No route for ${url.pathname}`), requestId);
    }
    // HEAD runs the GET handler (node drops the body of a HEAD response), as RFC 9110 asks of every GET.
    const routeMethod = method === 'HEAD' ? 'GET' : method;
    const route = matching.find((r) => r.method === routeMethod);
    if (!route) return errorResult(new MethodNotAllowedError(allowedMethods(matching)), requestId);

    const body = await readBodyPrefix(req, MAX_BODY_BYTES);
    if (!body.ended) {
      req.resume(); // drain the rest so the connection can answer
      throw new PayloadTooLargeError(MAX_BODY_BYTES);
    }
    const match = route.pattern.exec(url.pathname);
    const pathParameters: Record<string, string> = {};
    route.params.forEach((name, i) => {
      pathParameters[name] = decodeURIComponent(match?.[i + 1] ?? '');
    });
    const query: Record<string, string> = {};
    for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
    const headers = flattenHeaders(req.headers);
    const event = {
      version: '2.0',
      routeKey: `${route.method} ${route.path}`,
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      headers,
      queryStringParameters: Object.keys(query).length ? query : undefined,
      pathParameters,
      body: body.bytes > 0 ? Buffer.concat(body.chunks).toString('utf8') : undefined,
      isBase64Encoded: false,
      requestContext: {
        requestId,
        http: {
          method: routeMethod,
          path: url.pathname,
          protocol: 'HTTP/1.1',
          sourceIp: clientIp(req),
          userAgent: headers['user-agent'] ?? '',
        },
      },
    } as unknown as ApiEvent;
    const handler = handlers.get(route.resource);
    if (!handler) throw new Error(`no handler for resource ${route.resource}`);
    const result = await handler(event, LAMBDA_CONTEXT);
    // API Gateway's reading of a bare string result: a 200 with that body.
    return typeof result === 'string' ? { statusCode: 200, body: result } : result;
  }
}

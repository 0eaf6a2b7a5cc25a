import middy from '@middy/core';
import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { NotFoundError } from '../../core/errors.ts';
import { ANONYMOUS } from '../services/auth-service.ts';
import type { Services } from '../services/services.ts';
import { idempotencyMiddleware } from './idempotency.ts';
import {
  type ApiEvent,
  errorEnvelopeMiddleware,
  jsonBodyMiddleware,
  requestIdMiddleware,
  requestIdOf,
} from './middlewares.ts';
import { jsonResult, successResult } from './respond.ts';
import { type AnyRoute, routeKey } from './route.ts';
import { parseOrThrow } from './zod-issues.ts';

export type RouteFactory = (services: Services) => AnyRoute[];

/** Runs the route API Gateway matched (`event.routeKey`): authenticate, parse with zod, call, wrap. */
export async function dispatch(
  routes: AnyRoute[],
  event: ApiEvent,
  services: Services,
): Promise<APIGatewayProxyResultV2> {
  const route = routes.find((r) => routeKey(r) === event.routeKey);
  if (!route) throw new NotFoundError('Route');
  const headers = (event.headers ?? {}) as Record<string, string>;
  const auth = route.auth ?? 'required';
  const principal = auth === 'none' ? ANONYMOUS : await services.auth.authenticate(headers, auth === 'required');
  const body = route.body ? parseOrThrow(route.body, event.parsedBody ?? {}, 'request body') : undefined;
  const query = route.query
    ? parseOrThrow(route.query, event.queryStringParameters ?? {}, 'query parameters')
    : (event.queryStringParameters ?? {});
  const requestId = requestIdOf(event);
  const result = await route.handle({
    params: (event.pathParameters ?? {}) as Record<string, string>,
    body,
    query,
    headers,
    principal,
    requestId,
  });
  if (result.raw) return jsonResult(result.status ?? 200, result.data, { 'x-request-id': requestId });
  return successResult(result.data, result.meta, requestId, result.status);
}

/** A middy handler for one resource's routes; services are created per process, on first use. */
export function createResourceHandler(factory: RouteFactory, services: () => Services | Promise<Services>) {
  let routes: AnyRoute[] | undefined;
  return middy<ApiEvent, APIGatewayProxyResultV2, Error, Context>()
    .use(requestIdMiddleware())
    .use(errorEnvelopeMiddleware())
    .use(jsonBodyMiddleware())
    .use(idempotencyMiddleware(services))
    .handler(async (event) => {
      const svc = await services();
      routes ??= factory(svc);
      return dispatch(routes, event, svc);
    });
}

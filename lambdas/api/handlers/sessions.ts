import { createResourceHandler, type RouteFactory } from '../http/resource-handler.ts';
import { route } from '../http/route.ts';
import { lambdaServices } from '../lambda-services.ts';
import { sessionCreateSchema } from '../services/session-service.ts';

export const sessionRoutes: RouteFactory = (s) => [
  route({
    method: 'POST',
    path: '/v1/sessions',
    summary: 'Exchange a live x-api-key for an expiring Bearer session token',
    auth: 'api-key-only',
    body: sessionCreateSchema,
    handle: async ({ principal, body }) => ({ data: await s.sessions.create(principal, body.ttlSec) }),
  }),
  route({
    method: 'DELETE',
    path: '/v1/sessions/current',
    summary: 'Revoke the Bearer session token sent with this request',
    handle: async ({ headers }) => ({ data: await s.sessions.revokeCurrent(headers) }),
  }),
];

export const handler = createResourceHandler(sessionRoutes, lambdaServices);

import { createResourceHandler, type RouteFactory } from '../http/resource-handler.ts';
import { route } from '../http/route.ts';
import { lambdaServices } from '../lambda-services.ts';
import { buildOpenApi } from '../openapi.ts';
import { allRoutes } from '../routes.ts';

export const metaRoutes: RouteFactory = (services) => [
  route({
    method: 'GET',
    path: '/v1/health',
    summary: 'Liveness: answers when the API can reach its table',
    auth: 'none',
    handle: async () => {
      await services.repos.projects.get('health-check');
      return { data: { status: 'ok', time: services.ctx.nowIso() } };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/openapi.json',
    summary: 'This API as an OpenAPI 3.1 document',
    auth: 'none',
    handle: async () => ({ data: buildOpenApi(allRoutes(services), '/'), raw: true }),
  }),
];

export const handler = createResourceHandler(metaRoutes, lambdaServices);

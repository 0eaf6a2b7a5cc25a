import { createResourceHandler, type RouteFactory } from '../http/resource-handler.ts';
import { route } from '../http/route.ts';
import { lambdaServices } from '../lambda-services.ts';
import { buildOpenApi } from '../openapi.ts';

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
    handle: async () => {
      // Imported on use: routes.ts imports this file, so a static import is a cycle that leaves
      // metaRoutes undefined when this module is the entry point (the meta Lambda).
      const { allRoutes } = await import('../routes.ts');
      return { data: buildOpenApi(allRoutes(services), '/'), raw: true };
    },
  }),
];

export const handler = createResourceHandler(metaRoutes, lambdaServices);

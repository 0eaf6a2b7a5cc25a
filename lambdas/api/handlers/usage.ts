import { createResourceHandler, type RouteFactory } from '../http/resource-handler.ts';
import { route } from '../http/route.ts';
import { lambdaServices } from '../lambda-services.ts';

export const usageRoutes: RouteFactory = (s) => [
  route({
    method: 'GET',
    path: '/v1/projects/{projectId}/usage',
    summary: 'Requests counted this month (UTC) against the plan quota, and the plan’s limits',
    handle: async ({ principal, params }) => ({ data: await s.usage.getUsage(principal, params.projectId ?? '') }),
  }),
];

export const handler = createResourceHandler(usageRoutes, lambdaServices);

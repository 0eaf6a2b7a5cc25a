import { wafConfigPatchSchema } from '../../core/config/waf-config.ts';
import { createResourceHandler, type RouteFactory } from '../http/resource-handler.ts';
import { pageResult, route } from '../http/route.ts';
import { lambdaServices } from '../lambda-services.ts';
import { wafEventQuerySchema, wafSandboxInputSchema } from '../services/waf-service.ts';

const base = '/v1/projects/{projectId}/waf';

export const wafRoutes: RouteFactory = (s) => [
  route({
    method: 'GET',
    path: `${base}/config`,
    summary: 'Get the WAF configuration, with defaults for fields never set',
    handle: async ({ principal, params }) => ({ data: await s.waf.getConfig(principal, params.projectId ?? '') }),
  }),
  route({
    method: 'PATCH',
    path: `${base}/config`,
    summary: 'Update the WAF configuration (SPEC endpoint 2); answers the projectId and the whole configuration',
    body: wafConfigPatchSchema,
    handle: async ({ principal, params, body }) => ({
      data: await s.waf.patchConfig(principal, params.projectId ?? '', body),
    }),
  }),
  route({
    method: 'POST',
    path: `${base}/sandbox-call`,
    summary: 'Evaluate a described request against the WAF without contacting the origin (SPEC endpoint 3)',
    body: wafSandboxInputSchema,
    handle: async ({ principal, params, body }) => ({
      data: await s.waf.sandbox(principal, params.projectId ?? '', body),
    }),
  }),
  route({
    method: 'GET',
    path: `${base}/events`,
    summary: 'List blocked and challenged requests, newest first (SPEC endpoint 4)',
    query: wafEventQuerySchema,
    handle: async ({ principal, params, query }) =>
      pageResult(await s.waf.listEvents(principal, params.projectId ?? '', query)),
  }),
];

export const handler = createResourceHandler(wafRoutes, lambdaServices);

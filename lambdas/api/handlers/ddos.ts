import { ddosConfigPatchSchema } from '../../core/config/ddos-config.ts';
import { createResourceHandler, type RouteFactory } from '../http/resource-handler.ts';
import { route } from '../http/route.ts';
import { lambdaServices } from '../lambda-services.ts';

const base = '/v1/projects/{projectId}/ddos';

export const ddosRoutes: RouteFactory = (s) => [
  route({
    method: 'GET',
    path: `${base}/config`,
    summary: 'Get the DDoS protection configuration, with defaults for fields never set',
    handle: async ({ principal, params }) => ({ data: await s.ddos.getConfig(principal, params.projectId ?? '') }),
  }),
  route({
    method: 'PATCH',
    path: `${base}/config`,
    summary: 'Change DDoS protection fields (per-IP requestsPerSecond, burst, action, blockDurationSec, enabled)',
    body: ddosConfigPatchSchema,
    handle: async ({ principal, params, body }) => ({
      data: await s.ddos.patchConfig(principal, params.projectId ?? '', body),
    }),
  }),
  route({
    method: 'GET',
    path: `${base}/status`,
    summary: 'Whether DDoS protection is holding any IP now (activeUntil) and the latest activations',
    handle: async ({ principal, params }) => ({ data: await s.ddos.status(principal, params.projectId ?? '') }),
  }),
];

export const handler = createResourceHandler(ddosRoutes, lambdaServices);

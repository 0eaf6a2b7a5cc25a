import { z } from 'zod';
import { alertPolicyInputSchema } from '../../core/config/alert-policy.ts';
import { pageQuerySchema } from '../../core/config/common.ts';
import { createResourceHandler, type RouteFactory } from '../http/resource-handler.ts';
import { pageResult, route } from '../http/route.ts';
import { lambdaServices } from '../lambda-services.ts';

const base = '/v1/projects/{projectId}/alerts/policies';

export const alertPolicyRoutes: RouteFactory = (s) => [
  route({
    method: 'POST',
    path: base,
    summary: 'Create an alert policy (SPEC endpoint 9)',
    body: alertPolicyInputSchema,
    handle: async ({ principal, params, body }) => ({
      data: await s.alertPolicies.create(principal, params.projectId ?? '', body),
    }),
  }),
  route({
    method: 'GET',
    path: base,
    summary: 'List alert policies',
    query: pageQuerySchema,
    handle: async ({ principal, params, query }) =>
      pageResult(await s.alertPolicies.list(principal, params.projectId ?? '', query.page, query.limit)),
  }),
  route({
    method: 'GET',
    path: `${base}/{policyId}`,
    summary: 'Get an alert policy',
    handle: async ({ principal, params }) => ({
      data: await s.alertPolicies.get(principal, params.projectId ?? '', params.policyId ?? ''),
    }),
  }),
  route({
    method: 'PATCH',
    path: `${base}/{policyId}`,
    summary: 'Update an alert policy; the merged policy is validated as a whole',
    body: z.record(z.string(), z.unknown()),
    handle: async ({ principal, params, body }) => ({
      data: await s.alertPolicies.update(principal, params.projectId ?? '', params.policyId ?? '', body),
    }),
  }),
  route({
    method: 'DELETE',
    path: `${base}/{policyId}`,
    summary: 'Delete an alert policy',
    handle: async ({ principal, params }) => ({
      data: await s.alertPolicies.delete(principal, params.projectId ?? '', params.policyId ?? ''),
    }),
  }),
];

export const handler = createResourceHandler(alertPolicyRoutes, lambdaServices);

import { pageQuerySchema } from '../../core/config/common.ts';
import { edgeRuleInputSchema, edgeRulePatchSchema } from '../../core/config/edge-rule.ts';
import { ruleSandboxRequestSchema } from '../../core/rules/sandbox.ts';
import { createResourceHandler, type RouteFactory } from '../http/resource-handler.ts';
import { pageResult, route } from '../http/route.ts';
import { lambdaServices } from '../lambda-services.ts';

const base = '/v1/projects/{projectId}/rules';

export const ruleRoutes: RouteFactory = (s) => [
  route({
    method: 'POST',
    path: base,
    summary: 'Create a custom edge rule (SPEC endpoint 5); 409 past the plan’s maxEdgeRules',
    body: edgeRuleInputSchema,
    handle: async ({ principal, params, body }) => ({
      data: await s.rules.create(principal, params.projectId ?? '', body),
    }),
  }),
  route({
    method: 'GET',
    path: base,
    summary: 'List edge rules in evaluation order (priority, then creation)',
    query: pageQuerySchema,
    handle: async ({ principal, params, query }) =>
      pageResult(await s.rules.list(principal, params.projectId ?? '', query.page, query.limit)),
  }),
  // Registered before `{ruleId}` so the literal segment is never taken for a rule id.
  route({
    method: 'POST',
    path: `${base}/sandbox-call`,
    summary: 'Dry-run the project’s rules on a described request: matches, per-rule status, final effect',
    body: ruleSandboxRequestSchema,
    handle: async ({ principal, params, body }) => ({
      data: await s.rules.sandbox(principal, params.projectId ?? '', body),
    }),
  }),
  route({
    method: 'GET',
    path: `${base}/{ruleId}`,
    summary: 'Get an edge rule',
    handle: async ({ principal, params }) => ({
      data: await s.rules.get(principal, params.projectId ?? '', params.ruleId ?? ''),
    }),
  }),
  route({
    method: 'PATCH',
    path: `${base}/{ruleId}`,
    summary: 'Change fields of an edge rule; the merged rule is validated whole',
    body: edgeRulePatchSchema,
    handle: async ({ principal, params, body }) => ({
      data: await s.rules.update(principal, params.projectId ?? '', params.ruleId ?? '', body),
    }),
  }),
  route({
    method: 'DELETE',
    path: `${base}/{ruleId}`,
    summary: 'Delete an edge rule',
    handle: async ({ principal, params }) => ({
      data: await s.rules.delete(principal, params.projectId ?? '', params.ruleId ?? ''),
    }),
  }),
];

export const handler = createResourceHandler(ruleRoutes, lambdaServices);

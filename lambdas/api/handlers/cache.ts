import { z } from 'zod';
import { purgeRequestSchema } from '../../core/cache/purge.ts';
import { cacheSandboxRequestSchema } from '../../core/cache/sandbox.ts';
import { cacheRuleInputSchema } from '../../core/config/cache-config.ts';
import { pageQuerySchema } from '../../core/config/common.ts';
import { createResourceHandler, type RouteFactory } from '../http/resource-handler.ts';
import { pageResult, route } from '../http/route.ts';
import { lambdaServices } from '../lambda-services.ts';

const base = '/v1/projects/{projectId}/cache';
// PATCH bodies are merged into the stored document and validated whole by the service, so a partial
// body never picks up schema defaults for the fields it leaves out.
const patchBody = z.record(z.string(), z.unknown());

export const cacheRoutes: RouteFactory = (s) => [
  route({
    method: 'GET',
    path: `${base}/config`,
    summary: 'Get the cache configuration (defaults until changed)',
    handle: async ({ principal, params }) => ({
      data: await s.cache.getConfig(principal, params.projectId ?? ''),
    }),
  }),
  route({
    method: 'PATCH',
    path: `${base}/config`,
    summary: 'Change cache configuration fields (SPEC endpoint 6); 409 when maxTtlSec would fall below a rule ttlSec',
    body: patchBody,
    handle: async ({ principal, params, body }) => ({
      data: await s.cache.patchConfig(principal, params.projectId ?? '', body),
    }),
  }),
  route({
    method: 'POST',
    path: `${base}/rules`,
    summary: 'Create a cache rule (SPEC endpoint 7)',
    body: cacheRuleInputSchema,
    handle: async ({ principal, params, body }) => ({
      data: await s.cache.createRule(principal, params.projectId ?? '', body),
    }),
  }),
  route({
    method: 'GET',
    path: `${base}/rules`,
    summary: 'List cache rules in evaluation order',
    query: pageQuerySchema,
    handle: async ({ principal, params, query }) =>
      pageResult(await s.cache.listRules(principal, params.projectId ?? '', query.page, query.limit)),
  }),
  route({
    method: 'GET',
    path: `${base}/rules/{ruleId}`,
    summary: 'Get a cache rule',
    handle: async ({ principal, params }) => ({
      data: await s.cache.getRule(principal, params.projectId ?? '', params.ruleId ?? ''),
    }),
  }),
  route({
    method: 'PATCH',
    path: `${base}/rules/{ruleId}`,
    summary: 'Update a cache rule; the merged rule is validated as a whole (ttlSec null removes it)',
    body: patchBody,
    handle: async ({ principal, params, body }) => ({
      data: await s.cache.updateRule(principal, params.projectId ?? '', params.ruleId ?? '', body),
    }),
  }),
  route({
    method: 'DELETE',
    path: `${base}/rules/{ruleId}`,
    summary: 'Delete a cache rule',
    handle: async ({ principal, params }) => ({
      data: await s.cache.deleteRule(principal, params.projectId ?? '', params.ruleId ?? ''),
    }),
  }),
  route({
    method: 'POST',
    path: `${base}/sandbox-call`,
    summary: 'Resolve the cache key and decision for a simulated request (SPEC endpoint 8)',
    body: cacheSandboxRequestSchema,
    handle: async ({ principal, params, body }) => ({
      data: await s.cache.sandbox(principal, params.projectId ?? '', body),
    }),
  }),
  route({
    method: 'POST',
    path: `${base}/purge`,
    summary: 'Purge cached entries of this project: all, by path prefix, by exact URL or by tag',
    body: purgeRequestSchema,
    handle: async ({ principal, params, body }) => ({
      data: await s.cache.purge(principal, params.projectId ?? '', body),
    }),
  }),
];

export const handler = createResourceHandler(cacheRoutes, lambdaServices);

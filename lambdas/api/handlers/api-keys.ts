import { pageQuerySchema } from '../../core/config/common.ts';
import { createResourceHandler, type RouteFactory } from '../http/resource-handler.ts';
import { pageResult, route } from '../http/route.ts';
import { lambdaServices } from '../lambda-services.ts';
import { apiKeyCreateSchema, apiKeyRotateSchema } from '../services/api-key-service.ts';

export const apiKeyRoutes: RouteFactory = (s) => [
  route({
    method: 'POST',
    path: '/v1/projects/{projectId}/keys',
    summary: 'Create an API key; the secret is in this response only',
    body: apiKeyCreateSchema,
    handle: async ({ principal, params, body }) => ({
      data: await s.apiKeys.create(principal, params.projectId ?? '', body),
    }),
  }),
  route({
    method: 'GET',
    path: '/v1/projects/{projectId}/keys',
    summary: 'List API keys (prefix, scope and dates; never the secret)',
    query: pageQuerySchema,
    handle: async ({ principal, params, query }) =>
      pageResult(await s.apiKeys.list(principal, params.projectId ?? '', query.page, query.limit)),
  }),
  route({
    method: 'DELETE',
    path: '/v1/projects/{projectId}/keys/{keyId}',
    summary: 'Revoke an API key at once',
    handle: async ({ principal, params }) => ({
      data: await s.apiKeys.revoke(principal, params.projectId ?? '', params.keyId ?? ''),
    }),
  }),
  route({
    method: 'POST',
    path: '/v1/projects/{projectId}/keys/{keyId}/rotate',
    summary: 'Rotate an API key: a new secret now, the old one revoked after an optional grace period',
    body: apiKeyRotateSchema,
    handle: async ({ principal, params, body }) => ({
      data: await s.apiKeys.rotate(principal, params.projectId ?? '', params.keyId ?? '', body.gracePeriodSec),
    }),
  }),
];

export const handler = createResourceHandler(apiKeyRoutes, lambdaServices);

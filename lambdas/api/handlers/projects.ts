import { pageQuerySchema } from '../../core/config/common.ts';
import { createResourceHandler, type RouteFactory } from '../http/resource-handler.ts';
import { pageResult, route } from '../http/route.ts';
import { lambdaServices } from '../lambda-services.ts';
import { projectCreateSchema, projectPatchSchema } from '../services/project-service.ts';

const idParam = (p: Record<string, string>) => p.projectId ?? '';

export const projectRoutes: RouteFactory = (s) => [
  route({
    method: 'POST',
    path: '/v1/projects',
    summary: 'Create a project (account-scoped key); answers the project and its first API key, shown once',
    body: projectCreateSchema,
    handle: async ({ principal, body }) => ({ data: await s.projects.create(principal, body) }),
  }),
  route({
    method: 'GET',
    path: '/v1/projects',
    summary: 'List the projects the credential can see',
    query: pageQuerySchema,
    handle: async ({ principal, query }) => pageResult(await s.projects.list(principal, query.page, query.limit)),
  }),
  route({
    method: 'GET',
    path: '/v1/projects/{projectId}',
    summary: 'Get a project',
    handle: async ({ principal, params }) => ({ data: await s.projects.get(principal, idParam(params)) }),
  }),
  route({
    method: 'PATCH',
    path: '/v1/projects/{projectId}',
    summary: 'Update a project (SPEC endpoint 1): answers the id and the changed fields',
    body: projectPatchSchema,
    handle: async ({ principal, params, body }) => ({ data: await s.projects.patch(principal, idParam(params), body) }),
  }),
  route({
    method: 'DELETE',
    path: '/v1/projects/{projectId}',
    summary: 'Delete a project and everything it owns, its keys included (account-scoped key)',
    handle: async ({ principal, params }) => ({ data: await s.projects.delete(principal, idParam(params)) }),
  }),
];

export const handler = createResourceHandler(projectRoutes, lambdaServices);

import { alertPolicyRoutes } from './handlers/alert-policies.ts';
import { apiKeyRoutes } from './handlers/api-keys.ts';
import { cacheRoutes } from './handlers/cache.ts';
import { ddosRoutes } from './handlers/ddos.ts';
import { metaRoutes } from './handlers/meta.ts';
import { projectRoutes } from './handlers/projects.ts';
import { ruleRoutes } from './handlers/rules.ts';
import { sessionRoutes } from './handlers/sessions.ts';
import { usageRoutes } from './handlers/usage.ts';
import { wafRoutes } from './handlers/waf.ts';
import type { RouteFactory } from './http/resource-handler.ts';
import type { AnyRoute } from './http/route.ts';
import type { Services } from './services/services.ts';

/** Resource name (= handler file in lambdas/api/handlers) → its routes. One Lambda per resource in AWS. */
export const RESOURCES: Record<string, RouteFactory> = {
  meta: metaRoutes,
  projects: projectRoutes,
  'api-keys': apiKeyRoutes,
  sessions: sessionRoutes,
  'alert-policies': alertPolicyRoutes,
  cache: cacheRoutes,
  waf: wafRoutes,
  rules: ruleRoutes,
  ddos: ddosRoutes,
  usage: usageRoutes,
};

export function allRoutes(services: Services): Array<AnyRoute & { resource: string }> {
  return Object.entries(RESOURCES).flatMap(([resource, factory]) =>
    factory(services).map((r) => Object.assign(r, { resource })),
  );
}

/** Static route table for infrastructure (API Gateway routes): built without touching any service. */
export const ROUTES: Array<{ method: string; path: string; resource: string }> = allRoutes(
  new Proxy({} as Services, {
    get: () => {
      throw new Error('route factories must not use services at definition time');
    },
  }),
).map(({ method, path, resource }) => ({ method, path, resource }));

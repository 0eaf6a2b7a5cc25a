import type { Repositories } from '../../data/repositories.ts';
import { AlertPolicyService } from './alert-policy-service.ts';
import { ApiKeyService } from './api-key-service.ts';
import { AuthService } from './auth-service.ts';
import { type CachePurger, CacheService } from './cache-service.ts';
import { ProjectService } from './project-service.ts';
import { SessionService } from './session-service.ts';
import { WafService } from './waf-service.ts';

export interface ServiceOptions {
  now?: () => Date;
  /** Called after every configuration write, so an in-process edge can drop its cached config at once. */
  onConfigChanged?: (projectId: string) => void;
  /** Purges the in-process edge cache (self-hosted); absent, a purge reports 0 entries. */
  purgeCache?: CachePurger;
}

export interface ServiceContext {
  repos: Repositories;
  auth: AuthService;
  now: () => Date;
  nowIso: () => string;
  configChanged: (projectId: string) => void;
}

export function createServices(repos: Repositories, options: ServiceOptions = {}) {
  const now = options.now ?? (() => new Date());
  const auth = new AuthService(repos, now);
  const ctx: ServiceContext = {
    repos,
    auth,
    now,
    nowIso: () => now().toISOString(),
    configChanged: options.onConfigChanged ?? (() => {}),
  };
  return {
    ctx,
    repos,
    auth,
    projects: new ProjectService(ctx),
    apiKeys: new ApiKeyService(ctx),
    sessions: new SessionService(ctx),
    alertPolicies: new AlertPolicyService(ctx),
    cache: new CacheService(ctx, options.purgeCache),
    waf: new WafService(ctx),
  };
}
export type Services = ReturnType<typeof createServices>;

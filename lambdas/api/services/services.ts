import { type PlanTable, plansWith } from '../../core/quota/quota.ts';
import type { RateLimiter } from '../../core/ratelimit/sliding-window.ts';
import type { Repositories } from '../../data/repositories.ts';
import { AlertPolicyService } from './alert-policy-service.ts';
import { ApiKeyService } from './api-key-service.ts';
import { AuthService } from './auth-service.ts';
import { type CachePurger, CacheService } from './cache-service.ts';
import { type DdosActivitySource, DdosService } from './ddos-service.ts';
import { ProjectService } from './project-service.ts';
import { RulesService } from './rules-service.ts';
import { SessionService } from './session-service.ts';
import { type UsageMeterPort, UsageService } from './usage-service.ts';
import { WafService } from './waf-service.ts';

export interface ServiceOptions {
  now?: () => Date;
  /** Called after every configuration write (see `Table.onConfigWrite`), so an in-process edge can drop its cached config at once. */
  onConfigChanged?: (projectId: string) => void;
  /** Purges the in-process edge cache (self-hosted); absent, a purge reports 0 entries. */
  purgeCache?: CachePurger;
  /** Plan quotas and limits; default `PLANS` (tests shrink them with `plansWith`). */
  plans?: PlanTable;
  /** The in-process proxy's usage meter: sandbox calls count through it and usage reads include it. */
  usageMeter?: UsageMeterPort;
  /** The in-process proxy's rate limiter, so the rule sandbox shows live budgets. */
  rateLimiter?: RateLimiter;
  /** The in-process proxy's DDoS record; absent, DDoS status is derived from stored `ddos` WAF events. */
  ddosActivity?: DdosActivitySource;
}

export interface ServiceContext {
  repos: Repositories;
  auth: AuthService;
  now: () => Date;
  nowIso: () => string;
  plans: PlanTable;
}

export function createServices(repos: Repositories, options: ServiceOptions = {}) {
  const now = options.now ?? (() => new Date());
  const auth = new AuthService(repos, now);
  if (options.onConfigChanged) repos.table.onConfigWrite(options.onConfigChanged);
  const ctx: ServiceContext = {
    repos,
    auth,
    now,
    nowIso: () => now().toISOString(),
    plans: options.plans ?? plansWith(),
  };
  const usage = new UsageService(ctx, options.usageMeter);
  return {
    ctx,
    repos,
    auth,
    projects: new ProjectService(ctx),
    apiKeys: new ApiKeyService(ctx),
    sessions: new SessionService(ctx),
    alertPolicies: new AlertPolicyService(ctx),
    cache: new CacheService(ctx, options.purgeCache),
    waf: new WafService(ctx, usage),
    usage,
    rules: new RulesService(ctx, usage, options.rateLimiter),
    ddos: new DdosService(ctx, options.ddosActivity),
  };
}
export type Services = ReturnType<typeof createServices>;

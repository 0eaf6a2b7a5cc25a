import type { CachePlan, Stage } from '../pipeline/types.ts';
import { applyCacheOverride } from '../rules/stage.ts';
import { resolveCacheKey, toCachePlan } from './cache-key.ts';

export const CACHING_DISABLED: CachePlan = { mode: 'bypass', reason: 'caching_disabled' };

/**
 * Decides the request's CachePlan from the project's cache configuration and rules. It never answers
 * the request itself: the runtime's cache (server/cache or CloudFront) acts on `ctx.cache` after the
 * security stages have let the request through.
 */
export const cacheStage: Stage = (ctx) => {
  const { req, config } = ctx;
  if (!config.cacheEnabled) {
    // The sandbox still resolves the full key for a disabled project; the hot path needs only the verdict.
    ctx.cache = CACHING_DISABLED;
    return undefined;
  }
  const resolution = resolveCacheKey(
    { method: req.method, path: req.path, query: req.query, headers: req.headers },
    config,
    config.cacheRules,
  );
  // An edge rule's cache_override (set earlier in the evaluation) wins over the cache rules' TTL.
  ctx.cache = applyCacheOverride(toCachePlan(resolution), ctx.cacheOverride);
  return undefined;
};

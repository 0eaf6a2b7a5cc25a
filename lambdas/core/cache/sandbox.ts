import { z } from 'zod';
import type { CacheRule } from '../config/cache-config.ts';
import { simulatedEdgeRequest, simulatedRequestFields } from '../config/simulated-request.ts';
import type { CachePlan } from '../pipeline/types.ts';
import { type CacheKeyResolution, type CacheProjectSettings, resolveCacheKey, toCachePlan } from './cache-key.ts';

/** Body of SPEC endpoint 8, `POST /projects/:id/cache/sandbox-call`. */
export const cacheSandboxRequestSchema = z.object(simulatedRequestFields).strict();
export type CacheSandboxRequest = z.infer<typeof cacheSandboxRequestSchema>;

export interface CacheSandboxResult extends CacheKeyResolution {
  /** The simulated request, echoed as the WAF sandbox does. */
  request: { method: string; path: string; queryString: string };
  /** Exactly what the proxy would act on for this request. */
  plan: CachePlan;
}

/** Answers "how would this request be cached?" with the very function the proxy uses. */
export function runCacheSandbox(
  request: CacheSandboxRequest,
  settings: CacheProjectSettings,
  rules: readonly CacheRule[],
): CacheSandboxResult {
  const resolution = resolveCacheKey(simulatedEdgeRequest(request), settings, rules);
  return {
    request: { method: request.method.toUpperCase(), path: request.path, queryString: request.queryString },
    ...resolution,
    plan: toCachePlan(resolution),
  };
}

import { z } from 'zod';
import type { CacheRule } from '../config/cache-config.ts';
import type { CachePlan } from '../pipeline/types.ts';
import { type CacheKeyResolution, type CacheProjectSettings, resolveCacheKey, toCachePlan } from './cache-key.ts';

/** Body of SPEC endpoint 8, `POST /projects/:id/cache/sandbox-call`. */
export const cacheSandboxRequestSchema = z
  .object({
    method: z
      .string()
      .trim()
      .min(1)
      .max(16)
      .regex(/^[A-Za-z]+$/, 'must be an HTTP method'),
    path: z.string().min(1).max(4096).startsWith('/', 'must start with /'),
    queryString: z
      .string()
      .max(8192)
      .default('')
      .transform((q) => (q.startsWith('?') ? q.slice(1) : q)),
    headers: z.record(z.string().min(1).max(256), z.string().max(8192)).default({}),
  })
  .strict();
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
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
  const resolution = resolveCacheKey(
    { method: request.method, path: request.path, query: request.queryString, headers },
    settings,
    rules,
  );
  return {
    request: { method: request.method.toUpperCase(), path: request.path, queryString: request.queryString },
    ...resolution,
    plan: toCachePlan(resolution),
  };
}

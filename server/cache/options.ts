import { z } from 'zod';
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_OBJECT_BYTES, type HttpCacheOptions } from './http-cache.ts';

const envSchema = z.object({
  EDGE_CACHE_MAX_BYTES: z.coerce.number().int().positive().default(DEFAULT_MAX_BYTES),
  EDGE_CACHE_MAX_OBJECT_BYTES: z.coerce.number().int().positive().default(DEFAULT_MAX_OBJECT_BYTES),
});

/** Cache sizing from the environment; a malformed value fails startup instead of silently using a default. */
export function cacheOptionsFromEnv(
  env: Record<string, string | undefined> = process.env,
): Required<Pick<HttpCacheOptions, 'maxBytes' | 'maxObjectBytes'>> {
  const parsed = envSchema.parse({
    EDGE_CACHE_MAX_BYTES: env.EDGE_CACHE_MAX_BYTES || undefined,
    EDGE_CACHE_MAX_OBJECT_BYTES: env.EDGE_CACHE_MAX_OBJECT_BYTES || undefined,
  });
  return { maxBytes: parsed.EDGE_CACHE_MAX_BYTES, maxObjectBytes: parsed.EDGE_CACHE_MAX_OBJECT_BYTES };
}

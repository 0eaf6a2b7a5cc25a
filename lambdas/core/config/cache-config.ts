import { z } from 'zod';
import { boundedList } from './common.ts';

const headerName = z
  .string()
  .trim()
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be an HTTP header name')
  .transform((s) => s.toLowerCase());

/** SPEC §2 "Cache configuration". */
export const cacheConfigSchema = z
  .object({
    defaultTtlSec: z.number().int().min(0).max(86_400).default(300),
    maxTtlSec: z.number().int().min(0).max(31_536_000).default(86_400),
    staleWhileRevalidateSec: z.number().int().min(0).max(86_400).default(60),
    staleIfErrorSec: z.number().int().min(0).max(604_800).default(3600),
    varyByHeaders: boundedList(headerName, 20).default([]),
    varyByQueryParams: boundedList(z.string().min(1).max(128), 100).default([]),
    varyByCookies: boundedList(z.string().min(1).max(128), 20).default([]),
  })
  .strict();

export type CacheConfig = z.infer<typeof cacheConfigSchema>;
export const cacheConfigPatchSchema = cacheConfigSchema.partial().strict();
export const DEFAULT_CACHE_CONFIG: CacheConfig = cacheConfigSchema.parse({});

/** SPEC §2 "Cache rule (per path)". `ttlSec` is checked against `maxTtlSec` by the service. */
export const cacheRuleInputSchema = z
  .object({
    pathPattern: z.string().min(1).max(512).startsWith('/', 'must start with /'),
    ttlSec: z.number().int().min(0).max(31_536_000).optional(),
    bypassCache: z.boolean().default(false),
    priority: z.number().int().min(1).max(10_000).default(100),
  })
  .strict();
export type CacheRuleInput = z.infer<typeof cacheRuleInputSchema>;

export interface CacheRule extends CacheRuleInput {
  id: string;
  projectId: string;
  createdAt: string;
  updatedAt: string;
}

import { z } from 'zod';
import { boundedList, settingSchemas } from './common.ts';
import { CACHE_DEFAULTS } from './defaults.ts';

const headerName = z
  .string()
  .trim()
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be an HTTP header name')
  .transform((s) => s.toLowerCase());

/** SPEC §2 "Cache configuration". */
const cacheConfig = settingSchemas(
  {
    defaultTtlSec: z.number().int().min(0).max(86_400),
    maxTtlSec: z.number().int().min(0).max(31_536_000),
    staleWhileRevalidateSec: z.number().int().min(0).max(86_400),
    staleIfErrorSec: z.number().int().min(0).max(604_800),
    varyByHeaders: boundedList(headerName, 20),
    varyByQueryParams: boundedList(z.string().min(1).max(128), 100),
    varyByCookies: boundedList(z.string().min(1).max(128), 20),
  },
  CACHE_DEFAULTS,
);

export const cacheConfigSchema = cacheConfig.full;
export type CacheConfig = z.infer<typeof cacheConfigSchema>;
export const cacheConfigPatchSchema = cacheConfig.patch;
export const DEFAULT_CACHE_CONFIG: CacheConfig = CACHE_DEFAULTS;

/** SPEC §2 "Cache rule (per path)". `ttlSec` is checked against `maxTtlSec` by the service. */
const cacheRuleFields = {
  pathPattern: z.string().min(1).max(512).startsWith('/', 'must start with /'),
  ttlSec: z.number().int().min(0).max(31_536_000),
  bypassCache: z.boolean(),
  priority: z.number().int().min(1).max(10_000),
};
export const cacheRuleInputSchema = z
  .object({
    ...cacheRuleFields,
    ttlSec: cacheRuleFields.ttlSec.optional(),
    bypassCache: cacheRuleFields.bypassCache.default(false),
    priority: cacheRuleFields.priority.default(100),
  })
  .strict();
/** PATCH fills no defaults: fields not sent keep their stored values. */
export const cacheRulePatchSchema = z.object(cacheRuleFields).partial().strict();
export type CacheRuleInput = z.infer<typeof cacheRuleInputSchema>;

export interface CacheRule extends CacheRuleInput {
  id: string;
  projectId: string;
  createdAt: string;
  updatedAt: string;
}

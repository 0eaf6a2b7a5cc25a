import { z } from 'zod';
import { settingSchemas } from './common.ts';
import { DDOS_DEFAULTS } from './defaults.ts';

/**
 * Per-IP DDoS protection of one project (`GET/PATCH /projects/:id/ddos/config`). Each client IP gets a
 * token bucket of `burst` requests refilled at `requestsPerSecond`; an IP that empties it is challenged or
 * blocked for `blockDurationSec`. Defaults sit far above what a person or a well-behaved API client sends.
 */
const fields = {
  enabled: z.boolean(),
  requestsPerSecond: z.number().int().min(1).max(100_000),
  burst: z.number().int().min(1).max(1_000_000),
  action: z.enum(['challenge', 'block']),
  blockDurationSec: z.number().int().min(1).max(86_400),
};

export { DDOS_DEFAULTS };

const ddosConfig = settingSchemas(fields, DDOS_DEFAULTS);
export const ddosConfigSchema = ddosConfig.full;
export type DdosConfig = z.infer<typeof ddosConfigSchema>;
export const ddosConfigPatchSchema = ddosConfig.patch;
export type DdosConfigPatch = z.infer<typeof ddosConfigPatchSchema>;

export const DEFAULT_DDOS_CONFIG: DdosConfig = DDOS_DEFAULTS;

import { z } from 'zod';

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

export const DDOS_DEFAULTS = {
  enabled: true,
  requestsPerSecond: 50,
  burst: 100,
  action: 'challenge',
  blockDurationSec: 60,
} as const;

export const ddosConfigSchema = z
  .object({
    enabled: fields.enabled.default(DDOS_DEFAULTS.enabled),
    requestsPerSecond: fields.requestsPerSecond.default(DDOS_DEFAULTS.requestsPerSecond),
    burst: fields.burst.default(DDOS_DEFAULTS.burst),
    action: fields.action.default(DDOS_DEFAULTS.action),
    blockDurationSec: fields.blockDurationSec.default(DDOS_DEFAULTS.blockDurationSec),
  })
  .strict();
export type DdosConfig = z.infer<typeof ddosConfigSchema>;

// Built from the default-free fields: zod 4 would otherwise fill defaults into a partial PATCH body.
export const ddosConfigPatchSchema = z.object(fields).partial().strict();
export type DdosConfigPatch = z.infer<typeof ddosConfigPatchSchema>;

export const DEFAULT_DDOS_CONFIG: DdosConfig = ddosConfigSchema.parse({});

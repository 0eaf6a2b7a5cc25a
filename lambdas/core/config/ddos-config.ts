import { z } from 'zod';

// Placeholder until the DDoS work lands: the rules/rate-limit issue owns this schema.
export const ddosConfigSchema = z
  .object({
    enabled: z.boolean().default(true),
    requestsPerSecond: z.number().int().min(1).max(100_000).default(50),
    burst: z.number().int().min(1).max(1_000_000).default(100),
    action: z.enum(['challenge', 'block']).default('challenge'),
    blockDurationSec: z.number().int().min(1).max(86_400).default(60),
  })
  .strict();
export type DdosConfig = z.infer<typeof ddosConfigSchema>;
export const ddosConfigPatchSchema = ddosConfigSchema.partial().strict();
export const DEFAULT_DDOS_CONFIG: DdosConfig = ddosConfigSchema.parse({});

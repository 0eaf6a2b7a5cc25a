import { z } from 'zod';
import { boundedList, countryCode, ipOrCidr } from './common.ts';

/** SPEC §2 "WAF configuration" plus the challenge and retention knobs the proxy needs. */
export const wafConfigSchema = z
  .object({
    sensitivityScore: z.number().int().min(0).max(100).default(70),
    owaspSqlEnabled: z.boolean().default(true),
    owaspXssEnabled: z.boolean().default(true),
    owaspRceEnabled: z.boolean().default(true),
    owaspLfiEnabled: z.boolean().default(true),
    owaspScannerEnabled: z.boolean().default(true),
    blockedIps: boundedList(ipOrCidr).default([]),
    allowedIps: boundedList(ipOrCidr).default([]),
    blockedCountries: boundedList(countryCode, 250).default([]),
    blockedUserAgents: boundedList(z.string().trim().min(1).max(256)).default([]),
    aiAnomalyEnabled: z.boolean().default(false),
    /** Leading zero bits the JavaScript proof-of-work must find (about 2^n hashes in the browser). */
    challengeDifficulty: z.number().int().min(1).max(24).default(16),
    /** How long a solved challenge's clearance cookie is honoured. */
    clearanceTtlSec: z.number().int().min(60).max(86_400).default(1800),
    eventRetentionDays: z.number().int().min(1).max(365).default(30),
  })
  .strict();

export type WafConfig = z.infer<typeof wafConfigSchema>;
export const wafConfigPatchSchema = wafConfigSchema.partial().strict();
export type WafConfigPatch = z.infer<typeof wafConfigPatchSchema>;
export const DEFAULT_WAF_CONFIG: WafConfig = wafConfigSchema.parse({});

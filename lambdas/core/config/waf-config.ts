import { z } from 'zod';
import { boundedList, countryCode, ipOrCidr, settingSchemas } from './common.ts';
import { WAF_DEFAULTS } from './defaults.ts';

/** SPEC §2 "WAF configuration" plus the challenge and retention knobs the proxy needs. */
const wafConfig = settingSchemas(
  {
    sensitivityScore: z.number().int().min(0).max(100),
    owaspSqlEnabled: z.boolean(),
    owaspXssEnabled: z.boolean(),
    owaspRceEnabled: z.boolean(),
    owaspLfiEnabled: z.boolean(),
    owaspScannerEnabled: z.boolean(),
    blockedIps: boundedList(ipOrCidr),
    allowedIps: boundedList(ipOrCidr),
    blockedCountries: boundedList(countryCode, 250),
    blockedUserAgents: boundedList(z.string().trim().min(1).max(256)),
    aiAnomalyEnabled: z.boolean(),
    /** Leading zero bits the JavaScript proof-of-work must find (about 2^n hashes in the browser). */
    challengeDifficulty: z.number().int().min(1).max(24),
    /** How long a solved challenge's clearance cookie is honoured. */
    clearanceTtlSec: z.number().int().min(60).max(86_400),
    eventRetentionDays: z.number().int().min(1).max(365),
  },
  WAF_DEFAULTS,
);

export const wafConfigSchema = wafConfig.full;
export type WafConfig = z.infer<typeof wafConfigSchema>;
export const wafConfigPatchSchema = wafConfig.patch;
export type WafConfigPatch = z.infer<typeof wafConfigPatchSchema>;
export const DEFAULT_WAF_CONFIG: WafConfig = WAF_DEFAULTS;

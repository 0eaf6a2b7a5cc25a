import type { CacheConfig } from './cache-config.ts';
import type { DdosConfig } from './ddos-config.ts';
import type { WafConfig } from './waf-config.ts';

// Plain data with no zod import: the Lambda@Edge bundles fill defaults from here, and loading zod
// there would cost ~450 KB and tens of milliseconds at every cold start.

export const WAF_DEFAULTS: WafConfig = {
  sensitivityScore: 70,
  owaspSqlEnabled: true,
  owaspXssEnabled: true,
  owaspRceEnabled: true,
  owaspLfiEnabled: true,
  owaspScannerEnabled: true,
  blockedIps: [],
  allowedIps: [],
  blockedCountries: [],
  blockedUserAgents: [],
  aiAnomalyEnabled: false,
  challengeDifficulty: 16,
  clearanceTtlSec: 1800,
  eventRetentionDays: 30,
};

export const CACHE_DEFAULTS: CacheConfig = {
  defaultTtlSec: 300,
  maxTtlSec: 86_400,
  staleWhileRevalidateSec: 60,
  staleIfErrorSec: 3600,
  varyByHeaders: [],
  varyByQueryParams: [],
  varyByCookies: [],
};

export const DDOS_DEFAULTS: DdosConfig = {
  enabled: true,
  requestsPerSecond: 50,
  burst: 100,
  action: 'challenge',
  blockDurationSec: 60,
};

/** Stored settings were validated when written; defaults fill fields added since then. */
export function withDefaults<T extends object>(defaults: T, stored: unknown): T {
  return stored && typeof stored === 'object' ? { ...defaults, ...(stored as Partial<T>) } : { ...defaults };
}

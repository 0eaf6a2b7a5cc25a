// Plain data with no zod import: the Lambda@Edge bundles fill defaults from here, and loading zod
// there would cost ~450 KB and tens of milliseconds at every cold start. They are not annotated with the
// config types because those types are inferred from schemas built on these very values.

export const WAF_DEFAULTS = {
  sensitivityScore: 70,
  owaspSqlEnabled: true,
  owaspXssEnabled: true,
  owaspRceEnabled: true,
  owaspLfiEnabled: true,
  owaspScannerEnabled: true,
  blockedIps: [] as string[],
  allowedIps: [] as string[],
  blockedCountries: [] as string[],
  blockedUserAgents: [] as string[],
  aiAnomalyEnabled: false,
  challengeDifficulty: 16,
  clearanceTtlSec: 1800,
  eventRetentionDays: 30,
};

export const CACHE_DEFAULTS = {
  defaultTtlSec: 300,
  maxTtlSec: 86_400,
  staleWhileRevalidateSec: 60,
  staleIfErrorSec: 3600,
  varyByHeaders: [] as string[],
  varyByQueryParams: [] as string[],
  varyByCookies: [] as string[],
};

export const DDOS_DEFAULTS = {
  enabled: true,
  requestsPerSecond: 50,
  burst: 100,
  action: 'challenge' as 'challenge' | 'block',
  blockDurationSec: 60,
};

/** Stored settings were validated when written; defaults fill fields added since then. */
export function withDefaults<T extends object>(defaults: T, stored: unknown): T {
  return stored && typeof stored === 'object' ? { ...defaults, ...(stored as Partial<T>) } : { ...defaults };
}

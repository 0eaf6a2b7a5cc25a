import type { CacheConfig, CacheRule } from '../config/cache-config.ts';
import { parseCookies } from '../edge-request.ts';
import type { CachePlan } from '../pipeline/types.ts';
import { type CacheKeyWarning, configWarnings } from './key-warnings.ts';
import { compareCodeUnits, normalisePath, normaliseQuery } from './normalise.ts';
import { selectCacheRule } from './rules.ts';

/**
 * `x-gateway-cache: bypass` on a request skips lookup and store (docs/CACHING.md). Not an `X-Edge-*`
 * name: CloudFront hides those from Lambda@Edge, so the edge could never honour it.
 */
export const CACHE_BYPASS_HEADER = 'x-gateway-cache';
export const CACHE_BYPASS_VALUE = 'bypass';

/** Bump when the key layout changes so old and new entries never collide. */
export const CACHE_KEY_VERSION = 'v1';

export type CacheBypassCode =
  'caching_disabled' | 'method_not_cacheable' | 'bypass_rule' | 'rule_ttl_zero' | 'ttl_zero' | 'bypass_header';

export interface CacheKeyInput {
  method: string;
  /** Host the client addressed (the `host` header); '' when unknown. */
  host?: string;
  /** Raw path, still percent-encoded, without the query. */
  path: string;
  /** Raw query without the leading `?`. */
  query: string;
  /** Lower-cased header names, as in EdgeRequest. */
  headers: Record<string, string>;
}

/** The slice of EdgeProjectConfig the key depends on. */
export interface CacheProjectSettings {
  projectId: string;
  cacheEnabled: boolean;
  cache: CacheConfig;
}

export interface CacheKeyComponents {
  projectId: string;
  /** Method the entry is stored under: HEAD shares GET's entry. */
  method: string;
  host: string;
  path: string;
  /** After `varyByQueryParams` filtering and sorting. */
  query: string;
  /** Parameters present on the request that the key ignores. */
  ignoredQueryParams: string[];
  /** Each `varyByHeaders` name (sorted) → the request's value, or null when absent. */
  headers: Record<string, string | null>;
  /** Each `varyByCookies` name (sorted) → the request's value, or null when absent. */
  cookies: Record<string, string | null>;
}

export interface MatchedCacheRule {
  id: string;
  pathPattern: string;
  priority: number;
  ttlSec?: number;
  bypassCache: boolean;
}

export interface CacheKeyResolution {
  key: string;
  components: CacheKeyComponents;
  cacheable: boolean;
  /** Present exactly when `cacheable` is false. */
  bypass?: { code: CacheBypassCode; message: string };
  /** Seconds an entry stays fresh: the rule's ttlSec, else defaultTtlSec, clamped to maxTtlSec. */
  ttlSec: number;
  ttlSource: 'rule' | 'default';
  staleWhileRevalidateSec: number;
  staleIfErrorSec: number;
  rule?: MatchedCacheRule;
  warnings: CacheKeyWarning[];
}

const CACHEABLE_METHODS = new Set(['GET', 'HEAD']);

function normaliseHost(host: string | undefined): string {
  return (host ?? '').trim().toLowerCase().replace(/\.$/, '');
}

function varyValues(names: readonly string[], lookup: (name: string) => string | undefined) {
  const out: Record<string, string | null> = {};
  for (const name of [...new Set(names)].sort(compareCodeUnits)) {
    const value = lookup(name);
    out[name] = value === undefined ? null : value.trim();
  }
  return out;
}

/** `name=value` pairs with both sides encoded; an absent value is the bare name, so '' ≠ absent. */
function encodeVary(values: Record<string, string | null>): string {
  return Object.entries(values)
    .map(([name, value]) =>
      value === null ? encodeURIComponent(name) : `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    )
    .join('&');
}

/**
 * Key layout (`|`-separated, never ambiguous because every part is encoded and normalised text holds no
 * `|`): `v1|<projectId>|<method>|<host>|<path>|<query>|<headers>|<cookies>`.
 */
export function formatCacheKey(c: CacheKeyComponents): string {
  return [
    CACHE_KEY_VERSION,
    encodeURIComponent(c.projectId),
    c.method,
    encodeURIComponent(c.host),
    c.path,
    c.query,
    encodeVary(c.headers),
    encodeVary(c.cookies),
  ].join('|');
}

export interface ParsedCacheKey {
  projectId: string;
  method: string;
  host: string;
  path: string;
  query: string;
}

/** The inverse of formatCacheKey for the parts the cache indexes and purges on. */
export function parseCacheKey(key: string): ParsedCacheKey | undefined {
  const parts = key.split('|');
  if (parts.length !== 8 || parts[0] !== CACHE_KEY_VERSION) return undefined;
  const [, projectId, method, host, path, query] = parts as [string, string, string, string, string, string];
  try {
    return { projectId: decodeURIComponent(projectId), method, host: decodeURIComponent(host), path, query };
  } catch {
    return undefined;
  }
}

function bypassFor(
  input: CacheKeyInput,
  settings: CacheProjectSettings,
  rule: CacheRule | undefined,
  ttlSec: number,
): CacheKeyResolution['bypass'] {
  const method = input.method.toUpperCase();
  if (!settings.cacheEnabled) {
    return { code: 'caching_disabled', message: 'Caching is disabled for this project (cacheEnabled is false).' };
  }
  if (!CACHEABLE_METHODS.has(method)) {
    return { code: 'method_not_cacheable', message: `Only GET and HEAD are cached; this is ${method}.` };
  }
  if (rule?.bypassCache) {
    return { code: 'bypass_rule', message: `Cache rule ${rule.id} (${rule.pathPattern}) has bypassCache set.` };
  }
  if (rule?.ttlSec === 0) {
    return { code: 'rule_ttl_zero', message: `Cache rule ${rule.id} (${rule.pathPattern}) sets ttlSec 0.` };
  }
  if (ttlSec === 0) {
    return { code: 'ttl_zero', message: 'The TTL resolves to 0 (defaultTtlSec or maxTtlSec is 0).' };
  }
  if (input.headers[CACHE_BYPASS_HEADER]?.trim().toLowerCase() === CACHE_BYPASS_VALUE) {
    return {
      code: 'bypass_header',
      message: `The request carries "${CACHE_BYPASS_HEADER}: ${CACHE_BYPASS_VALUE}".`,
    };
  }
  return undefined;
}

/**
 * How one request maps onto the cache: the key, why it is or is not cacheable, the TTL and the rule.
 * Backs the proxy (through cacheStage / toCachePlan) and the cache sandbox, so both always agree.
 */
export function resolveCacheKey(
  input: CacheKeyInput,
  settings: CacheProjectSettings,
  rules: readonly CacheRule[],
): CacheKeyResolution {
  const config = settings.cache;
  const method = input.method.toUpperCase();
  const path = normalisePath(input.path);
  const { query, ignored } = normaliseQuery(input.query, config.varyByQueryParams);
  const cookieJar = config.varyByCookies.length > 0 ? parseCookies(input.headers.cookie) : new Map<string, string>();
  const components: CacheKeyComponents = {
    projectId: settings.projectId,
    method: method === 'HEAD' ? 'GET' : method,
    host: normaliseHost(input.host ?? input.headers.host),
    path,
    query,
    ignoredQueryParams: ignored,
    headers: varyValues(config.varyByHeaders, (name) => input.headers[name.toLowerCase()]),
    cookies: varyValues(config.varyByCookies, (name) => cookieJar.get(name)),
  };

  const rule = selectCacheRule(rules, path);
  const wantedTtl = rule?.ttlSec ?? config.defaultTtlSec;
  const ttlSec = Math.min(wantedTtl, config.maxTtlSec);
  const warnings = configWarnings(config);
  if (wantedTtl > ttlSec) {
    warnings.push({
      code: 'ttl_clamped',
      field: rule?.ttlSec !== undefined ? 'ttlSec' : 'defaultTtlSec',
      message: `The TTL of ${wantedTtl}s exceeds maxTtlSec; ${ttlSec}s is used.`,
    });
  }
  const bypass = bypassFor(input, settings, rule, ttlSec);
  if (!bypass && input.headers.authorization !== undefined) {
    warnings.push({
      code: 'request_has_authorization',
      field: 'request',
      message:
        'The request carries an Authorization header: its response is stored only if the origin marks it public, s-maxage or must-revalidate.',
    });
  }

  const resolution: CacheKeyResolution = {
    key: formatCacheKey(components),
    components,
    cacheable: bypass === undefined,
    ttlSec,
    ttlSource: rule?.ttlSec !== undefined ? 'rule' : 'default',
    staleWhileRevalidateSec: config.staleWhileRevalidateSec,
    staleIfErrorSec: config.staleIfErrorSec,
    warnings,
  };
  if (bypass) resolution.bypass = bypass;
  if (rule) {
    resolution.rule = {
      id: rule.id,
      pathPattern: rule.pathPattern,
      priority: rule.priority,
      bypassCache: rule.bypassCache,
      ...(rule.ttlSec !== undefined ? { ttlSec: rule.ttlSec } : {}),
    };
  }
  return resolution;
}

/** The pipeline's view of a resolution: bypass with its reason code, or the key and lifetimes. */
export function toCachePlan(resolution: CacheKeyResolution): CachePlan {
  if (resolution.bypass) return { mode: 'bypass', reason: resolution.bypass.code };
  const plan: CachePlan = {
    mode: 'cache',
    key: resolution.key,
    ttlSec: resolution.ttlSec,
    staleWhileRevalidateSec: resolution.staleWhileRevalidateSec,
    staleIfErrorSec: resolution.staleIfErrorSec,
  };
  if (resolution.rule) plan.ruleId = resolution.rule.id;
  return plan;
}

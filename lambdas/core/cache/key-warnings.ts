import type { CacheConfig } from '../config/cache-config.ts';

export type CacheWarningCode =
  | 'vary_header_unique_per_request'
  | 'vary_header_high_cardinality'
  | 'vary_header_cookie'
  | 'vary_cookie_session'
  | 'ttl_clamped'
  | 'request_has_authorization';

export interface CacheKeyWarning {
  code: CacheWarningCode;
  /** The configuration field (or `request`) the warning is about. */
  field: 'varyByHeaders' | 'varyByCookies' | 'ttlSec' | 'defaultTtlSec' | 'request';
  message: string;
}

/** Headers whose value differs on (nearly) every request: varying on them means no request ever hits. */
const UNIQUE_PER_REQUEST = new Set([
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'x-request-id',
  'x-correlation-id',
  'x-amzn-trace-id',
  'traceparent',
  'tracestate',
  'x-b3-traceid',
  'x-cloud-trace-context',
  'x-csrf-token',
  'x-xsrf-token',
  'date',
  'if-none-match',
  'if-modified-since',
]);

/** Headers that are stable per client but differ between clients: one entry per client. */
const HIGH_CARDINALITY = new Set(['user-agent', 'referer', 'x-forwarded-for', 'x-real-ip', 'forwarded']);

const SESSION_COOKIE_TOKENS = new Set([
  'sess',
  'session',
  'sessid',
  'sessionid',
  'sid',
  'jsessionid',
  'phpsessid',
  'token',
  'auth',
  'jwt',
  'csrf',
  'csrftoken',
  'xsrf',
  'logged',
]);

export function isSessionCookieName(name: string): boolean {
  const lower = name.toLowerCase();
  if (lower.startsWith('aspsessionid') || lower.startsWith('wordpress_logged_in')) return true;
  return lower.split(/[_.-]/).some((token) => SESSION_COOKIE_TOKENS.has(token));
}

/** Warnings that depend on the configuration alone (the sandbox adds request-specific ones). */
export function configWarnings(config: Pick<CacheConfig, 'varyByHeaders' | 'varyByCookies'>): CacheKeyWarning[] {
  const warnings: CacheKeyWarning[] = [];
  for (const header of config.varyByHeaders) {
    const name = header.toLowerCase();
    if (name === 'cookie') {
      warnings.push({
        code: 'vary_header_cookie',
        field: 'varyByHeaders',
        message:
          'varyByHeaders contains "cookie": the whole Cookie header (analytics and session cookies included) becomes part of the key, so almost every visitor gets their own entry. List only the cookies that change the response in varyByCookies instead.',
      });
    } else if (UNIQUE_PER_REQUEST.has(name)) {
      warnings.push({
        code: 'vary_header_unique_per_request',
        field: 'varyByHeaders',
        message: `varyByHeaders contains "${name}", which is unique per request (or per user): every request gets its own cache key, which prevents every cache hit.`,
      });
    } else if (HIGH_CARDINALITY.has(name)) {
      warnings.push({
        code: 'vary_header_high_cardinality',
        field: 'varyByHeaders',
        message: `varyByHeaders contains "${name}", which differs between clients: the cache splits into one entry per distinct value and the hit rate drops sharply.`,
      });
    }
  }
  for (const cookie of config.varyByCookies) {
    if (isSessionCookieName(cookie)) {
      warnings.push({
        code: 'vary_cookie_session',
        field: 'varyByCookies',
        message: `varyByCookies contains "${cookie}", which looks like a session or auth cookie: each user gets a private copy, so hits are rare and the cache holds one entry per session.`,
      });
    }
  }
  return warnings;
}

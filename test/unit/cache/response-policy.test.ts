import { describe, expect, it } from 'vitest';
import { parseCacheControl, parseHttpDate } from '../../../lambdas/core/cache/cache-control.ts';
import { matchesPurge, purgeRequestSchema, toPurgeSelector } from '../../../lambdas/core/cache/purge.ts';
import { cdnCacheControl, decideStorage, parseCacheTags } from '../../../lambdas/core/cache/response-policy.ts';
import type { CachePlan } from '../../../lambdas/core/pipeline/types.ts';

const plan: CachePlan = { mode: 'cache', key: 'k', ttlSec: 300, staleWhileRevalidateSec: 60, staleIfErrorSec: 3600 };

describe('Cache-Control parsing', () => {
  it('reads names case-insensitively, quoted values, and keeps the first duplicate', () => {
    // Act
    const cc = parseCacheControl(['Public, MAX-AGE=60', 'private="set-cookie, x-a", max-age=5']);
    // Assess
    expect(cc.get('public')).toBe(true);
    expect(cc.get('max-age')).toBe('60');
    expect(cc.get('private')).toBe('set-cookie, x-a');
  });
});

describe('HTTP date parsing', () => {
  it.each([
    ['Sun, 06 Nov 1994 08:49:37 GMT', 784111777000],
    ['Sunday, 06-Nov-94 08:49:37 GMT', 784111777000],
    ['Sun Nov  6 08:49:37 1994', 784111777000],
    ['0', undefined],
    ['2026-01-01', undefined],
  ])('reads %j as %s', (text, expected) => {
    // Act
    const ms = parseHttpDate(text);
    // Assess
    expect(ms).toBe(expected);
  });
});

describe('origin response storage policy', () => {
  it('stores a plain 200 and allows stale serving', () => {
    // Act
    const decision = decideStorage({ status: 200, headers: { 'content-type': 'application/json' } });
    // Assess
    expect(decision).toEqual({ store: true, reason: 'storable', allowStale: true });
  });

  it.each([
    [{ 'cache-control': 'no-store' }, 'no_store'],
    [{ 'Cache-Control': 'private, max-age=60' }, 'private'],
    [{ 'cache-control': 'no-cache' }, 'no_cache'],
    [{ 'set-cookie': ['sid=1; HttpOnly'] }, 'set_cookie'],
    [{ vary: 'Accept, *' }, 'vary_star'],
    [{ 'cache-control': 'max-age=0' }, 'origin_max_age_zero'],
    [{ 'cache-control': 's-maxage=0, max-age=600' }, 'origin_max_age_zero'],
    [{ expires: '0' }, 'expired_at_origin'],
    [{ expires: 'Thu, 01 Jan 2026 00:00:00 GMT', date: 'Fri, 02 Jan 2026 00:00:00 GMT' }, 'expired_at_origin'],
  ])('does not store a response with %j (%s)', (headers, reason) => {
    // Act
    const decision = decideStorage({ status: 200, headers });
    // Assess
    expect(decision.store).toBe(false);
    expect(decision.reason).toBe(reason);
  });

  it('lets s-maxage override a browser-only max-age=0', () => {
    // Act
    const decision = decideStorage({ status: 200, headers: { 'cache-control': 'max-age=0, s-maxage=120' } });
    // Assess
    expect(decision.store).toBe(true);
  });

  it.each([200, 203, 204, 300, 301, 308])('stores status %i', (status) => {
    // Act
    const decision = decideStorage({ status, headers: {} });
    // Assess
    expect(decision.store).toBe(true);
  });

  it.each([201, 206, 302, 304, 307, 400, 401, 403, 404, 405, 410, 414, 429, 500, 501, 502, 503])(
    'does not store status %i',
    (status) => {
      // Act
      const decision = decideStorage({ status, headers: {} });
      // Assess
      expect(decision.reason).toBe('status_not_cacheable');
    },
  );

  it('stores a Set-Cookie response only when the caller opts in', () => {
    // Act
    const decision = decideStorage({ status: 200, headers: { 'set-cookie': 'a=1' } }, { storeSetCookie: true });
    // Assess
    expect(decision.store).toBe(true);
  });

  it('refuses a response to an authenticated request unless the origin marks it public', () => {
    // Prepare
    const requestHeaders = { authorization: 'Bearer t' };
    // Act
    const plain = decideStorage({ status: 200, headers: {} }, { requestHeaders });
    const pub = decideStorage({ status: 200, headers: { 'cache-control': 'public' } }, { requestHeaders });
    // Assess
    expect(plain.reason).toBe('authorization');
    expect(pub.store).toBe(true);
  });

  it('disallows stale serving when the origin says must-revalidate', () => {
    // Act
    const decision = decideStorage({ status: 200, headers: { 'cache-control': 'max-age=60, must-revalidate' } });
    // Assess
    expect(decision).toEqual({ store: true, reason: 'storable', allowStale: false });
  });

  it('collects tags from Cache-Tag and Surrogate-Key, lower-cased and de-duplicated', () => {
    // Act
    const tags = parseCacheTags({ 'Cache-Tag': 'Product-7, catalog', 'surrogate-key': 'catalog  home' });
    // Assess
    expect(tags).toEqual(['product-7', 'catalog', 'home']);
  });
});

describe('CloudFront Cache-Control rewrite', () => {
  it('sets s-maxage and the stale windows for the plan TTL, keeping the browser max-age', () => {
    // Act
    const header = cdnCacheControl(plan, {
      status: 200,
      headers: { 'cache-control': 'public, max-age=30, s-maxage=5' },
    });
    // Assess
    expect(header).toBe('max-age=30, s-maxage=300, stale-while-revalidate=60, stale-if-error=3600');
  });

  it('omits the stale windows when the origin demands revalidation', () => {
    // Act
    const header = cdnCacheControl(plan, { status: 200, headers: { 'cache-control': 'must-revalidate' } });
    // Assess
    expect(header).toBe('must-revalidate, s-maxage=300');
  });

  it('marks an unstorable response private so CloudFront does not keep it', () => {
    // Act
    const header = cdnCacheControl(plan, {
      status: 200,
      headers: { 'cache-control': 'public, max-age=60', 'set-cookie': 'a=1' },
    });
    // Assess
    expect(header).toBe('max-age=60, private');
  });

  it('marks a bypassed request private and leaves no-store alone', () => {
    // Act
    const bypassed = cdnCacheControl({ mode: 'bypass', reason: 'bypass_rule' }, { status: 200, headers: {} });
    const noStore = cdnCacheControl(plan, { status: 200, headers: { 'cache-control': 'no-store' } });
    // Assess
    expect(bypassed).toBe('private');
    expect(noStore).toBe('no-store');
  });
});

describe('purge selectors', () => {
  const entry = { path: '/products/7', query: 'id=7', tags: ['catalog'] };

  it('normalises an exact URL like the key and drops parameters the key ignores', () => {
    // Prepare
    const body = purgeRequestSchema.parse({ type: 'url', url: '/products/%37?utm=x&id=7' });
    // Act
    const selector = toPurgeSelector(body, { varyByQueryParams: ['id'] });
    // Assess
    expect(selector).toEqual({ type: 'url', path: '/products/7', query: 'id=7' });
    expect(matchesPurge(entry, selector)).toBe(true);
  });

  it('matches by path prefix and by tag, case-insensitively for tags', () => {
    // Prepare
    const prefix = toPurgeSelector({ type: 'prefix', prefix: '/products/' }, { varyByQueryParams: [] });
    const otherPrefix = toPurgeSelector({ type: 'prefix', prefix: '/productsx' }, { varyByQueryParams: [] });
    const tag = toPurgeSelector({ type: 'tag', tags: ['CATALOG'] }, { varyByQueryParams: [] });
    // Act & Assess
    expect(matchesPurge(entry, prefix)).toBe(true);
    expect(matchesPurge(entry, otherPrefix)).toBe(false);
    expect(matchesPurge(entry, tag)).toBe(true);
  });

  it('rejects a purge body with an unknown type or a relative prefix', () => {
    // Act
    const unknown = purgeRequestSchema.safeParse({ type: 'regex', value: '.*' });
    const relative = purgeRequestSchema.safeParse({ type: 'prefix', prefix: 'products' });
    // Assess
    expect(unknown.success).toBe(false);
    expect(relative.success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { toPurgeSelector } from '../../../lambdas/core/cache/purge.ts';
import { HttpCache } from '../../../server/cache/http-cache.ts';
import { cacheRule } from './fixtures.ts';
import { FakeClock, FakeOrigin, get, ok, planFor } from './http-cache-harness.ts';

function setup(options: { maxBytes?: number; maxObjectBytes?: number } = {}) {
  const clock = new FakeClock();
  const origin = new FakeOrigin();
  const errors: unknown[] = [];
  const cache = new HttpCache({ ...options, now: clock.now, onBackgroundError: (e) => errors.push(e) });
  return { clock, origin, cache, errors };
}

describe('HttpCache freshness', () => {
  it('answers MISS, then HIT, then STALE with one background refresh, then a HIT of the refreshed copy', async () => {
    // Prepare: ttl 60 s, stale-while-revalidate 30 s
    const { clock, origin, cache } = setup();
    origin.reply(ok('v1'), ok('v2'));
    const plan = planFor('/products');
    // Act
    const miss = await cache.handle(plan, get(), origin.fetch);
    clock.advance(10);
    const hit = await cache.handle(plan, get(), origin.fetch);
    clock.advance(55);
    const stale = await cache.handle(plan, get(), origin.fetch);
    await cache.settled();
    const refreshed = await cache.handle(plan, get(), origin.fetch);
    // Assess
    expect([miss, hit, stale, refreshed].map((r) => r.cacheStatus)).toEqual(['MISS', 'HIT', 'STALE', 'HIT']);
    expect([miss, hit, stale, refreshed].map((r) => r.body.toString())).toEqual(['v1', 'v1', 'v1', 'v2']);
    expect(hit.headers.age).toBe('10');
    expect(stale.headers.age).toBe('65');
    expect(refreshed.headers.age).toBe('0');
    expect(hit.headers['x-cache-status']).toBe('HIT');
    expect(origin.calls).toBe(2);
  });

  it('applies a lowered TTL to an entry stored under the old one', async () => {
    // Prepare: stored with ttl 600 s, then the configuration drops the TTL to 5 s (no stale window)
    const { clock, origin, cache } = setup();
    origin.reply(ok('v1'), ok('v2'));
    await cache.handle(planFor('/products', { cache: { defaultTtlSec: 600 } }), get(), origin.fetch);
    clock.advance(10);
    // Act
    const after = await cache.handle(
      planFor('/products', { cache: { defaultTtlSec: 5, staleWhileRevalidateSec: 0 } }),
      get(),
      origin.fetch,
    );
    // Assess
    expect(after.cacheStatus).toBe('MISS');
    expect(after.body.toString()).toBe('v2');
    expect(origin.calls).toBe(2);
  });

  it('never calls the origin for a HIT', async () => {
    // Prepare
    const { origin, cache } = setup();
    origin.reply(ok('body'), new Error('origin must not be called'));
    const plan = planFor('/products');
    await cache.handle(plan, get(), origin.fetch);
    // Act
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await cache.handle(plan, get(), origin.fetch));
    // Assess
    expect(results.every((r) => r.cacheStatus === 'HIT')).toBe(true);
    expect(origin.calls).toBe(1);
  });

  it('refreshes only once however many requests arrive inside the stale window', async () => {
    // Prepare
    const { clock, origin, cache } = setup();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    origin.reply(ok('v1'), async () => {
      await gate;
      return ok('v2');
    });
    const plan = planFor('/products');
    await cache.handle(plan, get(), origin.fetch);
    clock.advance(70);
    // Act
    const stale = await Promise.all(Array.from({ length: 10 }, () => cache.handle(plan, get(), origin.fetch)));
    release();
    await cache.settled();
    // Assess
    expect(stale.every((r) => r.cacheStatus === 'STALE')).toBe(true);
    expect(origin.calls).toBe(2);
  });

  it('fetches synchronously once the stale-while-revalidate window has passed', async () => {
    // Prepare
    const { clock, origin, cache } = setup();
    origin.reply(ok('v1'), ok('v2'));
    const plan = planFor('/products');
    await cache.handle(plan, get(), origin.fetch);
    clock.advance(95);
    // Act
    const result = await cache.handle(plan, get(), origin.fetch);
    // Assess
    expect(result.cacheStatus).toBe('MISS');
    expect(result.body.toString()).toBe('v2');
  });

  it('uses the project TTL even when the origin sends a longer max-age', async () => {
    // Prepare
    const { clock, origin, cache } = setup();
    origin.reply(ok('v1', { 'cache-control': 'max-age=86400' }), ok('v2'));
    const plan = planFor('/products', { cache: { staleWhileRevalidateSec: 0 } });
    await cache.handle(plan, get(), origin.fetch);
    clock.advance(61);
    // Act
    const result = await cache.handle(plan, get(), origin.fetch);
    // Assess
    expect(result.cacheStatus).toBe('MISS');
    expect(result.body.toString()).toBe('v2');
  });

  it('revalidates an expired entry with its ETag and keeps the body on a 304 from the origin', async () => {
    // Prepare
    const { clock, origin, cache } = setup();
    origin.reply(ok('v1', { etag: '"abc"' }), { status: 304, headers: { etag: '"abc"' }, body: Buffer.alloc(0) });
    const plan = planFor('/products', { cache: { staleWhileRevalidateSec: 0 } });
    await cache.handle(plan, get(), origin.fetch);
    clock.advance(61);
    // Act
    const result = await cache.handle(plan, get(), origin.fetch);
    clock.advance(30);
    const after = await cache.handle(plan, get(), origin.fetch);
    // Assess
    expect(origin.fetches[1]?.headers['if-none-match']).toBe('"abc"');
    expect(result).toMatchObject({ status: 200, cacheStatus: 'MISS', detail: 'revalidated' });
    expect(result.body.toString()).toBe('v1');
    expect(after.cacheStatus).toBe('HIT');
  });
});

describe('HttpCache request coalescing', () => {
  it('makes one origin request for 20 concurrent misses and gives every caller the response', async () => {
    // Prepare
    const { origin, cache } = setup();
    origin.reply(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return ok('shared');
    });
    const plan = planFor('/products');
    // Act
    const results = await Promise.all(Array.from({ length: 20 }, () => cache.handle(plan, get(), origin.fetch)));
    // Assess
    expect(origin.calls).toBe(1);
    expect(results.every((r) => r.status === 200 && r.body.toString() === 'shared')).toBe(true);
    expect(results.every((r) => r.cacheStatus === 'MISS')).toBe(true);
  });

  it('does not hand one caller’s Set-Cookie response to the others waiting on the same key', async () => {
    // Prepare
    const { origin, cache } = setup();
    let n = 0;
    origin.reply(async () => {
      n++;
      const mine = n;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return ok(`user-${mine}`, { 'set-cookie': `sid=${mine}` });
    });
    const plan = planFor('/me');
    // Act
    const results = await Promise.all(Array.from({ length: 5 }, () => cache.handle(plan, get(), origin.fetch)));
    // Assess
    const cookies = results.map((r) => r.headers['set-cookie']);
    expect(new Set(cookies).size).toBe(5);
    expect(origin.calls).toBe(5);
  });

  it('shares an origin error with concurrent callers instead of multiplying the load', async () => {
    // Prepare
    const { origin, cache } = setup();
    origin.reply(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return ok('down', {}, 503);
    });
    const plan = planFor('/products');
    // Act
    const results = await Promise.all(Array.from({ length: 10 }, () => cache.handle(plan, get(), origin.fetch)));
    // Assess
    expect(origin.calls).toBe(1);
    expect(results.every((r) => r.status === 503)).toBe(true);
  });
});

describe('HttpCache stale-if-error', () => {
  it('serves the stale copy when the origin throws (timeout, unreachable) inside staleIfErrorSec', async () => {
    // Prepare: ttl 60, swr 30, sie 600
    const { clock, origin, cache } = setup();
    origin.reply(ok('v1'), new Error('connect ECONNREFUSED 127.0.0.1:9'));
    const plan = planFor('/products');
    await cache.handle(plan, get(), origin.fetch);
    clock.advance(300);
    // Act
    const result = await cache.handle(plan, get(), origin.fetch);
    // Assess
    expect(result).toMatchObject({ status: 200, cacheStatus: 'STALE', detail: 'stale_if_error' });
    expect(result.body.toString()).toBe('v1');
  });

  it('serves the stale copy when the origin answers 503', async () => {
    // Prepare
    const { clock, origin, cache } = setup();
    origin.reply(ok('v1'), ok('unavailable', {}, 503));
    const plan = planFor('/products');
    await cache.handle(plan, get(), origin.fetch);
    clock.advance(300);
    // Act
    const result = await cache.handle(plan, get(), origin.fetch);
    // Assess
    expect(result.status).toBe(200);
    expect(result.cacheStatus).toBe('STALE');
  });

  it('propagates the failure once staleIfErrorSec has passed', async () => {
    // Prepare
    const { clock, origin, cache } = setup();
    origin.reply(ok('v1'), ok('unavailable', {}, 503), new Error('timeout'));
    const plan = planFor('/products');
    await cache.handle(plan, get(), origin.fetch);
    clock.advance(60 + 600 + 1);
    // Act
    const errorResponse = await cache.handle(plan, get(), origin.fetch);
    const thrown = cache.handle(plan, get(), origin.fetch);
    // Assess
    expect(errorResponse).toMatchObject({ status: 503, cacheStatus: 'MISS' });
    await expect(thrown).rejects.toThrow('timeout');
  });

  it('does not serve stale when the origin sent must-revalidate', async () => {
    // Prepare
    const { clock, origin, cache } = setup();
    origin.reply(ok('v1', { 'cache-control': 'must-revalidate' }), ok('unavailable', {}, 503));
    const plan = planFor('/products');
    await cache.handle(plan, get(), origin.fetch);
    clock.advance(70);
    // Act
    const result = await cache.handle(plan, get(), origin.fetch);
    // Assess
    expect(result.status).toBe(503);
  });

  it('keeps serving the stale copy while background refreshes fail, and reports the failure', async () => {
    // Prepare
    const { clock, origin, cache, errors } = setup();
    origin.reply(ok('v1'), new Error('unreachable'));
    const plan = planFor('/products');
    await cache.handle(plan, get(), origin.fetch);
    clock.advance(65);
    // Act
    const first = await cache.handle(plan, get(), origin.fetch);
    await cache.settled();
    const second = await cache.handle(plan, get(), origin.fetch);
    await cache.settled();
    // Assess
    expect([first.cacheStatus, second.cacheStatus]).toEqual(['STALE', 'STALE']);
    expect(errors).toHaveLength(2);
  });
});

describe('HttpCache bypass and origin directives', () => {
  it('passes a POST straight through as BYPASS with its method, every time', async () => {
    // Prepare
    const { origin, cache } = setup();
    origin.reply(ok('created', {}, 201));
    const plan = planFor('/orders', { method: 'POST' });
    // Act
    const first = await cache.handle(plan, get({}, 'POST'), origin.fetch);
    const second = await cache.handle(plan, get({}, 'POST'), origin.fetch);
    // Assess
    expect([first.cacheStatus, second.cacheStatus]).toEqual(['BYPASS', 'BYPASS']);
    expect(first.detail).toBe('method_not_cacheable');
    expect(origin.fetches.map((f) => f.method)).toEqual(['POST', 'POST']);
  });

  it('bypasses a GET that a bypassCache rule covers', async () => {
    // Prepare
    const { origin, cache } = setup();
    origin.reply(ok('admin'));
    const plan = planFor('/admin/x', { rules: [cacheRule({ pathPattern: '/admin/**', bypassCache: true })] });
    // Act
    await cache.handle(plan, get(), origin.fetch);
    const second = await cache.handle(plan, get(), origin.fetch);
    // Assess
    expect(second).toMatchObject({ cacheStatus: 'BYPASS', detail: 'bypass_rule' });
    expect(origin.calls).toBe(2);
  });

  it.each([
    [{ 'cache-control': 'no-store' }, 'no_store'],
    [{ 'cache-control': 'private' }, 'private'],
    [{ 'set-cookie': 'sid=abc' }, 'set_cookie'],
  ])('does not store a response with %j', async (headers, detail) => {
    // Prepare
    const { origin, cache } = setup();
    origin.reply(ok('personal', headers));
    const plan = planFor('/me');
    // Act
    const first = await cache.handle(plan, get(), origin.fetch);
    const second = await cache.handle(plan, get(), origin.fetch);
    // Assess
    expect(first).toMatchObject({ cacheStatus: 'BYPASS', detail });
    expect(second.cacheStatus).toBe('BYPASS');
    expect(origin.calls).toBe(2);
    expect(cache.stats().entries).toBe(0);
  });

  it('does not store the response to a request with Authorization unless the origin says public', async () => {
    // Prepare
    const { origin, cache } = setup();
    origin.reply(ok('mine'), ok('shared', { 'cache-control': 'public' }));
    const plan = planFor('/account');
    const authed = get({ authorization: 'Bearer t' });
    // Act
    const first = await cache.handle(plan, authed, origin.fetch);
    const second = await cache.handle(plan, authed, origin.fetch);
    const third = await cache.handle(plan, authed, origin.fetch);
    // Assess
    expect([first.detail, second.detail, third.cacheStatus]).toEqual(['authorization', 'stored', 'HIT']);
  });

  it('does not store a non-cacheable status and reports it as a MISS', async () => {
    // Prepare
    const { origin, cache } = setup();
    origin.reply(ok('moved', { location: '/x' }, 302));
    const plan = planFor('/old');
    // Act
    const result = await cache.handle(plan, get(), origin.fetch);
    // Assess
    expect(result).toMatchObject({ status: 302, cacheStatus: 'MISS', detail: 'status_not_cacheable' });
    expect(cache.stats().entries).toBe(0);
  });

  it('drops the stored copy when the origin stops allowing storage', async () => {
    // Prepare
    const { clock, origin, cache } = setup();
    origin.reply(ok('v1'), ok('v2', { 'cache-control': 'no-store' }));
    const plan = planFor('/products', { cache: { staleWhileRevalidateSec: 0 } });
    await cache.handle(plan, get(), origin.fetch);
    clock.advance(61);
    // Act
    const result = await cache.handle(plan, get(), origin.fetch);
    // Assess
    expect(result.body.toString()).toBe('v2');
    expect(cache.stats().entries).toBe(0);
  });

  it('removes client conditionals and Range from the fill request to the origin', async () => {
    // Prepare
    const { origin, cache } = setup();
    origin.reply(ok('full'));
    const plan = planFor('/file');
    // Act
    await cache.handle(plan, get({ 'if-none-match': '"x"', range: 'bytes=0-1' }), origin.fetch);
    // Assess
    expect(origin.fetches[0]).toEqual({
      method: 'GET',
      headers: expect.objectContaining({ 'if-none-match': null, range: null, 'if-modified-since': null }),
    });
  });

  it('strips purge-tag and hop-by-hop headers from what the client sees', async () => {
    // Prepare
    const { origin, cache } = setup();
    origin.reply(ok('x', { 'Cache-Tag': 'a', 'surrogate-key': 'b', connection: 'close', 'x-origin': '1' }));
    const plan = planFor('/products');
    // Act
    const result = await cache.handle(plan, get(), origin.fetch);
    // Assess
    expect(result.headers).toMatchObject({ 'x-origin': '1', 'x-cache-status': 'MISS' });
    expect(Object.keys(result.headers)).not.toContain('cache-tag');
    expect(Object.keys(result.headers)).not.toContain('surrogate-key');
    expect(Object.keys(result.headers)).not.toContain('connection');
  });
});

describe('HttpCache variants', () => {
  it('does not serve a variant to a request the origin said differs (Vary)', async () => {
    // Prepare
    const { origin, cache } = setup();
    origin.reply(ok('gzip-bytes', { vary: 'Accept-Encoding', 'content-encoding': 'gzip' }), ok('plain'));
    const plan = planFor('/products');
    await cache.handle(plan, get({ 'accept-encoding': 'gzip' }), origin.fetch);
    // Act
    const plain = await cache.handle(plan, get({}), origin.fetch);
    // Assess
    expect(plain.cacheStatus).toBe('MISS');
    expect(plain.body.toString()).toBe('plain');
  });

  it('keeps entries of different vary-by-header values apart', async () => {
    // Prepare
    const { origin, cache } = setup();
    origin.reply(ok('english'), ok('french'));
    const cache2 = { varyByHeaders: ['accept-language'] };
    const en = planFor('/p', { headers: { 'accept-language': 'en' }, cache: cache2 });
    const fr = planFor('/p', { headers: { 'accept-language': 'fr' }, cache: cache2 });
    // Act
    await cache.handle(en, get(), origin.fetch);
    await cache.handle(fr, get(), origin.fetch);
    const enAgain = await cache.handle(en, get(), origin.fetch);
    // Assess
    expect(enAgain).toMatchObject({ cacheStatus: 'HIT' });
    expect(enAgain.body.toString()).toBe('english');
  });
});

describe('HttpCache conditional requests and HEAD', () => {
  it('answers If-None-Match with 304 from the cache and no body', async () => {
    // Prepare
    const { origin, cache } = setup();
    origin.reply(ok('v1', { etag: 'W/"v1"', 'cache-control': 'max-age=30' }));
    const plan = planFor('/products');
    await cache.handle(plan, get(), origin.fetch);
    // Act
    const match = await cache.handle(plan, get({ 'if-none-match': '"other", "v1"' }), origin.fetch);
    const noMatch = await cache.handle(plan, get({ 'if-none-match': '"other"' }), origin.fetch);
    // Assess
    expect(match).toMatchObject({ status: 304, cacheStatus: 'HIT' });
    expect(match.body.length).toBe(0);
    expect(match.headers).toMatchObject({ etag: 'W/"v1"', 'cache-control': 'max-age=30' });
    expect(match.headers['content-type']).toBeUndefined();
    expect(noMatch.status).toBe(200);
    expect(origin.calls).toBe(1);
  });

  it('answers If-Modified-Since with 304 when the entry is not newer', async () => {
    // Prepare
    const { origin, cache } = setup();
    origin.reply(ok('v1', { 'last-modified': 'Thu, 01 Jan 2026 00:00:00 GMT' }));
    const plan = planFor('/products');
    await cache.handle(plan, get(), origin.fetch);
    // Act
    const notNewer = await cache.handle(
      plan,
      get({ 'if-modified-since': 'Fri, 02 Jan 2026 00:00:00 GMT' }),
      origin.fetch,
    );
    const newer = await cache.handle(plan, get({ 'if-modified-since': 'Wed, 31 Dec 2025 00:00:00 GMT' }), origin.fetch);
    // Assess
    expect(notNewer.status).toBe(304);
    expect(newer.status).toBe(200);
  });

  it('answers a conditional request on a miss with 304 after filling the entry', async () => {
    // Prepare
    const { origin, cache } = setup();
    origin.reply(ok('v1', { etag: '"v1"' }));
    const plan = planFor('/products');
    // Act
    const result = await cache.handle(plan, get({ 'if-none-match': '"v1"' }), origin.fetch);
    // Assess
    expect(result).toMatchObject({ status: 304, cacheStatus: 'MISS' });
  });

  it('serves HEAD from the GET entry without a body, and fills with GET on a HEAD miss', async () => {
    // Prepare
    const { origin, cache } = setup();
    origin.reply(ok('0123456789', { 'content-length': '10' }));
    const plan = planFor('/file', { method: 'HEAD' });
    // Act
    const headMiss = await cache.handle(plan, get({}, 'HEAD'), origin.fetch);
    const getHit = await cache.handle(plan, get(), origin.fetch);
    const headHit = await cache.handle(plan, get({}, 'HEAD'), origin.fetch);
    // Assess
    expect(origin.fetches.map((f) => f.method)).toEqual(['GET']);
    expect(headMiss.body.length).toBe(0);
    expect(getHit.body.toString()).toBe('0123456789');
    expect(headHit).toMatchObject({ cacheStatus: 'HIT', headers: expect.objectContaining({ 'content-length': '10' }) });
    expect(headHit.body.length).toBe(0);
  });
});

describe('HttpCache HEAD of a chunked origin response', () => {
  it('states the stored length on HEAD when the origin sent no Content-Length', async () => {
    // Prepare
    const { origin, cache } = setup();
    origin.reply(ok('chunked body'));
    const plan = planFor('/file');
    await cache.handle(plan, get(), origin.fetch);
    // Act
    const head = await cache.handle(plan, get({}, 'HEAD'), origin.fetch);
    // Assess
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength('chunked body')));
    expect(head.body.length).toBe(0);
  });
});

describe('HttpCache purge', () => {
  async function fill(cache: HttpCache, origin: FakeOrigin) {
    const urls: Array<[string, string, string, string]> = [
      ['proj-a', '/products/1', '', 'product-1, catalog'],
      ['proj-a', '/products/2', 'color=red', 'catalog'],
      ['proj-a', '/products/2', 'color=blue', 'catalog'],
      ['proj-a', '/about', '', ''],
      ['proj-b', '/products/1', '', 'product-1, catalog'],
    ];
    for (const [projectId, path, query, tags] of urls) {
      origin.reply(ok(`${projectId}${path}?${query}`, tags ? { 'cache-tag': tags } : {}));
      await cache.handle(planFor(path, { projectId, query }), get(), origin.fetch);
    }
  }

  const config = { varyByQueryParams: [] };

  it.each([
    [{ type: 'all' as const }, 4],
    [{ type: 'prefix' as const, prefix: '/products/' }, 3],
    [{ type: 'url' as const, url: '/products/2?color=red' }, 1],
    [{ type: 'tag' as const, tags: ['product-1'] }, 1],
    [{ type: 'tag' as const, tags: ['Catalog'] }, 3],
  ])('purges %j in project A only (%i entries)', async (request, expected) => {
    // Prepare
    const { origin, cache } = setup();
    await fill(cache, origin);
    // Act
    const purged = cache.purge('proj-a', toPurgeSelector(request, config));
    // Assess
    expect(purged).toBe(expected);
    expect(cache.stats().entries).toBe(5 - expected);
    const other = await cache.handle(planFor('/products/1', { projectId: 'proj-b' }), get(), origin.fetch);
    expect(other.cacheStatus).toBe('HIT');
  });

  it('makes the next request for a purged URL a MISS', async () => {
    // Prepare
    const { origin, cache } = setup();
    await fill(cache, origin);
    // Act
    cache.purge('proj-a', toPurgeSelector({ type: 'url', url: '/about' }, config));
    origin.reply(ok('new about'));
    const result = await cache.handle(planFor('/about'), get(), origin.fetch);
    // Assess
    expect(result.cacheStatus).toBe('MISS');
    expect(result.body.toString()).toBe('new about');
  });

  it('returns 0 for a project with nothing cached', () => {
    // Prepare
    const { cache } = setup();
    // Act
    const purged = cache.purge('proj-z', { type: 'all' });
    // Assess
    expect(purged).toBe(0);
  });
});

describe('HttpCache memory bound', () => {
  it('keeps total bytes within maxBytes by evicting the least recently used entries', async () => {
    // Prepare: entries of roughly 1.4 KB in a 5 KB cache
    const { origin, cache } = setup({ maxBytes: 5_000, maxObjectBytes: 5_000 });
    origin.reply(() => ok('x'.repeat(1_000)));
    const plan = (i: number) => planFor(`/item/${i}`);
    for (let i = 0; i < 3; i++) await cache.handle(plan(i), get(), origin.fetch);
    await cache.handle(plan(0), get(), origin.fetch); // item 0 becomes most recently used
    // Act
    for (let i = 3; i < 10; i++) await cache.handle(plan(i), get(), origin.fetch);
    // Assess
    const stats = cache.stats();
    expect(stats.bytes).toBeLessThanOrEqual(5_000);
    expect(stats.evictions).toBeGreaterThan(0);
    const kept = cache.keys().map((k) => k.split('|')[4]);
    expect(kept).toEqual(['/item/7', '/item/8', '/item/9']);
  });

  it('keeps a recently read entry over older unread ones', async () => {
    // Prepare
    const { origin, cache } = setup({ maxBytes: 5_000, maxObjectBytes: 5_000 });
    origin.reply(() => ok('x'.repeat(1_000)));
    const plan = (i: number) => planFor(`/item/${i}`);
    for (let i = 0; i < 3; i++) await cache.handle(plan(i), get(), origin.fetch);
    await cache.handle(plan(0), get(), origin.fetch);
    // Act
    await cache.handle(plan(3), get(), origin.fetch);
    // Assess
    const kept = cache.keys().map((k) => k.split('|')[4]);
    expect(kept).toEqual(['/item/2', '/item/0', '/item/3']);
  });

  it('does not store a response above maxObjectBytes and fetches it again next time', async () => {
    // Prepare
    const { origin, cache } = setup({ maxBytes: 100_000, maxObjectBytes: 2_000 });
    origin.reply(() => ok('y'.repeat(5_000)));
    const plan = planFor('/big');
    // Act
    const first = await cache.handle(plan, get(), origin.fetch);
    const second = await cache.handle(plan, get(), origin.fetch);
    // Assess
    expect(first).toMatchObject({ cacheStatus: 'MISS', detail: 'too_large' });
    expect(first.body.length).toBe(5_000);
    expect(second.cacheStatus).toBe('MISS');
    expect(origin.calls).toBe(2);
  });
});

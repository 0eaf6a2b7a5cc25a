import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../helpers/origin.ts';
import { startOrigin, type TestOrigin } from '../../helpers/origin.ts';
import { startTestServer, type TestServer } from '../../helpers/test-server.ts';
import { type CacheProject, createCacheProject, sendUntil, sleep, statusOf } from './support.ts';

/**
 * An origin whose answers say how often each URL was asked for: `/slow/…` answers after 300 ms,
 * `/t/<tag>/…` sends `Cache-Tag: <tag>`, `/private/…` is `Cache-Control: private`, `/etag/…` has an ETag,
 * `/big/<bytes>/…` returns that many bytes.
 */
function cacheOrigin() {
  const perUrl = new Map<string, number>();
  return async (req: RecordedRequest, res: ServerResponse) => {
    const n = (perUrl.get(req.url) ?? 0) + 1;
    perUrl.set(req.url, n);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const segments = req.url.split('?')[0]!.split('/');
    if (segments[1] === 'slow') await sleep(300);
    if (segments[1] === 't') headers['cache-tag'] = segments[2] ?? '';
    if (segments[1] === 'private') headers['cache-control'] = 'private';
    if (segments[1] === 'etag') headers.etag = '"v1"';
    if (segments[1] === 'big') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(Buffer.alloc(Number(segments[2]), 'x'));
      return;
    }
    res.writeHead(200, headers);
    res.end(
      JSON.stringify({
        url: req.url,
        n,
        lang: req.headers['accept-language'] ?? null,
        cookie: req.headers.cookie ?? null,
        conditional: req.headers['if-none-match'] ?? null,
      }),
    );
  };
}

describe('edge cache at the proxy', () => {
  let t: TestServer;
  let origin: TestOrigin;
  const originHits = (url: string) => origin.requests.filter((r) => r.url === url).length;

  beforeAll(async () => {
    origin = await startOrigin(cacheOrigin());
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
    await origin.close();
  });

  describe('freshness', () => {
    it('answers MISS, then HIT with Age, then STALE inside the stale window, then a HIT of the refreshed copy', async () => {
      // Prepare: ttl 1 s, stale-while-revalidate 2 s
      const p = await createCacheProject(t, origin.url, {
        cache: { defaultTtlSec: 1, staleWhileRevalidateSec: 2, staleIfErrorSec: 0 },
      });
      // Act
      const miss = await p.send('/v/fresh');
      const hit = await p.send('/v/fresh');
      const stale = await sendUntil(() => p.send('/v/fresh'), 'STALE');
      const refreshed = await sendUntil(
        () => p.send('/v/fresh'),
        (res) => statusOf(res) === 'HIT' && res.json().n === 2,
      );
      // Assess
      expect([statusOf(miss), statusOf(hit), statusOf(stale), statusOf(refreshed)]).toEqual([
        'MISS',
        'HIT',
        'STALE',
        'HIT',
      ]);
      expect([miss, hit, stale, refreshed].map((r) => r.json().n)).toEqual([1, 1, 1, 2]);
      expect(hit.headers.age).toMatch(/^\d+$/);
      expect(Number(stale.headers.age)).toBeGreaterThanOrEqual(1);
      expect(miss.headers['x-request-id']).toMatch(/^req_/);
      expect(originHits('/v/fresh')).toBe(2);
    });

    it('never reaches the origin for a HIT', async () => {
      // Prepare
      const p = await createCacheProject(t, origin.url);
      await p.send('/v/hit-only');
      const before = originHits('/v/hit-only');
      // Act
      const hits = await Promise.all(Array.from({ length: 10 }, () => p.send('/v/hit-only')));
      // Assess
      expect(hits.map(statusOf)).toEqual(Array(10).fill('HIT'));
      expect(originHits('/v/hit-only')).toBe(before);
      expect(before).toBe(1);
    });

    it('answers a conditional request 304 from the cache', async () => {
      // Prepare
      const p = await createCacheProject(t, origin.url);
      await p.send('/etag/doc');
      // Act
      const res = await p.send('/etag/doc', { headers: { 'if-none-match': '"v1"' } });
      // Assess
      expect(res.status).toBe(304);
      expect(statusOf(res)).toBe('HIT');
      expect(res.body.length).toBe(0);
      expect(originHits('/etag/doc')).toBe(1);
    });

    it('serves HEAD from the GET entry with its length and no body', async () => {
      // Prepare
      const p = await createCacheProject(t, origin.url);
      const get = await p.send('/v/head');
      // Act
      const head = await p.send('/v/head', { method: 'HEAD' });
      // Assess
      expect(statusOf(head)).toBe('HIT');
      expect(head.headers['content-length']).toBe(String(get.body.length));
      expect(head.body.length).toBe(0);
      expect(originHits('/v/head')).toBe(1);
    });
  });

  describe('bypass', () => {
    let p: CacheProject;
    beforeAll(async () => {
      p = await createCacheProject(t, origin.url);
      for (const rule of [
        { pathPattern: '/nocache/**', bypassCache: true, priority: 10 },
        { pathPattern: '/zero/*', ttlSec: 0, priority: 20 },
      ]) {
        const res = await p.api('/cache/rules', { method: 'POST', body: rule });
        expect(res.status).toBe(200);
      }
    });

    it.each([
      ['a POST', '/v/post', { method: 'POST', body: '{}' }],
      ['a bypassCache rule', '/nocache/a/b', {}],
      ['a ttlSec 0 rule', '/zero/x', {}],
      ['the x-gateway-cache: bypass header', '/v/bypass-header', { headers: { 'x-gateway-cache': 'bypass' } }],
      ['an origin Cache-Control: private', '/private/me', {}],
    ])('answers BYPASS for %s and asks the origin every time', async (_what, path, init) => {
      // Act
      const first = await p.send(path, init);
      const second = await p.send(path, init);
      // Assess
      expect([statusOf(first), statusOf(second)]).toEqual(['BYPASS', 'BYPASS']);
      expect(originHits(path)).toBe(2);
    });

    it('leaves the stored entry alone when a request bypasses it with the header', async () => {
      // Prepare
      await p.send('/v/kept');
      // Act
      const bypassed = await p.send('/v/kept', { headers: { 'x-gateway-cache': 'BYPASS' } });
      const after = await p.send('/v/kept');
      // Assess
      expect(statusOf(bypassed)).toBe('BYPASS');
      expect(bypassed.json().n).toBe(2);
      expect(statusOf(after)).toBe('HIT');
      expect(after.json().n).toBe(1);
    });
  });

  describe('vary', () => {
    let p: CacheProject;
    beforeAll(async () => {
      p = await createCacheProject(t, origin.url, {
        cache: { varyByHeaders: ['Accept-Language'], varyByQueryParams: ['id'], varyByCookies: ['currency'] },
      });
    });

    it('keys on a varyByHeaders header', async () => {
      // Act
      const en = await p.send('/v/vh', { headers: { 'accept-language': 'en' } });
      const de = await p.send('/v/vh', { headers: { 'accept-language': 'de' } });
      const enAgain = await p.send('/v/vh', { headers: { 'accept-language': 'en' } });
      // Assess
      expect([statusOf(en), statusOf(de), statusOf(enAgain)]).toEqual(['MISS', 'MISS', 'HIT']);
      expect(enAgain.json().lang).toBe('en');
    });

    it('keys only on varyByQueryParams, in any order', async () => {
      // Act
      const first = await p.send('/v/vq?id=1&utm=a');
      const reordered = await p.send('/v/vq?utm=b&id=1');
      const other = await p.send('/v/vq?id=2');
      // Assess
      expect([statusOf(first), statusOf(reordered), statusOf(other)]).toEqual(['MISS', 'HIT', 'MISS']);
    });

    it('keys on a varyByCookies cookie and ignores the others', async () => {
      // Act
      const eur = await p.send('/v/vc', { headers: { cookie: 'currency=EUR' } });
      const usd = await p.send('/v/vc', { headers: { cookie: 'currency=USD' } });
      const eurAgain = await p.send('/v/vc', { headers: { cookie: '_ga=123; currency=EUR' } });
      // Assess
      expect([statusOf(eur), statusOf(usd), statusOf(eurAgain)]).toEqual(['MISS', 'MISS', 'HIT']);
      expect(eurAgain.json().cookie).toBe('currency=EUR');
    });
  });

  it('coalesces 20 concurrent misses for one key into one origin request', async () => {
    // Prepare: the origin takes 300 ms for /slow/…
    const p = await createCacheProject(t, origin.url);
    // Act
    const responses = await Promise.all(Array.from({ length: 20 }, () => p.send('/slow/coalesce')));
    // Assess
    expect(originHits('/slow/coalesce')).toBe(1);
    expect(responses.every((r) => r.status === 200 && r.json().n === 1)).toBe(true);
    expect(new Set(responses.map(statusOf))).toEqual(new Set(['MISS']));
  });

  it('serves the stale copy when the origin is gone, inside staleIfErrorSec', async () => {
    // Prepare: an origin of its own that dies after the fill; ttl 1 s, no stale-while-revalidate
    const doomed = await startOrigin(cacheOrigin());
    const p = await createCacheProject(t, doomed.url, {
      cache: { defaultTtlSec: 1, staleWhileRevalidateSec: 0, staleIfErrorSec: 60 },
    });
    const fill = await p.send('/v/sie');
    await doomed.close();
    // Act
    const stale = await sendUntil(() => p.send('/v/sie'), 'STALE');
    const neverCached = await p.send('/v/sie-other');
    // Assess
    expect(statusOf(fill)).toBe('MISS');
    expect(stale.status).toBe(200);
    expect(stale.json()).toEqual(fill.json());
    expect(neverCached.status).toBe(502);
  });

  describe('purge', () => {
    let a: CacheProject;
    let b: CacheProject;
    const paths = ['/p/a/1', '/p/a/2', '/p/b/1', '/t/promo/1', '/q?x=1'];

    beforeAll(async () => {
      a = await createCacheProject(t, origin.url);
      b = await createCacheProject(t, origin.url);
      for (const project of [a, b]) for (const path of paths) await project.send(path);
    });
    const purge = (project: CacheProject, body: unknown) => project.api('/cache/purge', { method: 'POST', body });
    const statuses = async (project: CacheProject) => {
      const out: Record<string, string | undefined> = {};
      for (const path of paths) out[path] = statusOf(await project.send(path));
      return out;
    };

    it('purges by prefix, exact URL and tag, answering the count, and never touches another project', async () => {
      // Act
      const byPrefix = await purge(a, { type: 'prefix', prefix: '/p/a/' });
      const byUrl = await purge(a, { type: 'url', url: '/q?x=1' });
      const byTag = await purge(a, { type: 'tag', tags: ['PROMO'] });
      const afterA = await statuses(a);
      const afterB = await statuses(b);
      // Assess
      expect([byPrefix, byUrl, byTag].map((r) => r.json().data.purged)).toEqual([2, 1, 1]);
      expect(byPrefix.json().data).toMatchObject({ projectId: a.id, type: 'prefix' });
      expect(afterA).toEqual({
        '/p/a/1': 'MISS',
        '/p/a/2': 'MISS',
        '/p/b/1': 'HIT',
        '/t/promo/1': 'MISS',
        '/q?x=1': 'MISS',
      });
      expect(Object.values(afterB)).toEqual(Array(paths.length).fill('HIT'));
    });

    it('purges everything of the project only', async () => {
      // Act
      const all = await purge(b, { type: 'all' });
      const afterB = await statuses(b);
      const afterA = await statuses(a);
      // Assess
      expect(all.json().data.purged).toBe(paths.length);
      expect(Object.values(afterB)).toEqual(Array(paths.length).fill('MISS'));
      expect(Object.values(afterA)).toEqual(Array(paths.length).fill('HIT'));
    });
  });

  describe('configuration changes', () => {
    it('gives "first GET MISS, repeat GET HIT" once PATCH /projects/:id turns cacheEnabled on', async () => {
      // Prepare
      const p = await createCacheProject(t, origin.url, { cacheEnabled: false });
      const before = await p.send('/v/spec');
      // Act
      const patched = await t.api(`/projects/${p.id}`, {
        method: 'PATCH',
        apiKey: p.key,
        body: { cacheEnabled: true },
      });
      const first = await p.send('/v/spec');
      const repeat = await p.send('/v/spec');
      // Assess
      expect(statusOf(before)).toBe('BYPASS');
      expect(patched.json().data).toEqual({ id: p.id, cacheEnabled: true });
      expect([statusOf(first), statusOf(repeat)]).toEqual(['MISS', 'HIT']);
    });

    it('applies a new bypass rule and a lowered TTL to what is already cached', async () => {
      // Prepare
      const p = await createCacheProject(t, origin.url);
      await p.send('/live/rule');
      await p.send('/v/ttl');
      // Act
      await p.api('/cache/rules', { method: 'POST', body: { pathPattern: '/live/**', bypassCache: true } });
      await p.api('/cache/config', { method: 'PATCH', body: { defaultTtlSec: 1, staleWhileRevalidateSec: 0 } });
      const ruled = await sendUntil(() => p.send('/live/rule'), 'BYPASS', 2000);
      const expired = await sendUntil(() => p.send('/v/ttl'), 'MISS', 4000);
      // Assess
      expect(statusOf(ruled)).toBe('BYPASS');
      expect(statusOf(expired)).toBe('MISS');
      expect(expired.json().n).toBe(2);
    });
  });
});

describe('edge cache memory bound', () => {
  let t: TestServer;
  let origin: TestOrigin;
  beforeAll(async () => {
    origin = await startOrigin(cacheOrigin());
    t = await startTestServer({ cache: { maxBytes: 64 * 1024, maxObjectBytes: 16 * 1024 } });
  });
  afterAll(async () => {
    await t.close();
    await origin.close();
  });

  it('keeps total bytes under maxBytes by evicting the least recently used entries', async () => {
    // Prepare
    const p = await createCacheProject(t, origin.url);
    // Act: 20 × 10 KB is three times the budget
    for (let i = 0; i < 20; i++) await p.send(`/big/10240/${i}`);
    const stats = t.server.cache.stats();
    const newest = await p.send('/big/10240/19');
    const oldest = await p.send('/big/10240/0');
    // Assess
    expect(stats.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(stats.evictions).toBeGreaterThan(0);
    expect(statusOf(newest)).toBe('HIT');
    expect(statusOf(oldest)).toBe('MISS');
  });

  it('serves an object above the maximum object size without storing it', async () => {
    // Prepare
    const p = await createCacheProject(t, origin.url);
    // Act
    const first = await p.send('/big/20000/huge');
    const second = await p.send('/big/20000/huge');
    // Assess
    expect(first.body.length).toBe(20000);
    expect([statusOf(first), statusOf(second)]).toEqual(['MISS', 'MISS']);
    expect(origin.requests.filter((r) => r.url === '/big/20000/huge')).toHaveLength(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CACHE_CONFIG } from '../../../lambdas/core/config/cache-config.ts';
import { PLANS } from '../../../lambdas/core/plans.ts';
import { startTestServer, type TestServer } from '../../helpers/test-server.ts';
import { type CacheProject, createCacheProject } from './support.ts';

const ORIGIN = 'http://127.0.0.1:9';

describe('cache management API', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('configuration (SPEC endpoint 6)', () => {
    it('answers the documented defaults with the projectId before anything is configured', async () => {
      // Prepare
      const p = await createCacheProject(t, ORIGIN);
      // Act
      const res = await p.api('/cache/config');
      // Assess
      expect(res.status).toBe(200);
      expect(res.json().data).toEqual({
        projectId: p.id,
        defaultTtlSec: 300,
        maxTtlSec: 86_400,
        staleWhileRevalidateSec: 60,
        staleIfErrorSec: 3600,
        varyByHeaders: [],
        varyByQueryParams: [],
        varyByCookies: [],
      });
    });

    it('changes only the fields sent and keeps the others across patches', async () => {
      // Prepare
      const p = await createCacheProject(t, ORIGIN);
      // Act
      const first = await p.api('/cache/config', { method: 'PATCH', body: { varyByHeaders: ['Accept-Language'] } });
      const second = await p.api('/cache/config', { method: 'PATCH', body: { defaultTtlSec: 120 } });
      const read = await p.api('/cache/config');
      // Assess
      expect(first.status).toBe(200);
      expect(second.json().data).toEqual({
        ...DEFAULT_CACHE_CONFIG,
        projectId: p.id,
        varyByHeaders: ['accept-language'],
        defaultTtlSec: 120,
      });
      expect(read.json().data).toEqual(second.json().data);
    });

    it.each([
      ['defaultTtlSec above 86400', { defaultTtlSec: 86_401 }, 'defaultTtlSec'],
      ['a negative staleIfErrorSec', { staleIfErrorSec: -1 }, 'staleIfErrorSec'],
      ['a fractional maxTtlSec', { maxTtlSec: 1.5 }, 'maxTtlSec'],
      ['a header name with a space', { varyByHeaders: ['x bad'] }, 'varyByHeaders.0'],
      ['an unknown field', { ttl: 5 }, 'ttl'],
      ['defaultTtlSec above maxTtlSec', { maxTtlSec: 60, defaultTtlSec: 120 }, 'defaultTtlSec'],
    ])('refuses %s with 400 validation_error naming the field', async (_what, body, path) => {
      // Prepare
      const p = await createCacheProject(t, ORIGIN);
      // Act
      const res = await p.api('/cache/config', { method: 'PATCH', body });
      // Assess
      expect(res.status).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
      expect(res.json().error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    });

    it('refuses to lower maxTtlSec below a rule ttlSec with 409 naming the rule, and stores nothing', async () => {
      // Prepare
      const p = await createCacheProject(t, ORIGIN);
      const rule = (
        await p.api('/cache/rules', { method: 'POST', body: { pathPattern: '/long/**', ttlSec: 3600 } })
      ).json().data;
      // Act
      const res = await p.api('/cache/config', { method: 'PATCH', body: { maxTtlSec: 600, defaultTtlSec: 60 } });
      const after = await p.api('/cache/config');
      // Assess
      expect(res.status).toBe(409);
      expect(res.json().error.code).toBe('conflict');
      expect(res.json().error.message).toContain(rule.id);
      expect(res.json().error.message).toContain('/long/**');
      expect(after.json().data.maxTtlSec).toBe(86_400);
    });
  });

  describe('rules (SPEC endpoint 7)', () => {
    let p: CacheProject;
    beforeAll(async () => {
      p = await createCacheProject(t, ORIGIN);
      await p.api('/cache/config', { method: 'PATCH', body: { maxTtlSec: 600, defaultTtlSec: 60 } });
    });

    it('creates a rule with the documented defaults and reads, updates and deletes it', async () => {
      // Act
      const created = await p.api('/cache/rules', { method: 'POST', body: { pathPattern: '/img/*', ttlSec: 300 } });
      const id = created.json().data.id;
      const read = await p.api(`/cache/rules/${id}`);
      const updated = await p.api(`/cache/rules/${id}`, { method: 'PATCH', body: { priority: 5, ttlSec: null } });
      const deleted = await p.api(`/cache/rules/${id}`, { method: 'DELETE' });
      const gone = await p.api(`/cache/rules/${id}`);
      // Assess
      expect(created.status).toBe(200);
      expect(created.json().data).toMatchObject({
        id: expect.stringMatching(/^cr_/),
        projectId: p.id,
        pathPattern: '/img/*',
        ttlSec: 300,
        bypassCache: false,
        priority: 100,
      });
      expect(read.json().data).toEqual(created.json().data);
      expect(updated.json().data).toMatchObject({ id, priority: 5, pathPattern: '/img/*' });
      expect(updated.json().data.ttlSec).toBeUndefined();
      expect(deleted.json().data).toEqual({ id, deleted: true });
      expect(gone.status).toBe(404);
    });

    it('refuses a ttlSec above maxTtlSec with a message naming ttlSec and the maximum', async () => {
      // Act
      const created = await p.api('/cache/rules', { method: 'POST', body: { pathPattern: '/a', ttlSec: 601 } });
      const ok = (await p.api('/cache/rules', { method: 'POST', body: { pathPattern: '/b', ttlSec: 600 } })).json()
        .data;
      const patched = await p.api(`/cache/rules/${ok.id}`, { method: 'PATCH', body: { ttlSec: 9000 } });
      // Assess
      for (const res of [created, patched]) {
        expect(res.status).toBe(400);
        expect(res.json().error.code).toBe('validation_error');
        expect(res.json().error.message).toMatch(/ttlSec .*maxTtlSec \(600\)/);
        expect(res.json().error.details).toEqual([expect.objectContaining({ path: 'ttlSec' })]);
      }
    });

    it.each([
      ['a character class', '/img/[a-z]*'],
      ['brace alternatives', '/{a,b}/x'],
      ['a relative path', 'img/*'],
      ['a query string', '/search?q=*'],
      ['whitespace', '/a b'],
      ['three stars', '/a/***'],
    ])('refuses a pathPattern with %s', async (_what, pathPattern) => {
      // Act
      const res = await p.api('/cache/rules', { method: 'POST', body: { pathPattern } });
      // Assess
      expect(res.status).toBe(400);
      expect(res.json().error.details).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: 'pathPattern' })]),
      );
    });

    it('lists rules in evaluation order with page/limit meta', async () => {
      // Prepare
      const q = await createCacheProject(t, ORIGIN);
      for (const [pathPattern, priority] of [
        ['/c', 300],
        ['/a', 100],
        ['/b', 200],
      ] as const) {
        await q.api('/cache/rules', { method: 'POST', body: { pathPattern, priority } });
      }
      // Act
      const page1 = await q.api('/cache/rules?page=1&limit=2');
      const page2 = await q.api('/cache/rules?page=2&limit=2');
      // Assess
      expect(page1.json().meta).toEqual({ page: 1, limit: 2, total: 3 });
      expect(page1.json().data.map((r: { pathPattern: string }) => r.pathPattern)).toEqual(['/a', '/b']);
      expect(page2.json().data.map((r: { pathPattern: string }) => r.pathPattern)).toEqual(['/c']);
    });

    it('enforces the plan limit on cache rules', async () => {
      // Prepare
      const q = await createCacheProject(t, ORIGIN, { plan: 'free' });
      const limit = PLANS.free.maxCacheRules;
      for (let i = 0; i < limit; i++) {
        const res = await q.api('/cache/rules', { method: 'POST', body: { pathPattern: `/r/${i}` } });
        expect(res.status).toBe(200);
      }
      // Act
      const over = await q.api('/cache/rules', { method: 'POST', body: { pathPattern: '/one-too-many' } });
      // Assess
      expect(over.status).toBe(409);
      expect(over.json().error.message).toContain(String(limit));
    });

    it("answers 404 for another project's rule", async () => {
      // Prepare
      const other = await createCacheProject(t, ORIGIN);
      const rule = (await other.api('/cache/rules', { method: 'POST', body: { pathPattern: '/x' } })).json().data;
      // Act
      const res = await t.api(`/projects/${other.id}/cache/rules/${rule.id}`, { apiKey: p.key });
      // Assess
      expect(res.status).toBe(404);
    });
  });

  describe('sandbox (SPEC endpoint 8)', () => {
    it('resolves the key with its components, the rule, the TTL and the warnings', async () => {
      // Prepare
      const p = await createCacheProject(t, ORIGIN, {
        cache: { varyByHeaders: ['authorization'], varyByQueryParams: ['id', 'page'] },
      });
      const rule = (
        await p.api('/cache/rules', {
          method: 'POST',
          body: { pathPattern: '/products/**', ttlSec: 900, priority: 10 },
        })
      ).json().data;
      // Act
      const res = await p.api('/cache/sandbox-call', {
        method: 'POST',
        body: {
          method: 'get',
          path: '/products/7',
          queryString: 'utm_source=x&page=2&id=7',
          headers: { Authorization: 'Bearer abc', Host: 'api.example.com' },
        },
      });
      // Assess
      expect(res.status).toBe(200);
      const data = res.json().data;
      expect(data.key).toBe(`v1|${p.id}|GET|api.example.com|/products/7|id=7&page=2|authorization=Bearer%20abc|`);
      expect(data.components).toEqual({
        projectId: p.id,
        method: 'GET',
        host: 'api.example.com',
        path: '/products/7',
        query: 'id=7&page=2',
        ignoredQueryParams: ['utm_source'],
        headers: { authorization: 'Bearer abc' },
        cookies: {},
      });
      expect(data).toMatchObject({ cacheable: true, ttlSec: 900, ttlSource: 'rule', rule: { id: rule.id } });
      expect(data.plan).toMatchObject({ mode: 'cache', key: data.key, ttlSec: 900 });
      expect(data.warnings.map((w: { code: string }) => w.code)).toEqual(
        expect.arrayContaining(['vary_header_unique_per_request', 'request_has_authorization']),
      );
    });

    it.each([
      ['POST', {}, 'method_not_cacheable'],
      ['GET', { 'x-gateway-cache': 'bypass' }, 'bypass_header'],
    ])('reports a bypassed %s request with its reason', async (method, headers, code) => {
      // Prepare
      const p = await createCacheProject(t, ORIGIN);
      // Act
      const res = await p.api('/cache/sandbox-call', { method: 'POST', body: { method, path: '/x', headers } });
      // Assess
      expect(res.json().data).toMatchObject({ cacheable: false, bypass: { code }, plan: { mode: 'bypass' } });
    });

    it('reports caching_disabled while cacheEnabled is false', async () => {
      // Prepare
      const p = await createCacheProject(t, ORIGIN, { cacheEnabled: false });
      // Act
      const res = await p.api('/cache/sandbox-call', { method: 'POST', body: { method: 'GET', path: '/x' } });
      // Assess
      expect(res.json().data.bypass.code).toBe('caching_disabled');
    });

    it('refuses a request without a path', async () => {
      // Prepare
      const p = await createCacheProject(t, ORIGIN);
      // Act
      const res = await p.api('/cache/sandbox-call', { method: 'POST', body: { method: 'GET' } });
      // Assess
      expect(res.status).toBe(400);
      expect(res.json().error.details).toEqual([expect.objectContaining({ path: 'path' })]);
    });
  });

  describe('purge', () => {
    it.each([
      ['an unknown type', { type: 'everything' }],
      ['a prefix without a leading slash', { type: 'prefix', prefix: 'products' }],
      ['an empty tag list', { type: 'tag', tags: [] }],
      ['two selectors at once', { type: 'url', url: '/a', prefix: '/b' }],
    ])('refuses %s with 400', async (_what, body) => {
      // Prepare
      const p = await createCacheProject(t, ORIGIN);
      // Act
      const res = await p.api('/cache/purge', { method: 'POST', body });
      // Assess
      expect(res.status).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    });

    it("answers 404 for another project's purge", async () => {
      // Prepare
      const a = await createCacheProject(t, ORIGIN);
      const b = await createCacheProject(t, ORIGIN);
      // Act
      const res = await t.api(`/projects/${b.id}/cache/purge`, {
        method: 'POST',
        apiKey: a.key,
        body: { type: 'all' },
      });
      // Assess
      expect(res.status).toBe(404);
    });
  });
});

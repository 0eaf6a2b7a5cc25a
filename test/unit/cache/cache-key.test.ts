import { describe, expect, it } from 'vitest';
import { parseCacheKey, resolveCacheKey, toCachePlan } from '../../../lambdas/core/cache/cache-key.ts';
import { cacheStage } from '../../../lambdas/core/cache/cache-stage.ts';
import { runCacheSandbox } from '../../../lambdas/core/cache/sandbox.ts';
import type { PipelineContext } from '../../../lambdas/core/pipeline/types.ts';
import type { EdgeProjectConfig } from '../../../lambdas/core/project-config.ts';
import { cacheRule, request, settings } from './fixtures.ts';

describe('cache key resolution', () => {
  it('gives the same key to requests whose query differs only in parameter order', () => {
    // Prepare
    const config = settings();
    // Act
    const a = resolveCacheKey(request({ query: 'b=2&a=1' }), config, []);
    const b = resolveCacheKey(request({ query: 'a=1&b=2' }), config, []);
    // Assess
    expect(a.key).toBe(b.key);
    expect(a.components.query).toBe('a=1&b=2');
  });

  it('keeps only varyByQueryParams in the key and reports the ignored ones', () => {
    // Prepare
    const config = settings({ varyByQueryParams: ['id', 'page'] });
    // Act
    const withTracking = resolveCacheKey(request({ query: 'utm_source=x&page=2&id=7' }), config, []);
    const plain = resolveCacheKey(request({ query: 'id=7&page=2' }), config, []);
    // Assess
    expect(withTracking.key).toBe(plain.key);
    expect(withTracking.components.query).toBe('id=7&page=2');
    expect(withTracking.components.ignoredQueryParams).toEqual(['utm_source']);
  });

  it('treats an empty varyByQueryParams as every parameter counting', () => {
    // Prepare
    const config = settings({ varyByQueryParams: [] });
    // Act
    const a = resolveCacheKey(request({ query: 'id=7&utm_source=x' }), config, []);
    const b = resolveCacheKey(request({ query: 'id=7&utm_source=y' }), config, []);
    // Assess
    expect(a.key).not.toBe(b.key);
  });

  it('varies by a listed header and tells an absent header from an empty one', () => {
    // Prepare
    const config = settings({ varyByHeaders: ['accept-language'] });
    // Act
    const en = resolveCacheKey(request({ headers: { 'accept-language': 'en' } }), config, []);
    const fr = resolveCacheKey(request({ headers: { 'accept-language': 'fr' } }), config, []);
    const empty = resolveCacheKey(request({ headers: { 'accept-language': '' } }), config, []);
    const absent = resolveCacheKey(request(), config, []);
    // Assess
    expect(new Set([en.key, fr.key, empty.key, absent.key]).size).toBe(4);
    expect(en.components.headers).toEqual({ 'accept-language': 'en' });
    expect(absent.components.headers).toEqual({ 'accept-language': null });
  });

  it('ignores headers that are not listed in varyByHeaders', () => {
    // Prepare
    const config = settings({ varyByHeaders: ['accept-language'] });
    // Act
    const a = resolveCacheKey(request({ headers: { 'user-agent': 'curl' } }), config, []);
    const b = resolveCacheKey(request({ headers: { 'user-agent': 'firefox' } }), config, []);
    // Assess
    expect(a.key).toBe(b.key);
  });

  it('varies by a listed cookie and ignores the other cookies', () => {
    // Prepare
    const config = settings({ varyByCookies: ['currency'] });
    // Act
    const usd = resolveCacheKey(request({ headers: { cookie: 'currency=USD; _ga=1' } }), config, []);
    const usdOther = resolveCacheKey(request({ headers: { cookie: '_ga=2; currency=USD' } }), config, []);
    const eur = resolveCacheKey(request({ headers: { cookie: 'currency=EUR; _ga=1' } }), config, []);
    // Assess
    expect(usd.key).toBe(usdOther.key);
    expect(usd.key).not.toBe(eur.key);
    expect(usd.components.cookies).toEqual({ currency: 'USD' });
  });

  it('never shares a key between two projects with identical requests', () => {
    // Prepare
    const req = request({ query: 'id=1' });
    // Act
    const a = resolveCacheKey(req, settings({}, { projectId: 'proj-a' }), []);
    const b = resolveCacheKey(req, settings({}, { projectId: 'proj-b' }), []);
    // Assess
    expect(a.key).not.toBe(b.key);
    expect(parseCacheKey(a.key)?.projectId).toBe('proj-a');
  });

  it('stores HEAD under the GET entry', () => {
    // Prepare
    const config = settings();
    // Act
    const head = resolveCacheKey(request({ method: 'HEAD' }), config, []);
    const get = resolveCacheKey(request({ method: 'get' }), config, []);
    // Assess
    expect(head.key).toBe(get.key);
    expect(head.cacheable).toBe(true);
  });

  it('normalises escapes of unreserved characters and hex case, but keeps dot segments', () => {
    // Prepare
    const config = settings();
    // Act
    const encoded = resolveCacheKey(request({ path: '/caf%c3%a9/%7euser' }), config, []);
    const plain = resolveCacheKey(request({ path: '/caf%C3%A9/~user' }), config, []);
    const dotted = resolveCacheKey(request({ path: '/a/../caf%C3%A9/~user' }), config, []);
    // Assess
    expect(encoded.key).toBe(plain.key);
    expect(encoded.components.path).toBe('/caf%C3%A9/~user');
    expect(dotted.key).not.toBe(plain.key);
  });

  it('round-trips the indexed parts of the key, even with a | in the path', () => {
    // Prepare
    const config = settings({ varyByHeaders: ['accept'] });
    // Act
    const resolution = resolveCacheKey(
      request({ host: 'API.Example.Test', path: '/a|b', query: 'x=1|2', headers: { accept: 'a|b' } }),
      config,
      [],
    );
    const parsed = parseCacheKey(resolution.key);
    // Assess
    expect(parsed).toEqual({
      projectId: 'proj-a',
      method: 'GET',
      host: 'api.example.test',
      path: '/a%7Cb',
      query: 'x=1%7C2',
    });
  });
});

describe('cache bypass reasons', () => {
  it.each([
    ['POST', 'method_not_cacheable'],
    ['PUT', 'method_not_cacheable'],
    ['DELETE', 'method_not_cacheable'],
  ])('bypasses %s with %s', (method, code) => {
    // Act
    const resolution = resolveCacheKey(request({ method }), settings(), []);
    // Assess
    expect(resolution.cacheable).toBe(false);
    expect(resolution.bypass?.code).toBe(code);
  });

  it('bypasses everything when caching is disabled for the project', () => {
    // Act
    const resolution = resolveCacheKey(request(), settings({}, { cacheEnabled: false }), []);
    // Assess
    expect(resolution.bypass?.code).toBe('caching_disabled');
    expect(toCachePlan(resolution)).toEqual({ mode: 'bypass', reason: 'caching_disabled' });
  });

  it('bypasses a path whose rule has bypassCache and names the rule', () => {
    // Prepare
    const rule = cacheRule({ id: 'r-admin', pathPattern: '/admin/**', bypassCache: true });
    // Act
    const resolution = resolveCacheKey(request({ path: '/admin/users' }), settings(), [rule]);
    // Assess
    expect(resolution.bypass?.code).toBe('bypass_rule');
    expect(resolution.rule?.id).toBe('r-admin');
  });

  it('bypasses a path whose rule sets ttlSec 0', () => {
    // Prepare
    const rule = cacheRule({ pathPattern: '/live/*', ttlSec: 0 });
    // Act
    const resolution = resolveCacheKey(request({ path: '/live/scores' }), settings(), [rule]);
    // Assess
    expect(resolution.bypass?.code).toBe('rule_ttl_zero');
  });

  it('bypasses when the default TTL is 0 and no rule applies', () => {
    // Act
    const resolution = resolveCacheKey(request(), settings({ defaultTtlSec: 0 }), []);
    // Assess
    expect(resolution.bypass?.code).toBe('ttl_zero');
  });

  it('bypasses on the x-gateway-cache: bypass request header, whatever its case', () => {
    // Act
    const resolution = resolveCacheKey(request({ headers: { 'x-gateway-cache': ' Bypass ' } }), settings(), []);
    // Assess
    expect(resolution.bypass?.code).toBe('bypass_header');
  });

  it('still reports the key and TTL of a bypassed request so the sandbox can show them', () => {
    // Act
    const resolution = resolveCacheKey(request({ method: 'POST' }), settings({ defaultTtlSec: 42 }), []);
    // Assess
    expect(resolution.key).toContain('|POST|');
    expect(resolution.ttlSec).toBe(42);
  });
});

describe('cache TTL choice', () => {
  it('uses the matching rule ttlSec over defaultTtlSec', () => {
    // Prepare
    const rule = cacheRule({ pathPattern: '/static/**', ttlSec: 3600 });
    // Act
    const resolution = resolveCacheKey(request({ path: '/static/app.js' }), settings({ defaultTtlSec: 60 }), [rule]);
    // Assess
    expect(resolution.ttlSec).toBe(3600);
    expect(resolution.ttlSource).toBe('rule');
  });

  it('uses defaultTtlSec when the matching rule has no ttlSec', () => {
    // Prepare
    const rule = cacheRule({ pathPattern: '/static/**' });
    // Act
    const resolution = resolveCacheKey(request({ path: '/static/app.js' }), settings({ defaultTtlSec: 60 }), [rule]);
    // Assess
    expect(resolution.ttlSec).toBe(60);
    expect(resolution.ttlSource).toBe('default');
  });

  it('clamps a rule ttlSec above maxTtlSec and warns', () => {
    // Prepare: maxTtlSec lowered after the rule was written
    const rule = cacheRule({ pathPattern: '/**', ttlSec: 7200 });
    // Act
    const resolution = resolveCacheKey(request(), settings({ maxTtlSec: 600 }), [rule]);
    // Assess
    expect(resolution.ttlSec).toBe(600);
    expect(resolution.warnings.map((w) => w.code)).toContain('ttl_clamped');
  });

  it('clamps defaultTtlSec above maxTtlSec', () => {
    // Act
    const resolution = resolveCacheKey(request(), settings({ defaultTtlSec: 900, maxTtlSec: 300 }), []);
    // Assess
    expect(resolution.ttlSec).toBe(300);
    expect(resolution.warnings[0]?.field).toBe('defaultTtlSec');
  });

  it('carries the stale windows and the rule id into the cache plan', () => {
    // Prepare
    const rule = cacheRule({ id: 'r-1', ttlSec: 120 });
    // Act
    const plan = toCachePlan(
      resolveCacheKey(request(), settings({ staleWhileRevalidateSec: 30, staleIfErrorSec: 900 }), [rule]),
    );
    // Assess
    expect(plan).toMatchObject({ mode: 'cache', ttlSec: 120, staleWhileRevalidateSec: 30, staleIfErrorSec: 900 });
    expect(plan.mode === 'cache' && plan.ruleId).toBe('r-1');
  });
});

describe('cache key warnings', () => {
  it.each(['authorization', 'x-request-id', 'x-api-key'])('warns that varying on %s prevents every hit', (header) => {
    // Act
    const resolution = resolveCacheKey(request(), settings({ varyByHeaders: [header] }), []);
    // Assess
    const warning = resolution.warnings.find((w) => w.code === 'vary_header_unique_per_request');
    expect(warning?.message).toContain('prevents every cache hit');
    expect(warning?.message).toContain(header);
  });

  it('warns about varying on the whole cookie header and points to varyByCookies', () => {
    // Act
    const resolution = resolveCacheKey(request(), settings({ varyByHeaders: ['cookie'] }), []);
    // Assess
    expect(resolution.warnings.map((w) => w.code)).toEqual(['vary_header_cookie']);
  });

  it.each(['PHPSESSID', 'connect.sid', 'session_id', 'auth_token'])('warns about session cookie %s', (cookie) => {
    // Act
    const resolution = resolveCacheKey(request(), settings({ varyByCookies: [cookie] }), []);
    // Assess
    expect(resolution.warnings.map((w) => w.code)).toContain('vary_cookie_session');
  });

  it('does not warn about ordinary vary choices', () => {
    // Act
    const resolution = resolveCacheKey(
      request(),
      settings({ varyByHeaders: ['accept-language', 'accept'], varyByCookies: ['currency', 'sidebar'] }),
      [],
    );
    // Assess
    expect(resolution.warnings).toEqual([]);
  });

  it('warns when a cacheable request carries Authorization', () => {
    // Act
    const resolution = resolveCacheKey(request({ headers: { authorization: 'Bearer x' } }), settings(), []);
    // Assess
    expect(resolution.warnings.map((w) => w.code)).toContain('request_has_authorization');
  });
});

describe('cache pipeline stage', () => {
  it('sets ctx.cache from the project configuration and rules', async () => {
    // Prepare
    const rule = cacheRule({ id: 'r-static', pathPattern: '/static/**', ttlSec: 900 });
    const config = { ...settings(), cacheRules: [rule] } as unknown as EdgeProjectConfig;
    const ctx = {
      req: { method: 'GET', path: '/static/a.css', query: '', headers: { host: 'p.example.test' }, ip: '127.0.0.1' },
      config,
      cache: { mode: 'bypass', reason: 'not cacheable' },
    } as unknown as PipelineContext;
    // Act
    const response = await cacheStage(ctx);
    // Assess
    expect(response).toBeUndefined();
    expect(ctx.cache).toMatchObject({ mode: 'cache', ttlSec: 900, ruleId: 'r-static' });
    expect(ctx.cache.mode === 'cache' && parseCacheKey(ctx.cache.key)?.host).toBe('p.example.test');
  });
});

describe('cache sandbox', () => {
  it('echoes the request and explains a bypass with the plan the proxy would use', () => {
    // Act
    const result = runCacheSandbox(
      { method: 'post', path: '/orders', queryString: 'b=1', headers: { 'X-Edge-Cache': 'bypass' } },
      settings(),
      [],
    );
    // Assess
    expect(result.request).toEqual({ method: 'POST', path: '/orders', queryString: 'b=1' });
    expect(result.cacheable).toBe(false);
    expect(result.bypass?.code).toBe('method_not_cacheable');
    expect(result.plan).toEqual({ mode: 'bypass', reason: 'method_not_cacheable' });
  });

  it('accepts header names in any case', () => {
    // Act
    const result = runCacheSandbox(
      { method: 'GET', path: '/p', queryString: '', headers: { 'Accept-Language': 'de' } },
      settings({ varyByHeaders: ['accept-language'] }),
      [],
    );
    // Assess
    expect(result.components.headers).toEqual({ 'accept-language': 'de' });
  });
});

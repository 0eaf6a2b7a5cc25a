import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../lambdas/core/ratelimit/sliding-window.ts';
import { compileRules } from '../../../lambdas/core/rules/compile.ts';
import { evaluateRules } from '../../../lambdas/core/rules/evaluate.ts';
import { request, rule } from './fixtures.ts';

const ctx = { projectId: 'prj_test', apiKeyId: 'key_1', now: Date.UTC(2025, 5, 1) };
const onPath = (value: string) => [{ field: 'path', op: 'starts_with', value }];

describe('Edge rule evaluation', () => {
  it('runs lower priority numbers first whatever the creation order', () => {
    // Prepare
    const late = rule({ action: 'block', priority: 50, conditions: onPath('/') }, 'rul_block');
    const early = rule({ action: 'allow', priority: 10, conditions: onPath('/') }, 'rul_allow');
    // Act
    const outcome = evaluateRules(compileRules([late, early]), request(), ctx);
    // Assess
    expect(outcome.effect).toEqual({ kind: 'allow', ruleId: 'rul_allow' });
    expect(outcome.matched.map((m) => m.ruleId)).toEqual(['rul_allow']);
  });

  it('treats rules of one priority as an OR: either matching rule triggers the group', () => {
    // Prepare
    const rules = [
      rule({ action: 'block', priority: 20, conditions: onPath('/admin') }, 'rul_a'),
      rule({ action: 'block', priority: 20, conditions: [{ field: 'country', op: 'equals', value: 'KP' }] }, 'rul_b'),
    ];
    const compiled = compileRules(rules);
    // Act
    const byPath = evaluateRules(compiled, request({ path: '/admin' }), ctx);
    const byCountry = evaluateRules(compiled, request({ country: 'KP' }), ctx);
    const neither = evaluateRules(compiled, request({ path: '/public', country: 'FR' }), ctx);
    // Assess
    expect(byPath.effect).toEqual({ kind: 'block', ruleId: 'rul_a' });
    expect(byCountry.effect).toEqual({ kind: 'block', ruleId: 'rul_b' });
    expect(neither.effect.kind).toBe('continue');
  });

  it('lets only the first matching rule (creation order) of an OR group act', () => {
    // Prepare
    const first = rule(
      { action: 'add_header', priority: 30, actionConfig: { name: 'X-Group', value: 'first' } },
      'rul_first',
    );
    const second = rule(
      { action: 'add_header', priority: 30, actionConfig: { name: 'X-Other', value: 'second' } },
      'rul_second',
    );
    // Act
    const outcome = evaluateRules(compileRules([second, first]), request(), ctx);
    // Assess
    expect(outcome.responseHeaders).toEqual({ 'x-group': 'first' });
    expect(outcome.matched.map((m) => m.ruleId)).toEqual(['rul_first']);
  });

  it('continues after add_header, cache_override and log, collecting each, and stops at a terminating action', () => {
    // Prepare
    const rules = [
      rule({ action: 'add_header', priority: 1, actionConfig: { name: 'X-A', value: '1', target: 'request' } }),
      rule({ action: 'cache_override', priority: 2, actionConfig: { ttlSec: 30 } }, 'rul_cache'),
      rule({ action: 'log', priority: 3 }, 'rul_log'),
      rule({ action: 'redirect', priority: 4, actionConfig: { url: '/moved', statusCode: 301 } }, 'rul_redirect'),
      rule({ action: 'add_header', priority: 5, actionConfig: { name: 'X-Never', value: '1' } }),
    ];
    // Act
    const outcome = evaluateRules(compileRules(rules), request(), ctx);
    // Assess
    expect(outcome.requestHeaders).toEqual({ 'x-a': '1' });
    expect(outcome.responseHeaders).toEqual({});
    expect(outcome.cacheOverride).toEqual({ ruleId: 'rul_cache', ttlSec: 30 });
    expect(outcome.logged).toEqual(['rul_log']);
    expect(outcome.effect).toEqual({ kind: 'redirect', ruleId: 'rul_redirect', location: '/moved', statusCode: 301 });
  });

  it('keeps the first value when two groups set the same header', () => {
    // Prepare
    const rules = [
      rule({ action: 'add_header', priority: 1, actionConfig: { name: 'X-Tier', value: 'gold' } }),
      rule({ action: 'add_header', priority: 2, actionConfig: { name: 'x-tier', value: 'silver' } }),
    ];
    // Act
    const outcome = evaluateRules(compileRules(rules), request(), ctx);
    // Assess
    expect(outcome.responseHeaders).toEqual({ 'x-tier': 'gold' });
  });

  it.each(['allow', 'block', 'challenge'] as const)('ends evaluation at %s', (action) => {
    // Prepare
    const rules = [rule({ action, priority: 1 }, 'rul_stop'), rule({ action: 'log', priority: 2 })];
    // Act
    const outcome = evaluateRules(compileRules(rules), request(), ctx);
    // Assess
    expect(outcome.effect).toEqual({ kind: action, ruleId: 'rul_stop' });
    expect(outcome.logged).toEqual([]);
  });

  it('keeps a disabled rule but never lets it act', () => {
    // Prepare
    const disabled = rule({ action: 'block', isEnabled: false }, 'rul_off');
    // Act
    const compiled = compileRules([disabled]);
    const outcome = evaluateRules(compiled, request(), ctx);
    // Assess
    expect(compiled.all.map((c) => c.rule.id)).toEqual(['rul_off']);
    expect(outcome.effect.kind).toBe('continue');
  });

  it('lets a rate_limit under its limit continue and stops the request over it', () => {
    // Prepare
    const limiter = new RateLimiter();
    const compiled = compileRules([
      rule({ action: 'rate_limit', priority: 1, actionConfig: { requests: 2, windowSec: 60 } }, 'rul_rl'),
      rule({ action: 'log', priority: 2 }, 'rul_log'),
    ]);
    const withLimiter = { ...ctx, rateLimiter: limiter };
    // Act
    const results = [1, 2, 3].map(() => evaluateRules(compiled, request(), withLimiter));
    // Assess
    expect(results.map((r) => r.effect.kind)).toEqual(['continue', 'continue', 'rate_limited']);
    expect(results.map((r) => r.logged.length)).toEqual([1, 1, 0]);
    expect(results[1]!.rateLimit).toMatchObject({ allowed: true, limit: 2, remaining: 0 });
    expect(results[2]!.effect).toMatchObject({ onLimit: 'block', result: { allowed: false, retryAfterSec: 60 } });
  });

  it('does not spend a rate-limit budget on a request that a later rule blocks', () => {
    // Prepare
    const limiter = new RateLimiter();
    const compiled = compileRules([
      rule({ action: 'rate_limit', priority: 1, actionConfig: { requests: 1, windowSec: 60 } }),
      rule({ action: 'block', priority: 2, conditions: onPath('/blocked') }),
    ]);
    const withLimiter = { ...ctx, rateLimiter: limiter };
    // Act
    const blocked = evaluateRules(compiled, request({ path: '/blocked' }), withLimiter);
    const passed = evaluateRules(compiled, request({ path: '/ok' }), withLimiter);
    // Assess
    expect(blocked.effect.kind).toBe('block');
    expect(passed.effect.kind).toBe('continue');
  });

  it.each([
    ['ip', [{ ip: '198.51.100.1' }, { ip: '198.51.100.2' }], ['continue', 'continue']],
    ['ip', [{ ip: '198.51.100.1' }, { ip: '198.51.100.1' }], ['continue', 'rate_limited']],
    ['header:X-User', [{ headers: { 'x-user': 'a' } }, { headers: { 'x-user': 'b' } }], ['continue', 'continue']],
    [
      'header:X-User',
      [{ headers: { 'x-user': 'a' } }, { headers: { 'x-user': 'a' }, ip: '203.0.113.9' }],
      ['continue', 'rate_limited'],
    ],
  ] as const)('counts per %s', (keyBy, requests, expected) => {
    // Prepare
    const compiled = compileRules([
      rule({ action: 'rate_limit', actionConfig: { requests: 1, windowSec: 60, keyBy } }),
    ]);
    const withLimiter = { ...ctx, rateLimiter: new RateLimiter() };
    // Act
    const kinds = requests.map((r) => evaluateRules(compiled, request(r), withLimiter).effect.kind);
    // Assess
    expect(kinds).toEqual(expected);
  });

  it('counts per API key when keyBy is apiKey', () => {
    // Prepare
    const compiled = compileRules([
      rule({ action: 'rate_limit', actionConfig: { requests: 1, windowSec: 60, keyBy: 'apiKey' } }),
    ]);
    const limiter = new RateLimiter();
    // Act
    const a1 = evaluateRules(compiled, request({ ip: '198.51.100.1' }), {
      ...ctx,
      apiKeyId: 'key_a',
      rateLimiter: limiter,
    });
    const b1 = evaluateRules(compiled, request({ ip: '198.51.100.1' }), {
      ...ctx,
      apiKeyId: 'key_b',
      rateLimiter: limiter,
    });
    const a2 = evaluateRules(compiled, request({ ip: '198.51.100.2' }), {
      ...ctx,
      apiKeyId: 'key_a',
      rateLimiter: limiter,
    });
    // Assess
    expect([a1, b1, a2].map((o) => o.effect.kind)).toEqual(['continue', 'continue', 'rate_limited']);
  });

  it('compiles a project of 100 rules once and evaluates it repeatedly without state leaking between requests', () => {
    // Prepare
    const rules = Array.from({ length: 100 }, (_, i) =>
      rule(
        { action: 'block', priority: i + 1, conditions: [{ field: 'path', op: 'equals', value: `/p${i}` }] },
        `rul_${i}`,
      ),
    );
    const compiled = compileRules(rules);
    // Act
    const hit = evaluateRules(compiled, request({ path: '/p99' }), ctx);
    const miss = evaluateRules(compiled, request({ path: '/none' }), ctx);
    // Assess
    expect(hit.effect).toEqual({ kind: 'block', ruleId: 'rul_99' });
    expect(miss.effect.kind).toBe('continue');
  });
});

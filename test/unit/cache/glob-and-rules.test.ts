import { describe, expect, it } from 'vitest';
import { compileGlob, globPatternProblem, matchGlob } from '../../../lambdas/core/cache/glob.ts';
import { selectCacheRule, sortCacheRules } from '../../../lambdas/core/cache/rules.ts';
import { cacheRule } from './fixtures.ts';

describe('cache rule glob', () => {
  it.each([
    ['/static/*.js', '/static/app.js', true],
    ['/static/*.js', '/static/js/app.js', false],
    ['/static/**', '/static/js/vendor/app.js', true],
    ['/static/**', '/static', true],
    ['/static/**', '/staticfiles/a', false],
    ['/api/**/users', '/api/users', true],
    ['/api/**/users', '/api/v1/admin/users', true],
    ['/api/**/users', '/api/v1/admin/users/7', false],
    ['/img/??.png', '/img/ab.png', true],
    ['/img/??.png', '/img/a/.png', false],
    ['/img/??.png', '/img/abc.png', false],
    ['/a*b', '/axxb', true],
    ['/a*b', '/ax/xb', false],
    ['/exact', '/exact', true],
    ['/exact', '/exact/', false],
    ['**', '/anything/at/all', true],
  ])('%s against %s → %s', (pattern, path, expected) => {
    // Act
    const result = matchGlob(pattern, path);
    // Assess
    expect(result).toBe(expected);
  });

  it('rejects a long non-matching path against a star-heavy pattern without backtracking blow-up', () => {
    // Prepare: the classic catastrophic-backtracking shape for regex-translated globs
    const pattern = `/${'**a'.repeat(30)}b`;
    const path = `/${'a'.repeat(5000)}`;
    const matcher = compileGlob(pattern);
    // Act
    const result = matcher.matches(path);
    // Assess
    expect(result).toBe(false);
  });
});

describe('cache rule selection', () => {
  it('orders by priority, lower first, and breaks ties by creation time', () => {
    // Prepare
    const late = cacheRule({ id: 'late', priority: 10, createdAt: '2026-01-02T00:00:00.000Z' });
    const early = cacheRule({ id: 'early', priority: 10, createdAt: '2026-01-01T00:00:00.000Z' });
    const first = cacheRule({ id: 'first', priority: 1, createdAt: '2026-01-03T00:00:00.000Z' });
    // Act
    const sorted = sortCacheRules([late, early, first]);
    // Assess
    expect(sorted.map((r) => r.id)).toEqual(['first', 'early', 'late']);
  });

  it('picks the first matching rule in priority order, not the most specific one', () => {
    // Prepare
    const broad = cacheRule({ id: 'broad', pathPattern: '/api/**', priority: 5, ttlSec: 10 });
    const specific = cacheRule({ id: 'specific', pathPattern: '/api/products/*', priority: 50, ttlSec: 600 });
    // Act
    const rule = selectCacheRule([specific, broad], '/api/products/7');
    // Assess
    expect(rule?.id).toBe('broad');
  });

  it('returns no rule when nothing matches', () => {
    // Prepare
    const rules = [cacheRule({ pathPattern: '/static/**' })];
    // Act
    const rule = selectCacheRule(rules, '/api/x');
    // Assess
    expect(rule).toBeUndefined();
  });

  it('matches a pattern written with a percent-escape of an unreserved character', () => {
    // Prepare
    const rules = [cacheRule({ id: 'tilde', pathPattern: '/%7euser/*' })];
    // Act
    const rule = selectCacheRule(rules, '/~user/page');
    // Assess
    expect(rule?.id).toBe('tilde');
  });
});

describe('cache rule pattern validation', () => {
  it.each([['/static/**'], ['/api/*/items'], ['/a/**/b'], ['/file?.txt'], ['/caf%C3%A9/*']])(
    'accepts %s',
    (pattern) => {
      // Act
      const problem = globPatternProblem(pattern);
      // Assess
      expect(problem).toBeUndefined();
    },
  );

  it.each([
    ['static/*', /start with \//],
    ['/search?q=*', /query string/],
    ['/img/[a-z]*', /character classes/],
    ['/{a,b}/x', /alternatives/],
    ['/a b', /whitespace/],
    ['/a\tb', /whitespace/],
    ['/a/***', /three or more/],
  ])('refuses %s, saying why', (pattern, why) => {
    // Act
    const problem = globPatternProblem(pattern);
    // Assess
    expect(problem).toMatch(why);
  });
});

import { describe, expect, it } from 'vitest';
import { checkSafePattern, compileSafePattern, MAX_PATTERN_LENGTH } from '../../../lambdas/core/rules/safe-regex.ts';

describe('Edge rule matches dialect', () => {
  it.each([
    ['^/api/v[0-9]+/users$', '/api/v12/users'],
    ['^/api/v[0-9]+/users$', '/api/v/users'],
    ['admin', '/x/admin/y'],
    ['\\.(php|aspx?)$', '/index.aspx'],
    ['\\.(php|aspx?)$', '/index.asp.bak'],
    ['[^/]+\\.js$', '/a/b.js'],
    ['a{2,3}b', 'xaab'],
    ['a{2,3}b', 'xab'],
    ['^/(?:en|de)/docs/?$', '/de/docs/'],
    ['^/files/\\w+\\.(?:png|jpe?g)$', '/files/cat_1.JPG'],
    ['^$', ''],
    ['x|', 'abc'],
    ['\\d{3}-\\d{4}', 'call 555-1234'],
    ['[\\s\\S]*secret', 'line\nsecret'],
    ['^.+$', 'a\nb'],
    ['\\u00e9t\\xe9', 'été'],
    ['[a\\-z]', '-'],
  ])('agrees with RegExp on %s against %j', (pattern, input) => {
    // Act
    const ours = compileSafePattern(pattern).test(input);
    // Assess
    expect(ours).toBe(new RegExp(pattern).test(input));
  });

  it.each([
    ['(a)\\1', 'backreferences'],
    ['(?<x>a)\\k<x>', 'named groups'],
    ['(?=admin)', 'lookahead'],
    ['(?!admin)', 'lookahead'],
    ['(?<=a)b', 'lookbehind'],
    ['(?i)admin', 'inline flags'],
    ['\\bword', 'word boundaries'],
    ['a**', 'cannot follow a quantifier'],
    ['a{101}', 'above 100'],
    ['((a{100}){100}){100}', 'more than 2000 states'],
    ['a{3,1}', 'out of order'],
    ['[z-a]', 'out of order'],
    ['(abc', 'unterminated group'],
    ['abc)', "unbalanced ')'"],
    ['[abc', 'unterminated character class'],
    ['\\q', 'unknown escape'],
    ['*a', 'nothing to repeat'],
    ['a'.repeat(MAX_PATTERN_LENGTH + 1), 'longer than'],
  ])('refuses %s (%s)', (pattern, reason) => {
    // Act
    const message = checkSafePattern(pattern);
    // Assess
    expect(message).toContain(reason);
  });

  it.each([
    ['^(a+)+$', `${'a'.repeat(64 * 1024)}!`],
    ['(a|aa)*b', 'a'.repeat(64 * 1024)],
    ['(.*a){20}x', 'a'.repeat(64 * 1024)],
    ['^(\\w+\\s?)*$', `${'word '.repeat(13_000)}!`],
  ])('answers %s on a 64 KiB adversarial input (no backtracking: time is linear in the input)', (pattern, input) => {
    // Prepare
    const compiled = compileSafePattern(pattern);
    // Act
    const result = compiled.test(input);
    // Assess
    expect(result).toBe(false);
  });
});

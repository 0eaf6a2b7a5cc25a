import { describe, expect, it } from 'vitest';
import {
  applyEdgeRulePatch,
  edgeRuleInputSchema,
  edgeRulePatchSchema,
} from '../../../lambdas/core/config/edge-rule.ts';

function issues(input: unknown): Array<[string, string]> {
  const result = edgeRuleInputSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

function paths(input: unknown): string[] {
  return issues(input).map(([path]) => path);
}

const cond = (field: string, op: string, value: string) => ({
  name: 'r',
  action: 'block',
  conditions: [{ field, op, value }],
});

describe('Edge rule schema', () => {
  it('applies the defaults of SPEC §2: priority 100, isEnabled true, no conditions, empty actionConfig', () => {
    // Act
    const parsed = edgeRuleInputSchema.parse({ name: 'block all', action: 'block' });
    // Assess
    expect(parsed).toEqual({
      name: 'block all',
      priority: 100,
      conditions: [],
      action: 'block',
      actionConfig: {},
      isEnabled: true,
    });
  });

  it.each([
    ['path', 'in'],
    ['method', 'contains'],
    ['ip', 'starts_with'],
    ['country', 'contains'],
    ['header', 'matches'],
    ['query_param', 'in_cidr'],
    ['body', 'equals'],
  ])('refuses op %s/%s and names conditions.0.op', (field, op) => {
    // Act
    const found = issues(cond(field, op, 'x'));
    // Assess
    expect(found).toHaveLength(1);
    expect(found[0]![0]).toBe('conditions.0.op');
    expect(found[0]![1]).toContain(`'${op}' is not allowed for field '${field}'`);
  });

  it.each([
    ['path', 'equals', '/a'],
    ['path', 'starts_with', '/api/'],
    ['path', 'ends_with', '.php'],
    ['path', 'contains', 'admin'],
    ['path', 'matches', '^/v[0-9]+/'],
    ['method', 'equals', 'post'],
    ['ip', 'equals', '2001:db8::1'],
    ['ip', 'in_cidr', '10.0.0.0/8'],
    ['country', 'equals', 'de'],
    ['country', 'in', 'US, CA,MX'],
    ['header', 'equals', 'X-Env: staging'],
    ['header', 'contains', 'user-agent:curl'],
    ['query_param', 'equals', 'debug=1'],
    ['query_param', 'contains', 'q='],
    ['body', 'contains', '"admin":true'],
  ])('accepts %s %s %j', (field, op, value) => {
    // Act
    const found = issues(cond(field, op, value));
    // Assess
    expect(found).toEqual([]);
  });

  it.each([
    ['ip', 'equals', '10.0.0.0/8', 'IPv4 or IPv6 address'],
    ['ip', 'equals', '999.1.1.1', 'IPv4 or IPv6 address'],
    ['ip', 'in_cidr', '10.0.0.1', 'CIDR range'],
    ['ip', 'in_cidr', '10.0.0.0/33', 'CIDR range'],
    ['country', 'equals', 'XX', 'alpha-2'],
    ['country', 'equals', 'US,CA', 'alpha-2'],
    ['country', 'in', 'US,,CA', "not valid: ''"],
    ['country', 'in', 'US,ZZ', "not valid: 'ZZ'"],
    ['header', 'equals', 'no colon here', '<header-name>: <header-value>'],
    ['header', 'contains', 'bad name: v', '<header-name>: <header-value>'],
    ['query_param', 'equals', 'novalue', '<name>=<value>'],
    ['query_param', 'equals', '=x', '<name>=<value>'],
    ['method', 'equals', 'FETCH', 'HTTP method'],
    ['path', 'equals', '', 'must not be empty'],
    ['body', 'contains', '', 'must not be empty'],
    ['path', 'matches', '(a+)\\1', 'backreferences'],
  ])('refuses %s %s %j with a message on conditions.0.value', (field, op, value, message) => {
    // Act
    const found = issues(cond(field, op, value));
    // Assess
    expect(found).toHaveLength(1);
    expect(found[0]![0]).toBe('conditions.0.value');
    expect(found[0]![1]).toContain(message);
  });

  it('names an unknown field at conditions.N.field', () => {
    // Act
    const found = paths({
      name: 'r',
      action: 'log',
      conditions: [
        { field: 'path', op: 'equals', value: '/' },
        { field: 'cookie', op: 'equals', value: 'a' },
      ],
    });
    // Assess
    expect(found).toEqual(['conditions.1.field']);
  });

  it('keeps priority within 1..10000', () => {
    // Act
    const low = paths({ name: 'r', action: 'log', priority: 0 });
    const high = paths({ name: 'r', action: 'log', priority: 10_001 });
    const edge = paths({ name: 'r', action: 'log', priority: 10_000 });
    // Assess
    expect(low).toEqual(['priority']);
    expect(high).toEqual(['priority']);
    expect(edge).toEqual([]);
  });

  it('rejects unknown fields on the rule and on a condition', () => {
    // Act
    const found = paths({
      name: 'r',
      action: 'log',
      extra: 1,
      conditions: [{ field: 'body', op: 'contains', value: 'x', flags: 'i' }],
    });
    // Assess
    expect(found.sort()).toEqual(['', 'conditions.0']);
  });

  describe('actionConfig', () => {
    it('defaults a redirect to 302 and accepts 301/307/308', () => {
      // Act
      const parsed = edgeRuleInputSchema.parse({
        name: 'r',
        action: 'redirect',
        actionConfig: { url: 'https://example.com/new' },
      });
      const permanent = paths({ name: 'r', action: 'redirect', actionConfig: { url: '/new', statusCode: 308 } });
      // Assess
      expect(parsed.actionConfig).toEqual({ url: 'https://example.com/new', statusCode: 302 });
      expect(permanent).toEqual([]);
    });

    it.each([
      [{ url: '//evil.example' }, 'actionConfig.url'],
      [{ url: 'javascript:alert(1)' }, 'actionConfig.url'],
      [{ url: '/a\r\nSet-Cookie: x=1' }, 'actionConfig.url'],
      [{ url: '/ok', statusCode: 303 }, 'actionConfig.statusCode'],
    ])('refuses redirect config %j at %s', (actionConfig, path) => {
      // Act
      const found = paths({ name: 'r', action: 'redirect', actionConfig });
      // Assess
      expect(found).toEqual([path]);
    });

    it('requires a redirect actionConfig', () => {
      // Act
      const found = paths({ name: 'r', action: 'redirect' });
      // Assess
      expect(found).toEqual(['actionConfig']);
    });

    it('defaults add_header to the response and refuses framing headers and CRLF values', () => {
      // Act
      const parsed = edgeRuleInputSchema.parse({
        name: 'r',
        action: 'add_header',
        actionConfig: { name: 'X-Env', value: 'edge' },
      });
      const framing = paths({ name: 'r', action: 'add_header', actionConfig: { name: 'Content-Length', value: '1' } });
      const crlf = paths({ name: 'r', action: 'add_header', actionConfig: { name: 'X-A', value: 'a\r\nb: c' } });
      const target = paths({
        name: 'r',
        action: 'add_header',
        actionConfig: { name: 'X-A', value: 'a', target: 'both' },
      });
      // Assess
      expect(parsed.actionConfig).toEqual({ name: 'X-Env', value: 'edge', target: 'response' });
      expect(framing).toEqual(['actionConfig.name']);
      expect(crlf).toEqual(['actionConfig.value']);
      expect(target).toEqual(['actionConfig.target']);
    });

    it('takes exactly one of ttlSec or bypass for cache_override', () => {
      // Act
      const ttl = paths({ name: 'r', action: 'cache_override', actionConfig: { ttlSec: 60 } });
      const bypass = paths({ name: 'r', action: 'cache_override', actionConfig: { bypass: true } });
      const both = paths({ name: 'r', action: 'cache_override', actionConfig: { ttlSec: 60, bypass: true } });
      const neither = paths({ name: 'r', action: 'cache_override', actionConfig: {} });
      const tooLong = paths({ name: 'r', action: 'cache_override', actionConfig: { ttlSec: 86_401 } });
      // Assess
      expect(ttl).toEqual([]);
      expect(bypass).toEqual([]);
      expect(both).toEqual(['actionConfig']);
      expect(neither).toEqual(['actionConfig']);
      expect(tooLong).toEqual(['actionConfig.ttlSec']);
    });

    it('defaults rate_limit to keyBy ip and onLimit block, and checks keyBy', () => {
      // Act
      const parsed = edgeRuleInputSchema.parse({
        name: 'r',
        action: 'rate_limit',
        actionConfig: { requests: 10, windowSec: 60 },
      });
      const header = paths({
        name: 'r',
        action: 'rate_limit',
        actionConfig: { requests: 10, windowSec: 60, keyBy: 'header:X-User' },
      });
      const bad = paths({
        name: 'r',
        action: 'rate_limit',
        actionConfig: { requests: 10, windowSec: 60, keyBy: 'cookie:sid' },
      });
      const zero = paths({ name: 'r', action: 'rate_limit', actionConfig: { requests: 0, windowSec: 60 } });
      // Assess
      expect(parsed.actionConfig).toEqual({ requests: 10, windowSec: 60, keyBy: 'ip', onLimit: 'block' });
      expect(header).toEqual([]);
      expect(bad).toEqual(['actionConfig.keyBy']);
      expect(zero).toEqual(['actionConfig.requests']);
    });

    it.each(['allow', 'block', 'challenge', 'log'])(
      'accepts %s with an absent or empty actionConfig and nothing else',
      (action) => {
        // Act
        const absent = paths({ name: 'r', action });
        const empty = paths({ name: 'r', action, actionConfig: {} });
        const extra = paths({ name: 'r', action, actionConfig: { url: '/x' } });
        // Assess
        expect(absent).toEqual([]);
        expect(empty).toEqual([]);
        expect(extra).toEqual(['actionConfig']);
      },
    );

    it('names an unknown action at action', () => {
      // Act
      const found = paths({ name: 'r', action: 'drop' });
      // Assess
      expect(found).toEqual(['action']);
    });
  });

  describe('PATCH', () => {
    const stored = edgeRuleInputSchema.parse({
      name: 'r',
      action: 'redirect',
      priority: 5,
      actionConfig: { url: '/a' },
    });

    it('fills no defaults into a partial body', () => {
      // Act
      const patch = edgeRulePatchSchema.parse({ isEnabled: false });
      // Assess
      expect(patch).toEqual({ isEnabled: false });
    });

    it('checks conditions in a patch like on create', () => {
      // Act
      const result = edgeRulePatchSchema.safeParse({ conditions: [{ field: 'ip', op: 'in', value: '10.0.0.0/8' }] });
      // Assess
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['conditions.0.op']);
    });

    it('merges and revalidates; switching action without actionConfig starts from {}', () => {
      // Act
      const disabled = applyEdgeRulePatch(stored, edgeRulePatchSchema.parse({ isEnabled: false }));
      const toBlock = applyEdgeRulePatch(stored, edgeRulePatchSchema.parse({ action: 'block' }));
      const toRateLimit = applyEdgeRulePatch(stored, edgeRulePatchSchema.parse({ action: 'rate_limit' }));
      // Assess
      expect(disabled.success && disabled.data).toMatchObject({
        isEnabled: false,
        priority: 5,
        actionConfig: { url: '/a', statusCode: 302 },
      });
      expect(toBlock.success && toBlock.data.actionConfig).toEqual({});
      expect(toRateLimit.success).toBe(false);
      expect(toRateLimit.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
        'actionConfig.requests',
        'actionConfig.windowSec',
      ]);
    });
  });
});

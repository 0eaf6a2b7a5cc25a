import { describe, expect, it } from 'vitest';
import type { EdgeRequest } from '../../../lambdas/core/edge-request.ts';
import { compileRules } from '../../../lambdas/core/rules/compile.ts';
import { evaluateRules } from '../../../lambdas/core/rules/evaluate.ts';
import { request, rule } from './fixtures.ts';

function matches(field: string, op: string, value: string, req: Partial<EdgeRequest>): boolean {
  const compiled = compileRules([rule({ action: 'block', conditions: [{ field, op, value }] })]);
  const outcome = evaluateRules(compiled, request(req), { projectId: 'prj_test', apiKeyId: '', now: 0 });
  return outcome.effect.kind === 'block';
}

const body = (text: string) => new TextEncoder().encode(text);

describe('Edge rule conditions', () => {
  it.each([
    ['path', 'equals', '/admin', { path: '/admin' }, true],
    ['path', 'equals', '/admin', { path: '/admin/' }, false],
    ['path', 'equals', '/admin', { path: '/%61dmin' }, true],
    ['path', 'starts_with', '/api/', { path: '/api/users' }, true],
    ['path', 'starts_with', '/api/', { path: '/v1/api/' }, false],
    ['path', 'ends_with', '.php', { path: '/index.php' }, true],
    ['path', 'ends_with', '.php', { path: '/index.php5' }, false],
    ['path', 'contains', 'wp-', { path: '/blog/wp-login' }, true],
    ['path', 'contains', 'wp-', { path: '/blog/login' }, false],
    ['path', 'matches', '^/v[0-9]+/users/\\d+$', { path: '/v2/users/42' }, true],
    ['path', 'matches', '^/v[0-9]+/users/\\d+$', { path: '/v2/users/me' }, false],
    ['method', 'equals', 'post', { method: 'POST' }, true],
    ['method', 'equals', 'POST', { method: 'GET' }, false],
    ['ip', 'equals', '198.51.100.7', { ip: '198.51.100.7' }, true],
    ['ip', 'equals', '198.51.100.7', { ip: '::ffff:198.51.100.7' }, true],
    ['ip', 'equals', '198.51.100.7', { ip: '198.51.100.8' }, false],
    ['ip', 'equals', '2001:db8::1', { ip: '2001:0db8:0:0:0:0:0:1' }, true],
    ['ip', 'in_cidr', '198.51.100.0/24', { ip: '198.51.100.250' }, true],
    ['ip', 'in_cidr', '198.51.100.0/24', { ip: '198.51.101.1' }, false],
    ['ip', 'in_cidr', '2001:db8::/32', { ip: '2001:db8:ffff::1' }, true],
    ['ip', 'in_cidr', '2001:db8::/32', { ip: '198.51.100.7' }, false],
    ['country', 'equals', 'de', { country: 'DE' }, true],
    ['country', 'equals', 'DE', { country: 'FR' }, false],
    ['country', 'equals', 'DE', {}, false],
    ['country', 'in', 'US, ca ,MX', { country: 'CA' }, true],
    ['country', 'in', 'US,CA,MX', { country: 'BR' }, false],
    ['header', 'equals', 'X-Env: staging', { headers: { 'x-env': 'staging' } }, true],
    ['header', 'equals', 'X-Env: staging', { headers: { 'x-env': 'staging-2' } }, false],
    ['header', 'equals', 'X-Env: staging', {}, false],
    ['header', 'contains', 'User-Agent: curl', { headers: { 'user-agent': 'curl/8.5.0' } }, true],
    ['header', 'contains', 'User-Agent: curl', { headers: { 'user-agent': 'Mozilla/5.0' } }, false],
    ['header', 'contains', 'X-Debug:', { headers: { 'x-debug': '' } }, true],
    ['query_param', 'equals', 'debug=1', { query: 'a=2&debug=1' }, true],
    ['query_param', 'equals', 'debug=1', { query: 'debug=10' }, false],
    ['query_param', 'equals', 'q=hello world', { query: 'q=hello+world' }, true],
    ['query_param', 'contains', 'q=union', { query: 'q=1%20union%20select' }, true],
    ['query_param', 'contains', 'q=union', { query: 'p=union' }, false],
    ['body', 'contains', '"role":"admin"', { body: body('{"user":1,"role":"admin"}') }, true],
    ['body', 'contains', '"role":"admin"', { body: body('{"role":"user"}') }, false],
    ['body', 'contains', 'x', {}, false],
  ] as const)('%s %s %j on %j → %s', (field, op, value, req, expected) => {
    // Act
    const result = matches(field, op, value, req as Partial<EdgeRequest>);
    // Assess
    expect(result).toBe(expected);
  });

  it('searches the body only up to the 64 KiB scan bound', () => {
    // Prepare
    const early = body(`${'a'.repeat(1000)}NEEDLE${'a'.repeat(100_000)}`);
    const late = body(`${'a'.repeat(70_000)}NEEDLE`);
    // Act
    const foundEarly = matches('body', 'contains', 'NEEDLE', { body: early });
    const foundLate = matches('body', 'contains', 'NEEDLE', { body: late });
    // Assess
    expect(foundEarly).toBe(true);
    expect(foundLate).toBe(false);
  });

  it('requires every condition of a rule (AND)', () => {
    // Prepare
    const compiled = compileRules([
      rule({
        action: 'block',
        conditions: [
          { field: 'path', op: 'starts_with', value: '/admin' },
          { field: 'method', op: 'equals', value: 'POST' },
        ],
      }),
    ]);
    const ctx = { projectId: 'prj_test', apiKeyId: '', now: 0 };
    // Act
    const both = evaluateRules(compiled, request({ path: '/admin/x', method: 'POST' }), ctx);
    const onlyPath = evaluateRules(compiled, request({ path: '/admin/x', method: 'GET' }), ctx);
    // Assess
    expect(both.effect.kind).toBe('block');
    expect(onlyPath.effect.kind).toBe('continue');
  });
});

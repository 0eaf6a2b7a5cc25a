import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../lambdas/core/ratelimit/sliding-window.ts';
import { compileRules } from '../../../lambdas/core/rules/compile.ts';
import { dryRunRules, ruleSandboxRequestSchema } from '../../../lambdas/core/rules/sandbox.ts';
import { rule } from './fixtures.ts';

const now = Date.UTC(2025, 5, 1);

describe('Edge rules sandbox', () => {
  const rules = [
    rule({ action: 'log', priority: 1, conditions: [{ field: 'method', op: 'equals', value: 'POST' }] }, 'rul_log'),
    rule(
      {
        action: 'block',
        priority: 10,
        conditions: [
          { field: 'path', op: 'starts_with', value: '/admin' },
          { field: 'country', op: 'equals', value: 'RU' },
        ],
      },
      'rul_ru',
    ),
    rule(
      { action: 'block', priority: 10, conditions: [{ field: 'path', op: 'starts_with', value: '/admin' }] },
      'rul_admin',
    ),
    rule({ action: 'block', priority: 10, conditions: [{ field: 'path', op: 'contains', value: 'adm' }] }, 'rul_adm'),
    rule({ action: 'add_header', priority: 20, actionConfig: { name: 'X-A', value: '1' } }, 'rul_after'),
    rule({ action: 'block', priority: 5, isEnabled: false }, 'rul_off'),
  ];

  it('reports per rule whether it matched, which condition failed, and the final outcome', () => {
    // Prepare
    const input = ruleSandboxRequestSchema.parse({ method: 'GET', path: '/admin/users', country: 'fr' });
    // Act
    const result = dryRunRules(compileRules(rules), input, { projectId: 'prj_test', now });
    // Assess
    const byId = Object.fromEntries(result.rules.map((r) => [r.ruleId, r]));
    expect(result.rules.map((r) => r.ruleId)).toEqual([
      'rul_log',
      'rul_off',
      'rul_ru',
      'rul_admin',
      'rul_adm',
      'rul_after',
    ]);
    expect(byId.rul_log).toMatchObject({
      matched: false,
      status: 'not_matched',
      failedCondition: { index: 0, field: 'method' },
    });
    expect(byId.rul_off).toMatchObject({ matched: true, status: 'disabled' });
    expect(byId.rul_ru).toMatchObject({
      matched: false,
      status: 'not_matched',
      failedCondition: { index: 1, field: 'country', value: 'RU' },
    });
    expect(byId.rul_admin).toMatchObject({ matched: true, status: 'acted' });
    expect(byId.rul_adm).toMatchObject({ matched: true, status: 'shadowed' });
    expect(byId.rul_after).toMatchObject({ matched: true, status: 'not_reached' });
    expect(result.outcome).toMatchObject({
      effect: { kind: 'block', ruleId: 'rul_admin' },
      status: 403,
      skipsSecurity: false,
    });
  });

  it('never spends a rate-limit budget', () => {
    // Prepare
    const limiter = new RateLimiter();
    const compiled = compileRules([rule({ action: 'rate_limit', actionConfig: { requests: 1, windowSec: 60 } })]);
    const input = ruleSandboxRequestSchema.parse({ path: '/' });
    // Act
    const runs = [1, 2, 3].map(() =>
      dryRunRules(compiled, input, { projectId: 'prj_test', now, rateLimiter: limiter }),
    );
    // Assess
    expect(runs.map((r) => r.outcome.effect.kind)).toEqual(['continue', 'continue', 'continue']);
    expect(runs[2]!.rules[0]!.rateLimit).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.size).toBe(0);
  });

  it('searches a described body and headers', () => {
    // Prepare
    const compiled = compileRules([
      rule({
        action: 'challenge',
        conditions: [
          { field: 'body', op: 'contains', value: 'DROP TABLE' },
          { field: 'header', op: 'contains', value: 'Content-Type: json' },
        ],
      }),
    ]);
    const input = ruleSandboxRequestSchema.parse({
      method: 'POST',
      path: '/q',
      headers: { 'Content-Type': 'application/json' },
      body: '{"q":"DROP TABLE x"}',
    });
    // Act
    const result = dryRunRules(compiled, input, { projectId: 'prj_test', now });
    // Assess
    expect(result.outcome).toMatchObject({ effect: { kind: 'challenge' }, status: 403 });
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_WAF_CONFIG } from '../../../lambdas/core/config/waf-config.ts';
import type { EdgeResponse } from '../../../lambdas/core/pipeline/types.ts';
import { accessListStage, compiledWafFor, wafStage } from '../../../lambdas/core/pipeline/waf-stage.ts';
import { context, projectConfig } from './fixtures.ts';

const ATTACK = { query: `q=${encodeURIComponent("1' UNION SELECT password FROM users--")}` };

describe('WAF pipeline stages', () => {
  it('compiles a configuration once and a changed configuration again', () => {
    // Prepare
    const config = { ...DEFAULT_WAF_CONFIG };
    const changed = { ...DEFAULT_WAF_CONFIG, sensitivityScore: 100 };
    // Act
    const first = compiledWafFor(config);
    const again = compiledWafFor(config);
    const other = compiledWafFor(changed);
    // Assess
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(other.sensitivity).toBe(100);
  });

  it('blocks an attack and records one event with rule ids and score', async () => {
    // Prepare
    const ctx = context({ ...ATTACK, headers: { accept: 'application/json' } });
    // Act
    const response = (await wafStage(ctx)) as EdgeResponse;
    // Assess
    expect(response.status).toBe(403);
    expect(ctx.events).toHaveLength(1);
    expect(ctx.events[0]).toMatchObject({ action: 'block', threatType: 'sql_injection', requestId: 'req_test' });
    expect(ctx.events[0]!.ruleIds.length).toBeGreaterThan(0);
    expect(ctx.events[0]!.score).toBeGreaterThanOrEqual(5);
  });

  it('skips inspection when an edge rule allowed the request, the IP is allow-listed, or the WAF is off', async () => {
    // Prepare
    const ruleAllowed = context(ATTACK);
    ruleAllowed.skipSecurity = true;
    const allowListed = context(ATTACK, {
      config: projectConfig({ waf: { ...DEFAULT_WAF_CONFIG, allowedIps: ['198.51.100.0/24'] } }),
    });
    const wafOff = context(ATTACK, { config: projectConfig({ wafEnabled: false }) });
    // Act
    await accessListStage(allowListed);
    const responses = [await wafStage(ruleAllowed), await wafStage(allowListed), await wafStage(wafOff)];
    // Assess
    expect(responses).toEqual([undefined, undefined, undefined]);
    expect([ruleAllowed, allowListed, wafOff].flatMap((c) => c.events)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { evaluateRequest } from '../../../lambdas/core/pipeline/pipeline.ts';
import { RateLimiter } from '../../../lambdas/core/ratelimit/sliding-window.ts';
import type { RuleLogEntry } from '../../../lambdas/core/rules/evaluate.ts';
import { applyCacheOverride, edgeRulesStage } from '../../../lambdas/core/rules/stage.ts';
import { jsonBody, ports, projectConfig, request, rule, run } from './fixtures.ts';

describe('Edge rules stage', () => {
  it('answers 403 JSON for block and records a WAF event naming the rule', async () => {
    // Prepare
    const config = projectConfig([
      rule(
        { name: 'no admin', action: 'block', conditions: [{ field: 'path', op: 'starts_with', value: '/admin' }] },
        'rul_b',
      ),
    ]);
    // Act
    const decision = await run(edgeRulesStage, request({ path: '/admin/users' }), config, ports());
    // Assess
    expect(decision.kind).toBe('respond');
    if (decision.kind !== 'respond') return;
    expect(decision.response.status).toBe(403);
    expect(jsonBody(decision).error.code).toBe('forbidden');
    expect(decision.events).toHaveLength(1);
    expect(decision.events[0]).toMatchObject({
      action: 'block',
      threatType: 'edge_rule',
      ruleIds: ['rul_b'],
      path: '/admin/users',
    });
    expect(decision.events[0]!.reason).toContain("'no admin'");
  });

  it('forwards requests no rule matches, untouched', async () => {
    // Prepare
    const config = projectConfig([
      rule({ action: 'block', conditions: [{ field: 'method', op: 'equals', value: 'DELETE' }] }),
    ]);
    // Act
    const decision = await run(edgeRulesStage, request(), config, ports());
    // Assess
    expect(decision).toMatchObject({ kind: 'forward', requestHeaders: {}, responseHeaders: {}, events: [] });
  });

  it('redirects with Location and the configured status', async () => {
    // Prepare
    const config = projectConfig([
      rule({ action: 'redirect', actionConfig: { url: 'https://new.example/v2', statusCode: 308 } }),
    ]);
    // Act
    const decision = await run(edgeRulesStage, request(), config, ports());
    // Assess
    expect(decision.kind === 'respond' && decision.response).toMatchObject({
      status: 308,
      headers: { location: 'https://new.example/v2' },
    });
  });

  it('serves the runtime challenge for challenge and records a challenge event', async () => {
    // Prepare
    const config = projectConfig([rule({ action: 'challenge' }, 'rul_c')]);
    const page = { status: 403, headers: { 'content-type': 'text/html' }, body: '<html>challenge</html>' };
    // Act
    const decision = await run(edgeRulesStage, request(), config, ports({ challengeResponse: () => page }));
    // Assess
    expect(decision.kind === 'respond' && decision.response.body).toBe('<html>challenge</html>');
    expect(decision.events.map((e) => [e.action, e.ruleIds[0]])).toEqual([['challenge', 'rul_c']]);
  });

  it('falls back to 403 challenge_required without a challenge hook', async () => {
    // Prepare
    const config = projectConfig([rule({ action: 'challenge' })]);
    // Act
    const decision = await run(edgeRulesStage, request(), config, ports());
    // Assess
    expect(decision.kind === 'respond' && decision.response.status).toBe(403);
    expect(jsonBody(decision).error.code).toBe('challenge_required');
  });

  it('lets a client with clearance through a challenge rule without an event', async () => {
    // Prepare
    const config = projectConfig([rule({ action: 'challenge' })]);
    // Act
    const decision = await run(edgeRulesStage, request(), config, ports({ challengeResponse: () => undefined }));
    // Assess
    expect(decision.kind).toBe('forward');
    expect(decision.events).toEqual([]);
  });

  it('marks allow as skipping the later security stages', async () => {
    // Prepare
    const config = projectConfig([
      rule({ action: 'allow', conditions: [{ field: 'ip', op: 'in_cidr', value: '198.51.100.0/24' }] }),
    ]);
    let skipSeen: boolean | undefined;
    const laterStage = (ctx: { skipSecurity: boolean }) => {
      skipSeen = ctx.skipSecurity;
      return undefined;
    };
    // Act
    await evaluateRequest(request(), config, ports(), { requestId: 'r', stages: [edgeRulesStage, laterStage] });
    // Assess
    expect(skipSeen).toBe(true);
  });

  it('adds request and response headers for add_header', async () => {
    // Prepare
    const config = projectConfig([
      rule({ action: 'add_header', priority: 1, actionConfig: { name: 'X-From-Edge', value: '1', target: 'request' } }),
      rule({
        action: 'add_header',
        priority: 2,
        actionConfig: { name: 'Strict-Transport-Security', value: 'max-age=63072000' },
      }),
    ]);
    // Act
    const decision = await run(edgeRulesStage, request(), config, ports());
    // Assess
    expect(decision).toMatchObject({
      kind: 'forward',
      requestHeaders: { 'x-from-edge': '1' },
      responseHeaders: { 'strict-transport-security': 'max-age=63072000' },
    });
  });

  it('bypasses the cache for cache_override bypass', async () => {
    // Prepare
    const config = projectConfig([rule({ action: 'cache_override', actionConfig: { bypass: true } })]);
    // Act
    const decision = await run(edgeRulesStage, request(), config, ports());
    // Assess
    expect(decision.kind === 'forward' && decision.cache).toEqual({ mode: 'bypass', reason: 'edge_rule' });
  });

  it('replaces the TTL of a cacheable plan and never makes a bypassed plan cacheable', () => {
    // Prepare
    const cacheable = {
      mode: 'cache' as const,
      key: 'k',
      ttlSec: 300,
      staleWhileRevalidateSec: 60,
      staleIfErrorSec: 3600,
    };
    const bypassed = { mode: 'bypass' as const, reason: 'method' };
    // Act
    const shorter = applyCacheOverride(cacheable, { ruleId: 'r', ttlSec: 5 });
    const zero = applyCacheOverride(cacheable, { ruleId: 'r', ttlSec: 0 });
    const stillBypassed = applyCacheOverride(bypassed, { ruleId: 'r', ttlSec: 60 });
    // Assess
    expect(shorter).toEqual({ ...cacheable, ttlSec: 5 });
    expect(zero).toEqual({ mode: 'bypass', reason: 'edge_rule' });
    expect(stillBypassed).toBe(bypassed);
  });

  it('reports log matches through onRuleLogged and continues', async () => {
    // Prepare
    const config = projectConfig([rule({ name: 'audit', action: 'log' }, 'rul_log')]);
    const logged: RuleLogEntry[] = [];
    // Act
    const decision = await run(
      edgeRulesStage,
      request({ path: '/x' }),
      config,
      ports({ onRuleLogged: (e) => logged.push(e) }),
    );
    // Assess
    expect(decision.kind).toBe('forward');
    expect(logged).toMatchObject([{ ruleId: 'rul_log', ruleName: 'audit', requestId: 'req_test', path: '/x' }]);
  });

  it('answers 429 rate_limited with RateLimit-* and Retry-After once a rate_limit rule is exhausted', async () => {
    // Prepare
    const config = projectConfig([
      rule({ action: 'rate_limit', actionConfig: { requests: 2, windowSec: 30 } }, 'rul_rl'),
    ]);
    const edgePorts = ports({ rateLimiter: new RateLimiter() });
    // Act
    const first = await run(edgeRulesStage, request(), config, edgePorts);
    await run(edgeRulesStage, request(), config, edgePorts);
    const third = await run(edgeRulesStage, request(), config, edgePorts);
    // Assess
    expect(first.kind === 'forward' && first.responseHeaders).toEqual({
      'ratelimit-limit': '2',
      'ratelimit-remaining': '1',
      'ratelimit-reset': '30',
    });
    expect(third.kind === 'respond' && third.response.status).toBe(429);
    expect(jsonBody(third).error.code).toBe('rate_limited');
    expect(third.kind === 'respond' && third.response.headers).toMatchObject({
      'retry-after': '30',
      'ratelimit-limit': '2',
      'ratelimit-remaining': '0',
    });
    expect(third.events).toMatchObject([{ action: 'block', threatType: 'rate_limit', ruleIds: ['rul_rl'] }]);
  });

  it('challenges instead of refusing when onLimit is challenge', async () => {
    // Prepare
    const config = projectConfig([
      rule({ action: 'rate_limit', actionConfig: { requests: 1, windowSec: 30, onLimit: 'challenge' } }),
    ]);
    const edgePorts = ports({ rateLimiter: new RateLimiter() });
    // Act
    await run(edgeRulesStage, request(), config, edgePorts);
    const second = await run(edgeRulesStage, request(), config, edgePorts);
    // Assess
    expect(jsonBody(second).error.code).toBe('challenge_required');
    expect(second.events).toMatchObject([{ action: 'challenge', threatType: 'rate_limit' }]);
  });

  it('uses the new rules after a config version change', async () => {
    // Prepare
    const v1 = projectConfig([rule({ action: 'block' })]);
    const v2 = { ...projectConfig([rule({ action: 'block', isEnabled: false })]), version: 2 };
    // Act
    const before = await run(edgeRulesStage, request(), v1, ports());
    const after = await run(edgeRulesStage, request(), v2, ports());
    // Assess
    expect(before.kind).toBe('respond');
    expect(after.kind).toBe('forward');
  });
});

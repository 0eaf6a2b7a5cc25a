import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DDOS_CONFIG,
  ddosConfigPatchSchema,
  ddosConfigSchema,
} from '../../../lambdas/core/config/ddos-config.ts';
import { DdosGuard } from '../../../lambdas/core/ddos/guard.ts';
import { ddosStage } from '../../../lambdas/core/ddos/stage.ts';
import { evaluateRequest } from '../../../lambdas/core/pipeline/pipeline.ts';
import type { EdgePorts } from '../../../lambdas/core/pipeline/types.ts';
import { edgeRulesStage } from '../../../lambdas/core/rules/stage.ts';
import { fakeClock, jsonBody, ports, projectConfig, request, rule, run } from '../rules/fixtures.ts';

const threshold = { requestsPerSecond: 10, burst: 5, blockDurationSec: 30 };
const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('DDoS configuration', () => {
  it('has sensible defaults and refuses out-of-range values', () => {
    // Act
    const bad = ddosConfigSchema.safeParse({ requestsPerSecond: 0, action: 'drop' });
    // Assess
    expect(DEFAULT_DDOS_CONFIG).toEqual({
      enabled: true,
      requestsPerSecond: 50,
      burst: 100,
      action: 'challenge',
      blockDurationSec: 60,
    });
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['action', 'requestsPerSecond']);
  });

  it('fills no defaults into a PATCH body', () => {
    // Act
    const patch = ddosConfigPatchSchema.parse({ burst: 20 });
    // Assess
    expect(patch).toEqual({ burst: 20 });
  });
});

describe('DDoS guard', () => {
  it('passes a burst, blocks the first request beyond it for blockDurationSec, then lets the IP back', () => {
    // Prepare
    const guard = new DdosGuard();
    const t0 = Date.UTC(2025, 5, 1);
    // Act
    const burst = Array.from({ length: 5 }, () => guard.check('p', '198.51.100.1', threshold, t0).state);
    const crossing = guard.check('p', '198.51.100.1', threshold, t0);
    const during = guard.check('p', '198.51.100.1', threshold, t0 + 29_999);
    const after = guard.check('p', '198.51.100.1', threshold, t0 + 30_000);
    // Assess
    expect(burst).toEqual(['pass', 'pass', 'pass', 'pass', 'pass']);
    expect(crossing).toEqual({ state: 'blocked', activated: true, retryAfterSec: 30 });
    expect(during).toEqual({ state: 'blocked', activated: false, retryAfterSec: 1 });
    expect(after.state).toBe('pass');
  });

  it('sustains requestsPerSecond indefinitely once the burst is spent', () => {
    // Prepare
    const guard = new DdosGuard();
    const t0 = Date.UTC(2025, 5, 1);
    // Act: exactly 10 requests/s (one every 100 ms) for a minute
    const states = Array.from({ length: 600 }, (_, i) => guard.check('p', 'ip', threshold, t0 + i * 100).state);
    // Assess
    expect(states.every((s) => s === 'pass')).toBe(true);
  });

  it('keeps IPs and projects apart and reports the project active while a block lasts', () => {
    // Prepare
    const guard = new DdosGuard();
    const t0 = Date.UTC(2025, 5, 1);
    for (let i = 0; i < 6; i++) guard.check('p1', 'attacker', threshold, t0);
    // Act
    const otherIp = guard.check('p1', 'visitor', threshold, t0).state;
    const otherProject = guard.check('p2', 'attacker', threshold, t0).state;
    // Assess
    expect([otherIp, otherProject]).toEqual(['pass', 'pass']);
    expect(guard.isActive('p1', t0 + 1000)).toBe(true);
    expect(guard.isActive('p2', t0 + 1000)).toBe(false);
    expect(guard.isActive('p1', t0 + 30_000)).toBe(false);
  });
});

describe('DDoS stage', () => {
  function setup(action: 'challenge' | 'block', extra: Partial<EdgePorts> = {}) {
    const clock = fakeClock();
    const activations: Array<[string, string]> = [];
    const edgePorts = ports({
      now: clock.now,
      ddosGuard: new DdosGuard(),
      onDdosActivated: (projectId, ip) => activations.push([projectId, ip]),
      ...extra,
    });
    const config = projectConfig([], { requestsPerSecond: 1, burst: 2, action, blockDurationSec: 45 });
    return { clock, activations, edgePorts, config };
  }

  it('answers an API client 429 with Retry-After and records one activation event', async () => {
    // Prepare
    const { activations, edgePorts, config } = setup('challenge');
    // Act
    const decisions = [];
    for (let i = 0; i < 4; i++)
      decisions.push(await run(ddosStage, request({ headers: { accept: 'application/json' } }), config, edgePorts));
    // Assess
    expect(decisions.map((d) => (d.kind === 'respond' ? d.response.status : 'forward'))).toEqual([
      'forward',
      'forward',
      429,
      429,
    ]);
    const third = decisions[2]!;
    expect(third.kind === 'respond' && third.response.headers['retry-after']).toBe('45');
    expect(jsonBody(third).error.code).toBe('rate_limited');
    expect(decisions.flatMap((d) => d.events)).toMatchObject([
      { action: 'challenge', threatType: 'ddos', ip: '198.51.100.7' },
    ]);
    expect(activations).toEqual([['prj_test', '198.51.100.7']]);
  });

  it('gives a browser the JavaScript challenge, and lets it through once it holds clearance', async () => {
    // Prepare
    let cleared = false;
    const page = { status: 403, headers: { 'content-type': 'text/html' }, body: '<html>solve me</html>' };
    const { edgePorts, config } = setup('challenge', { challengeResponse: () => (cleared ? undefined : page) });
    for (let i = 0; i < 2; i++) await run(ddosStage, request({ headers: browser }), config, edgePorts);
    // Act
    const challenged = await run(ddosStage, request({ headers: browser }), config, edgePorts);
    cleared = true;
    const afterSolving = await run(ddosStage, request({ headers: browser }), config, edgePorts);
    // Assess
    expect(challenged.kind === 'respond' && challenged.response.body).toBe('<html>solve me</html>');
    expect(afterSolving.kind).toBe('forward');
  });

  it('answers browsers 429 too when the action is block', async () => {
    // Prepare
    const { edgePorts, config } = setup('block', {
      challengeResponse: () => ({ status: 403, headers: {}, body: 'challenge' }),
    });
    for (let i = 0; i < 2; i++) await run(ddosStage, request({ headers: browser }), config, edgePorts);
    // Act
    const decision = await run(ddosStage, request({ headers: browser }), config, edgePorts);
    // Assess
    expect(decision.kind === 'respond' && decision.response.status).toBe(429);
    expect(decision.events).toMatchObject([{ action: 'block', threatType: 'ddos' }]);
  });

  it('holds the IP for blockDurationSec even if it goes quiet, then releases it', async () => {
    // Prepare
    const { clock, edgePorts, config } = setup('block');
    for (let i = 0; i < 3; i++) await run(ddosStage, request(), config, edgePorts);
    // Act
    clock.advance(44_000);
    const stillHeld = await run(ddosStage, request(), config, edgePorts);
    clock.advance(1_000);
    const released = await run(ddosStage, request(), config, edgePorts);
    // Assess
    expect(stillHeld.kind === 'respond' && stillHeld.response.headers['retry-after']).toBe('1');
    expect(released.kind).toBe('forward');
  });

  it('does nothing when disabled or after an edge rule allow', async () => {
    // Prepare
    const { edgePorts, config } = setup('block');
    const disabled = { ...config, ddos: { ...config.ddos, enabled: false } };
    const allowMonitor = {
      ...config,
      edgeRules: [rule({ action: 'allow', conditions: [{ field: 'ip', op: 'equals', value: '198.51.100.7' }] })],
    };
    // Act
    const kinds: string[] = [];
    for (let i = 0; i < 5; i++) kinds.push((await run(ddosStage, request(), disabled, edgePorts)).kind);
    for (let i = 0; i < 5; i++) {
      const d = await evaluateRequest(request(), allowMonitor, edgePorts, {
        requestId: 'r',
        stages: [edgeRulesStage, ddosStage],
      });
      kinds.push(d.kind);
    }
    // Assess
    expect(kinds.every((k) => k === 'forward')).toBe(true);
  });
});

import { challengeOrPass } from '../challenge/challenge.ts';
import type { EdgeRule } from '../config/edge-rule.ts';
import { jsonError } from '../pipeline/responses.ts';
import { recordSecurityEvent } from '../pipeline/security-event.ts';
import type { CachePlan, EdgeResponse, PipelineContext, Stage } from '../pipeline/types.ts';
import type { EdgeProjectConfig } from '../project-config.ts';
import { rateLimitHeaders, rateLimitResponse } from '../ratelimit/headers.ts';
import { RateLimiter } from '../ratelimit/sliding-window.ts';
import { type CompiledRules, compileRules } from './compile.ts';
import { type CacheOverride, evaluateRules, type RulesOutcome } from './evaluate.ts';

// A config object (and its rules array) is replaced on every version bump, so identity is the version.
const compiledByRules = new WeakMap<readonly EdgeRule[], CompiledRules>();

/** The project's rules compiled once per loaded config version. */
export function compiledRulesFor(config: Pick<EdgeProjectConfig, 'edgeRules'>): CompiledRules {
  let compiled = compiledByRules.get(config.edgeRules);
  if (!compiled) {
    compiled = compileRules(config.edgeRules);
    compiledByRules.set(config.edgeRules, compiled);
  }
  return compiled;
}

let processLimiter: RateLimiter | undefined;

/** The limiter used when EdgePorts has none: one per process / edge container. */
export function defaultRateLimiter(): RateLimiter {
  processLimiter ??= new RateLimiter();
  return processLimiter;
}

/** Edge rules (SPEC §2 "Custom edge rule"): runs before the WAF; see docs/RULES.md for the semantics. */
export const edgeRulesStage: Stage = (ctx) => {
  if (ctx.config.edgeRules.length === 0) return undefined;
  const outcome = evaluateRules(compiledRulesFor(ctx.config), ctx.req, {
    projectId: ctx.config.projectId,
    apiKeyId: ctx.apiKeyId,
    now: ctx.ports.now(),
    rateLimiter: ctx.ports.rateLimiter ?? defaultRateLimiter(),
  });
  return applyRulesOutcome(ctx, outcome);
};

/** Carries a rules outcome into the pipeline context; returns the response when the rules answer. */
export function applyRulesOutcome(ctx: PipelineContext, outcome: RulesOutcome): EdgeResponse | undefined {
  for (const [name, value] of Object.entries(outcome.requestHeaders)) {
    if (!(name in ctx.requestHeaders)) ctx.requestHeaders[name] = value;
  }
  Object.assign(ctx.responseHeaders, outcome.responseHeaders);
  if (outcome.rateLimit) Object.assign(ctx.responseHeaders, rateLimitHeaders(outcome.rateLimit));
  if (outcome.cacheOverride) {
    ctx.cacheOverride = outcome.cacheOverride;
    ctx.cache = applyCacheOverride(ctx.cache, outcome.cacheOverride);
  }
  if (outcome.logged.length > 0 && ctx.ports.onRuleLogged) {
    const byId = new Map(outcome.matched.map((m) => [m.ruleId, m.name]));
    for (const ruleId of outcome.logged) {
      ctx.ports.onRuleLogged({
        projectId: ctx.config.projectId,
        ruleId,
        ruleName: byId.get(ruleId) ?? '',
        requestId: ctx.requestId,
        at: ctx.ports.now(),
        method: ctx.req.method,
        path: ctx.req.path,
        ip: ctx.req.ip,
      });
    }
  }
  const effect = outcome.effect;
  switch (effect.kind) {
    case 'continue':
      return undefined;
    case 'allow':
      ctx.skipSecurity = true;
      return undefined;
    case 'redirect':
      return { status: effect.statusCode, headers: { location: effect.location }, body: '' };
    case 'block':
      recordSecurityEvent(ctx, {
        action: 'block',
        threatType: 'edge_rule',
        reason: `Blocked by edge rule ${ruleName(outcome, effect.ruleId)}`,
        ruleIds: [effect.ruleId],
      });
      return jsonError(403, 'forbidden', 'Request blocked by an edge rule', ctx.requestId);
    case 'challenge':
      return challenge(ctx, effect.ruleId, 'edge_rule', `Challenged by edge rule ${ruleName(outcome, effect.ruleId)}`);
    case 'rate_limited': {
      const reason = `Rate limit of edge rule ${ruleName(outcome, effect.ruleId)} exceeded (${effect.result.limit} per window)`;
      if (effect.onLimit === 'challenge') return challenge(ctx, effect.ruleId, 'rate_limit', reason);
      recordSecurityEvent(ctx, { action: 'block', threatType: 'rate_limit', reason, ruleIds: [effect.ruleId] });
      return rateLimitResponse(effect.result, ctx.requestId);
    }
  }
}

function challenge(ctx: PipelineContext, ruleId: string, threatType: string, reason: string): EdgeResponse | undefined {
  const response = challengeOrPass(ctx);
  // A client holding clearance passes silently: nothing was challenged.
  if (response) recordSecurityEvent(ctx, { action: 'challenge', threatType, reason, ruleIds: [ruleId] });
  return response;
}

function ruleName(outcome: RulesOutcome, ruleId: string): string {
  const name = outcome.matched.find((m) => m.ruleId === ruleId)?.name;
  return name ? `'${name}'` : ruleId;
}

/**
 * A cache plan with an edge rule's override applied: `bypass` always bypasses; `ttlSec` replaces the
 * TTL of a cacheable plan (0 bypasses, as for cache rules) but cannot make an uncacheable request
 * (non-GET, caching disabled) cacheable.
 */
export function applyCacheOverride(plan: CachePlan, override: CacheOverride | undefined): CachePlan {
  if (!override) return plan;
  if ('bypass' in override || override.ttlSec === 0) return { mode: 'bypass', reason: 'edge_rule' };
  if (plan.mode === 'bypass') return plan;
  return { ...plan, ttlSec: override.ttlSec };
}

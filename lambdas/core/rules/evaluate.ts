import type { EdgeRuleAction } from '../config/edge-rule.ts';
import type { EdgeRequest } from '../edge-request.ts';
import { tightest } from '../ratelimit/headers.ts';
import type { RateLimit, RateLimiter, RateLimitResult } from '../ratelimit/sliding-window.ts';
import { type CompiledRule, type CompiledRules, firstFailingCondition } from './compile.ts';
import { RequestView } from './request-view.ts';

export interface RuleEvaluationContext {
  projectId: string;
  /** The verified API key id ('' when none): the `apiKey` rate-limit key. */
  apiKeyId: string;
  /** Epoch milliseconds. */
  now: number;
  /** Absent: `rate_limit` rules cannot count and let requests through (reported without a result). */
  rateLimiter?: RateLimiter;
  /** Sandbox: rate limits are looked at, never consumed. */
  dryRun?: boolean;
}

/** What the request's rules decided; `continue` lets it on to the WAF (or, after `allow`, past it). */
export type RulesEffect =
  | { kind: 'continue' }
  | { kind: 'allow'; ruleId: string }
  | { kind: 'block'; ruleId: string }
  | { kind: 'challenge'; ruleId: string }
  | { kind: 'redirect'; ruleId: string; location: string; statusCode: 301 | 302 | 307 | 308 }
  | { kind: 'rate_limited'; ruleId: string; onLimit: 'block' | 'challenge'; result: RateLimitResult };

export interface ActedRule {
  ruleId: string;
  name: string;
  priority: number;
  action: EdgeRuleAction;
  /** For `rate_limit`: the limiter's answer for this request. */
  rateLimit?: RateLimitResult;
}

export type CacheOverride = { ruleId: string; ttlSec: number } | { ruleId: string; bypass: true };

export interface RulesOutcome {
  /** The rules that acted, in evaluation order (one per OR group at most). */
  matched: ActedRule[];
  effect: RulesEffect;
  /** From `add_header` with target request / response; the first rule to set a name wins. */
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
  /** From the first matching `cache_override`. */
  cacheOverride?: CacheOverride;
  /** Ids of matched `log` rules. */
  logged: string[];
  /** The admitted limit closest to refusing, advertised in RateLimit-* headers. */
  rateLimit?: RateLimitResult;
}

export interface RuleLogEntry {
  projectId: string;
  ruleId: string;
  ruleName: string;
  requestId: string;
  at: number;
  method: string;
  path: string;
  ip: string;
}

const CONTINUE: RulesEffect = { kind: 'continue' };

interface PendingLimit {
  scope: string;
  key: string;
  limit: RateLimit;
  acted: ActedRule;
}

/**
 * Runs the enabled rules of `compiled` against one request. Groups (one priority) run in ascending
 * priority; inside a group the first rule (creation order) whose conditions all match acts and the
 * others are skipped, which is what makes same-priority rules an OR. A terminating action (allow,
 * block, challenge, redirect, a rate_limit over its limit) ends evaluation; the others continue.
 */
export function evaluateRules(
  compiled: CompiledRules,
  req: EdgeRequest | RequestView,
  ctx: RuleEvaluationContext,
): RulesOutcome {
  const view = req instanceof RequestView ? req : new RequestView(req);
  const outcome: RulesOutcome = { matched: [], effect: CONTINUE, requestHeaders: {}, responseHeaders: {}, logged: [] };
  const pending: PendingLimit[] = [];
  for (const group of compiled.groups) {
    const actor = group.find((rule) => firstFailingCondition(rule, view) < 0);
    if (!actor) continue;
    const effect = act(actor, view, ctx, outcome, pending);
    if (effect) {
      outcome.effect = effect;
      break;
    }
  }
  commitLimits(outcome, pending, ctx);
  return outcome;
}

function act(
  compiled: CompiledRule,
  view: RequestView,
  ctx: RuleEvaluationContext,
  outcome: RulesOutcome,
  pending: PendingLimit[],
): RulesEffect | undefined {
  const rule = compiled.rule;
  const acted: ActedRule = { ruleId: rule.id, name: rule.name, priority: rule.priority, action: rule.action };
  outcome.matched.push(acted);
  switch (rule.action) {
    case 'allow':
    case 'block':
    case 'challenge':
      return { kind: rule.action, ruleId: rule.id };
    case 'redirect':
      return {
        kind: 'redirect',
        ruleId: rule.id,
        location: rule.actionConfig.url,
        statusCode: rule.actionConfig.statusCode,
      };
    case 'add_header': {
      const { name, value, target } = rule.actionConfig;
      const headers = target === 'request' ? outcome.requestHeaders : outcome.responseHeaders;
      const key = name.toLowerCase();
      if (!(key in headers)) headers[key] = value;
      return undefined;
    }
    case 'cache_override': {
      const config = rule.actionConfig;
      outcome.cacheOverride ??=
        config.ttlSec !== undefined ? { ruleId: rule.id, ttlSec: config.ttlSec } : { ruleId: rule.id, bypass: true };
      return undefined;
    }
    case 'log':
      outcome.logged.push(rule.id);
      return undefined;
    case 'rate_limit': {
      const limiter = ctx.rateLimiter;
      if (!limiter) return undefined;
      const { requests, windowSec, keyBy, onLimit } = rule.actionConfig;
      const limit = { requests, windowSec };
      const scope = `${ctx.projectId}:${rule.id}`;
      const key = rateLimitKey(keyBy, view, ctx.apiKeyId);
      // Look first, consume later: a request refused by a later rule must not spend this budget.
      const result = limiter.peek(scope, key, limit, ctx.now);
      acted.rateLimit = result;
      if (!result.allowed) return { kind: 'rate_limited', ruleId: rule.id, onLimit, result };
      pending.push({ scope, key, limit, acted });
      return undefined;
    }
  }
}

/** Budgets are spent only by requests the rules let through (continue or allow), never in a dry run. */
function commitLimits(outcome: RulesOutcome, pending: PendingLimit[], ctx: RuleEvaluationContext): void {
  if (pending.length === 0) return;
  const passes = outcome.effect.kind === 'continue' || outcome.effect.kind === 'allow';
  if (passes && !ctx.dryRun && ctx.rateLimiter) {
    for (const p of pending) p.acted.rateLimit = ctx.rateLimiter.check(p.scope, p.key, p.limit, ctx.now);
  }
  if (passes) outcome.rateLimit = tightest(pending.map((p) => p.acted.rateLimit!));
}

/** The identity a rate_limit rule counts by; a missing key or header falls back to the client IP. */
export function rateLimitKey(keyBy: string, view: RequestView, apiKeyId: string): string {
  if (keyBy === 'ip') return view.req.ip;
  if (keyBy === 'apiKey') return apiKeyId ? `key:${apiKeyId}` : `ip:${view.req.ip}`;
  const value = view.header(keyBy.slice('header:'.length).toLowerCase());
  return value !== undefined ? `header:${value}` : `ip:${view.req.ip}`;
}

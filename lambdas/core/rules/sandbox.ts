import { z } from 'zod';
import type { EdgeRuleAction, EdgeRuleCondition } from '../config/edge-rule.ts';
import { simulatedClientFields, simulatedEdgeRequest, simulatedRequestFields } from '../config/simulated-request.ts';
import type { RateLimiter, RateLimitResult } from '../ratelimit/sliding-window.ts';
import { type CompiledRules, firstFailingCondition } from './compile.ts';
import { evaluateRules, type RulesOutcome } from './evaluate.ts';
import { RequestView } from './request-view.ts';

/** Body of `POST /projects/:id/rules/sandbox-call`: the request to simulate. */
export const ruleSandboxRequestSchema = z
  .object({
    ...simulatedRequestFields,
    ...simulatedClientFields,
    // Rules often test one field; the rest of the request may be left out.
    method: simulatedRequestFields.method.default('GET'),
    path: simulatedRequestFields.path.default('/'),
  })
  .strict();
export type RuleSandboxRequest = z.infer<typeof ruleSandboxRequestSchema>;

/**
 * Per rule: `acted` (it decided), `shadowed` (matched, but an earlier rule of its OR group acted),
 * `not_matched`, `not_reached` (after the terminating rule), `disabled`, `invalid` (cannot compile).
 */
export type SandboxRuleStatus = 'acted' | 'shadowed' | 'not_matched' | 'not_reached' | 'disabled' | 'invalid';

export interface SandboxRuleReport {
  ruleId: string;
  name: string;
  priority: number;
  action: EdgeRuleAction;
  isEnabled: boolean;
  /** All conditions hold for the described request (computed for disabled rules too). */
  matched: boolean;
  /** The first condition that does not hold. */
  failedCondition?: { index: number } & EdgeRuleCondition;
  status: SandboxRuleStatus;
  rateLimit?: RateLimitResult;
}

export interface SandboxResult {
  request: RuleSandboxRequest;
  rules: SandboxRuleReport[];
  outcome: {
    effect: RulesOutcome['effect'];
    /** HTTP status the client would get from the rules stage, or null when the request goes on. */
    status: number | null;
    requestHeaders: Record<string, string>;
    responseHeaders: Record<string, string>;
    cacheOverride?: RulesOutcome['cacheOverride'];
    logged: string[];
    /** True for `allow`: the WAF and later rate limits are skipped. */
    skipsSecurity: boolean;
  };
}

const STATUS_BY_EFFECT: Record<RulesOutcome['effect']['kind'], number | null> = {
  continue: null,
  allow: null,
  block: 403,
  challenge: 403,
  redirect: null,
  rate_limited: 429,
};

/**
 * Dry run of a project's rules on a described request: nothing is counted against any rate limit and
 * no event is recorded. `rateLimiter`, when given, is only peeked so the report shows live budgets.
 */
export function dryRunRules(
  compiled: CompiledRules,
  input: RuleSandboxRequest,
  ctx: { projectId: string; apiKeyId?: string; now: number; rateLimiter?: RateLimiter },
): SandboxResult {
  const view = new RequestView(simulatedEdgeRequest(input));
  const outcome = evaluateRules(compiled, view, {
    projectId: ctx.projectId,
    apiKeyId: ctx.apiKeyId ?? '',
    now: ctx.now,
    ...(ctx.rateLimiter ? { rateLimiter: ctx.rateLimiter } : {}),
    dryRun: true,
  });
  const acted = new Map(outcome.matched.map((m) => [m.ruleId, m]));
  const terminating = outcome.effect.kind === 'continue' ? undefined : acted.get(outcome.effect.ruleId);
  const rules = compiled.all.map((compiledRule): SandboxRuleReport => {
    const rule = compiledRule.rule;
    const failed = compiledRule.compileError === undefined ? firstFailingCondition(compiledRule, view) : -2;
    const afterStop = terminating !== undefined && rule.priority > terminating.priority;
    let status: SandboxRuleStatus;
    if (compiledRule.compileError !== undefined) status = 'invalid';
    else if (!rule.isEnabled) status = 'disabled';
    else if (acted.has(rule.id)) status = 'acted';
    else if (afterStop) status = 'not_reached';
    else status = failed < 0 ? 'shadowed' : 'not_matched';
    const report: SandboxRuleReport = {
      ruleId: rule.id,
      name: rule.name,
      priority: rule.priority,
      action: rule.action,
      isEnabled: rule.isEnabled,
      matched: failed === -1,
      status,
    };
    const condition = failed >= 0 ? rule.conditions[failed] : undefined;
    if (condition) report.failedCondition = { index: failed, ...condition };
    const rateLimit = acted.get(rule.id)?.rateLimit;
    if (rateLimit) report.rateLimit = rateLimit;
    return report;
  });
  const effect = outcome.effect;
  return {
    request: input,
    rules,
    outcome: {
      effect,
      status: effect.kind === 'redirect' ? effect.statusCode : STATUS_BY_EFFECT[effect.kind],
      requestHeaders: outcome.requestHeaders,
      responseHeaders: outcome.responseHeaders,
      ...(outcome.cacheOverride ? { cacheOverride: outcome.cacheOverride } : {}),
      logged: outcome.logged,
      skipsSecurity: effect.kind === 'allow',
    },
  };
}

import { challengeOrPass } from '../challenge/challenge.ts';
import { escapeHtml } from '../challenge/page.ts';
import type { WafConfig } from '../config/waf-config.ts';
import type { EdgeRequest } from '../edge-request.ts';
import { type CompiledWaf, compileWaf, evaluateAccessLists, inspectRequest, type WafDecision } from '../waf/index.ts';
import { jsonError, wantsHtml } from './responses.ts';
import { recordSecurityEvent } from './security-event.ts';
import type { EdgeResponse, PipelineContext, Stage } from './types.ts';

/**
 * Keyed on the config object: the edge and the proxy keep one object per project config version, so
 * each version is compiled once and a superseded one is collected with its config.
 */
const compiled = new WeakMap<WafConfig, CompiledWaf>();

export function compiledWafFor(config: WafConfig): CompiledWaf {
  let waf = compiled.get(config);
  if (!waf) {
    waf = compileWaf(config);
    compiled.set(config, waf);
  }
  return waf;
}

/** A decision as the sandbox and the events report it; access-list outcomes are folded into the same shape. */
export type WafVerdict = Omit<WafDecision, 'threatType'> & { threatType: string };

/**
 * The whole WAF decision for one request: access lists, then signatures. The proxy runs the two halves
 * as separate stages (rate limits and edge rules sit between them); the sandbox runs them together.
 */
export function wafVerdict(waf: CompiledWaf, req: EdgeRequest): WafVerdict {
  const listed = evaluateAccessLists(waf, req);
  if (listed.kind === 'allow-bypass') {
    return {
      action: 'allow',
      reason: `IP ${req.ip} is on the project's allow-list; WAF checks skipped`,
      threatType: 'none',
      ruleIds: [],
      score: 0,
      matches: [],
    };
  }
  if (listed.kind === 'block') {
    return {
      action: 'block',
      reason: listed.reason,
      threatType: listed.threatType,
      ruleIds: [],
      score: 0,
      matches: [],
    };
  }
  return inspectRequest(waf, req);
}

/** Requests whose IP is allow-listed; they skip the signature stage that runs later in the same evaluation. */
const allowListed = new WeakSet<PipelineContext>();

function blocked(ctx: PipelineContext, threatType: string): EdgeResponse {
  const message = 'Request blocked by the web application firewall';
  if (!wantsHtml(ctx.req.headers.accept)) {
    return jsonError(403, 'waf_blocked', message, ctx.requestId, {}, { threatType });
  }
  return {
    status: 403,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    body: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>403 Forbidden</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#222}</style></head>
<body><h1>403 Forbidden</h1><p>${message}.</p>
<p>If you think this is a mistake, contact the site owner and quote request id <code>${escapeHtml(ctx.requestId)}</code>.</p>
</body></html>`,
  };
}

/** IP allow/block lists, country and User-Agent blocklists, right after the key check (DESIGN.md §2). */
export const accessListStage: Stage = (ctx) => {
  if (!ctx.config.wafEnabled) return undefined;
  const result = evaluateAccessLists(compiledWafFor(ctx.config.waf), ctx.req);
  if (result.kind === 'allow-bypass') allowListed.add(ctx);
  if (result.kind !== 'block') return undefined;
  recordSecurityEvent(ctx, { action: 'block', threatType: result.threatType, reason: result.reason, ruleIds: [] });
  return blocked(ctx, result.threatType);
};

/**
 * Signature inspection. A block ends the request with 403; a challenge serves the proof-of-work page
 * unless the client already holds a clearance. Only what the client actually receives is recorded.
 */
export const wafStage: Stage = (ctx) => {
  if (!ctx.config.wafEnabled || ctx.skipSecurity || allowListed.has(ctx)) return undefined;
  const decision = inspectRequest(compiledWafFor(ctx.config.waf), ctx.req);
  if (decision.action === 'allow') return undefined;
  const { action, threatType, reason, ruleIds, score } = decision;
  if (action === 'block') {
    recordSecurityEvent(ctx, { action, threatType, reason, ruleIds, score });
    return blocked(ctx, threatType);
  }
  const challenge = challengeOrPass(ctx);
  if (challenge) recordSecurityEvent(ctx, { action, threatType, reason, ruleIds, score });
  return challenge;
};

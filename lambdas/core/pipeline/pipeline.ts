import { CACHING_DISABLED, cacheStage } from '../cache/cache-stage.ts';
import { challengeVerifyStage } from '../challenge/challenge.ts';
import { ddosStage } from '../ddos/stage.ts';
import type { EdgeRequest } from '../edge-request.ts';
import type { EdgeProjectConfig } from '../project-config.ts';
import { quotaStage } from '../quota/quota.ts';
import { edgeRulesStage } from '../rules/stage.ts';
import { jsonError } from './responses.ts';
import type { EdgeDecision, EdgePorts, PipelineContext, Stage } from './types.ts';
import { accessListStage, wafStage } from './waf-stage.ts';

function isCorsPreflight(req: EdgeRequest): boolean {
  return req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
}

/** API key check: `x-api-key` must be a live key of this project (SPEC §4 "Edge proxy"). */
export const apiKeyStage: Stage = async (ctx) => {
  // A CORS preflight never carries credentials (the Fetch standard strips them), so it must reach the
  // origin, which decides the CORS policy; every later stage (lists, rules, WAF, limits) still applies.
  if (isCorsPreflight(ctx.req)) return undefined;
  const presented = ctx.req.headers['x-api-key'];
  const verified = presented ? await ctx.ports.verifyApiKey(ctx.config.projectId, presented) : undefined;
  if (!verified) {
    return jsonError(401, 'unauthorized', 'A valid x-api-key header for this project is required', ctx.requestId);
  }
  ctx.apiKeyId = verified.keyId;
  // The origin never sees the gateway credential.
  ctx.requestHeaders['x-api-key'] = null;
  return undefined;
};

/**
 * The order of DESIGN.md §2: key → IP/country/UA lists → rate limit / DDoS → edge rules → WAF → quota →
 * cache. Each capability contributes one stage; the list is the single place the order is decided.
 */
export const STAGES: readonly Stage[] = [
  // The challenge page posts back without the API key (a browser's own navigation), so it is answered first.
  challengeVerifyStage,
  apiKeyStage,
  accessListStage,
  // Rules before DDoS (a deliberate swap of DESIGN.md §2's order): an edge rule `allow` for a monitoring
  // or partner IP then also exempts it from the per-IP DDoS thresholds (docs/RULES.md §4).
  edgeRulesStage,
  ddosStage,
  wafStage,
  // After every security stage: refused requests are not billed, so an attack cannot use up the quota.
  quotaStage,
  // Last: only a request every security stage let through may be answered from (or fill) the cache.
  cacheStage,
];

export interface EvaluateOptions {
  requestId: string;
  stages?: readonly Stage[];
}

export async function evaluateRequest(
  req: EdgeRequest,
  config: EdgeProjectConfig,
  ports: EdgePorts,
  options: EvaluateOptions,
): Promise<EdgeDecision> {
  const ctx: PipelineContext = {
    req,
    config,
    ports,
    requestId: options.requestId,
    apiKeyId: '',
    skipSecurity: false,
    requestHeaders: {},
    responseHeaders: {},
    cache: config.cacheEnabled ? { mode: 'bypass', reason: 'not cacheable' } : CACHING_DISABLED,
    events: [],
  };
  for (const stage of options.stages ?? STAGES) {
    // Most stages answer synchronously; awaiting them anyway costs a microtask turn each, per request.
    const pending = stage(ctx);
    const response = pending instanceof Promise ? await pending : pending;
    if (response) {
      Object.assign(response.headers, ctx.responseHeaders, response.headers);
      return { kind: 'respond', response, events: ctx.events };
    }
  }
  return {
    kind: 'forward',
    originUrl: config.originUrl,
    requestHeaders: ctx.requestHeaders,
    responseHeaders: ctx.responseHeaders,
    cache: ctx.cache,
    events: ctx.events,
    apiKeyId: ctx.apiKeyId,
  };
}

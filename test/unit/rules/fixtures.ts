import { DEFAULT_CACHE_CONFIG } from '../../../lambdas/core/config/cache-config.ts';
import { type DdosConfig, DEFAULT_DDOS_CONFIG } from '../../../lambdas/core/config/ddos-config.ts';
import { type EdgeRule, edgeRuleInputSchema } from '../../../lambdas/core/config/edge-rule.ts';
import { DEFAULT_WAF_CONFIG } from '../../../lambdas/core/config/waf-config.ts';
import type { EdgeRequest } from '../../../lambdas/core/edge-request.ts';
import { evaluateRequest } from '../../../lambdas/core/pipeline/pipeline.ts';
import type { EdgeDecision, EdgePorts, Stage } from '../../../lambdas/core/pipeline/types.ts';
import type { EdgeProjectConfig } from '../../../lambdas/core/project-config.ts';

let sequence = 0;

/** A stored rule built through the real schema, so defaults and validation are those of the API. */
export function rule(input: Record<string, unknown>, id?: string): EdgeRule {
  sequence++;
  const parsed = edgeRuleInputSchema.parse({ name: `rule ${sequence}`, ...input });
  const createdAt = new Date(Date.UTC(2025, 0, 1, 0, 0, 0, sequence)).toISOString();
  return {
    ...parsed,
    id: id ?? `rul_${String(sequence).padStart(4, '0')}`,
    projectId: 'prj_test',
    createdAt,
    updatedAt: createdAt,
  };
}

export function request(overrides: Partial<EdgeRequest> = {}): EdgeRequest {
  return { method: 'GET', path: '/', query: '', headers: {}, ip: '198.51.100.7', ...overrides };
}

export function projectConfig(edgeRules: EdgeRule[], ddos: Partial<DdosConfig> = {}): EdgeProjectConfig {
  return {
    projectId: 'prj_test',
    version: 1,
    plan: 'pro',
    originUrl: 'http://127.0.0.1:9/',
    wafEnabled: true,
    cacheEnabled: true,
    waf: DEFAULT_WAF_CONFIG,
    cache: DEFAULT_CACHE_CONFIG,
    cacheRules: [],
    edgeRules,
    ddos: { ...DEFAULT_DDOS_CONFIG, ...ddos },
  };
}

/** A settable clock: tests move time explicitly. */
export function fakeClock(start = Date.UTC(2025, 5, 1)) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

export function ports(overrides: Partial<EdgePorts> = {}): EdgePorts {
  return {
    now: () => Date.UTC(2025, 5, 1),
    verifyApiKey: async () => ({ keyId: 'key_1' }),
    ...overrides,
  };
}

export function run(
  stage: Stage,
  req: EdgeRequest,
  config: EdgeProjectConfig,
  edgePorts: EdgePorts,
): Promise<EdgeDecision> {
  return evaluateRequest(req, config, edgePorts, { requestId: 'req_test', stages: [stage] });
}

export function jsonBody(decision: EdgeDecision): { success: boolean; error: { code: string } } {
  if (decision.kind !== 'respond') throw new Error('expected a response');
  return JSON.parse(decision.response.body);
}

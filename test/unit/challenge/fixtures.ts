import { DEFAULT_WAF_CONFIG } from '../../../lambdas/core/config/waf-config.ts';
import type { EdgeRequest } from '../../../lambdas/core/edge-request.ts';
import type { EdgePorts, PipelineContext } from '../../../lambdas/core/pipeline/types.ts';
import type { EdgeProjectConfig } from '../../../lambdas/core/project-config.ts';

export const SECRET = 'unit-test-secret-0123456789abcdef';
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0';

export function projectConfig(overrides: Partial<EdgeProjectConfig> = {}): EdgeProjectConfig {
  return {
    projectId: 'p1',
    version: 1,
    plan: 'free',
    originUrl: 'http://127.0.0.1:9',
    wafEnabled: true,
    cacheEnabled: false,
    waf: { ...DEFAULT_WAF_CONFIG, challengeDifficulty: 8 },
    cache: {} as EdgeProjectConfig['cache'],
    cacheRules: [],
    edgeRules: [],
    ddos: {} as EdgeProjectConfig['ddos'],
    ...overrides,
  };
}

export function context(
  req: Partial<EdgeRequest> = {},
  options: { nowMs?: number; secret?: string | null; config?: EdgeProjectConfig } = {},
): PipelineContext {
  const ports: EdgePorts = {
    now: () => options.nowMs ?? 1_700_000_000_000,
    verifyApiKey: async () => undefined,
  };
  if (options.secret !== null) ports.challengeSecret = options.secret ?? SECRET;
  return {
    req: {
      method: 'GET',
      path: '/orders',
      query: '',
      headers: { 'user-agent': BROWSER_UA, accept: 'text/html,application/xhtml+xml' },
      ip: '198.51.100.7',
      ...req,
    },
    config: options.config ?? projectConfig(),
    ports,
    requestId: 'req_test',
    apiKeyId: '',
    skipSecurity: false,
    requestHeaders: {},
    responseHeaders: {},
    cache: { mode: 'bypass', reason: 'test' },
    events: [],
  };
}

/** Pulls the hidden form field `name` out of a challenge page. */
export function formField(html: string, name: string): string {
  const match = new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html);
  if (!match) throw new Error(`no ${name} field in the page`);
  return match[1]!
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

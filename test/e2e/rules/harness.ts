import type { ServerOptions } from '../../../server/app.ts';
import type { RawResponse } from '../../helpers/http.ts';
import { startWafHarness, type WafHarness } from '../waf/harness.ts';

export interface RulesHarness extends WafHarness {
  /** Creates a rule and answers its id; fails loudly when the API refuses it. */
  createRule(rule: Record<string, unknown>): Promise<string>;
  deleteAllRules(): Promise<void>;
  patchDdos(config: Record<string, unknown>): Promise<RawResponse>;
  /** `path` relative to /v1/projects/<projectId>. */
  projectApi(path: string, init?: { method?: string; body?: unknown }): Promise<RawResponse>;
}

/**
 * The demo project (Pro plan) in front of a recording origin with the WAF on. DDoS protection is switched
 * off unless a test turns it on, so suites that send many requests from 127.0.0.1 measure only the rules.
 */
export async function startRulesHarness(options: ServerOptions = {}): Promise<RulesHarness> {
  const h = await startWafHarness(options);
  const projectApi = (path: string, init: { method?: string; body?: unknown } = {}) =>
    h.t.api(`/projects/${h.projectId}${path}`, init);
  const patchDdos = (config: Record<string, unknown>) => projectApi('/ddos/config', { method: 'PATCH', body: config });
  const off = await patchDdos({ enabled: false });
  if (off.status !== 200) throw new Error(`ddos setup failed: ${off.text}`);
  return {
    ...h,
    projectApi,
    patchDdos,
    createRule: async (rule) => {
      const res = await projectApi('/rules', { method: 'POST', body: rule });
      if (res.status !== 200) throw new Error(`rule refused (${res.status}): ${res.text}`);
      return res.json().data.id as string;
    },
    deleteAllRules: async () => {
      const list = await projectApi('/rules?limit=100');
      for (const rule of list.json().data as Array<{ id: string }>) {
        await projectApi(`/rules/${rule.id}`, { method: 'DELETE' });
      }
    },
  };
}

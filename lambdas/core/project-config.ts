import type { CacheConfig, CacheRule } from './config/cache-config.ts';
import type { DdosConfig } from './config/ddos-config.ts';
import type { EdgeRule } from './config/edge-rule.ts';
import type { WafConfig } from './config/waf-config.ts';
import type { PlanName } from './plans.ts';

/**
 * Everything the edge needs to decide about one project's requests, loaded in one read and cached by
 * `version` (bumped by every configuration write).
 */
export interface EdgeProjectConfig {
  projectId: string;
  version: number;
  plan: PlanName;
  originUrl: string;
  wafEnabled: boolean;
  cacheEnabled: boolean;
  waf: WafConfig;
  cache: CacheConfig;
  cacheRules: CacheRule[];
  edgeRules: EdgeRule[];
  ddos: DdosConfig;
}

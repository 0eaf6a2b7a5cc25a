import type { CacheKeyInput, CacheProjectSettings } from '../../../lambdas/core/cache/cache-key.ts';
import { type CacheConfig, type CacheRule, cacheConfigSchema } from '../../../lambdas/core/config/cache-config.ts';

let ruleSeq = 0;

export function cacheRule(overrides: Partial<CacheRule> = {}): CacheRule {
  ruleSeq++;
  return {
    id: `rule-${ruleSeq}`,
    projectId: 'proj-a',
    pathPattern: '/**',
    bypassCache: false,
    priority: 100,
    createdAt: `2026-01-01T00:00:${String(ruleSeq % 60).padStart(2, '0')}.000Z`,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function settings(cache: Partial<CacheConfig> = {}, overrides: Partial<CacheProjectSettings> = {}) {
  return { projectId: 'proj-a', cacheEnabled: true, cache: cacheConfigSchema.parse(cache), ...overrides };
}

export function request(overrides: Partial<CacheKeyInput> = {}): CacheKeyInput {
  return { method: 'GET', host: 'api.example.test', path: '/products', query: '', headers: {}, ...overrides };
}

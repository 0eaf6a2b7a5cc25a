import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../../lambdas/api/services/auth-service.ts';
import { createServices } from '../../../lambdas/api/services/services.ts';
import { alertPolicyInputSchema } from '../../../lambdas/core/config/alert-policy.ts';
import { cacheRuleInputSchema } from '../../../lambdas/core/config/cache-config.ts';
import { ConflictError } from '../../../lambdas/core/errors.ts';
import { plansWith } from '../../../lambdas/core/quota/quota.ts';
import { startDynalite, type TestDynamo } from '../../helpers/dynalite.ts';

const NOW = '2026-03-01T12:00:00.000Z';
const owner: Principal = { accountId: 'a1', projectId: 'p-limits', keyId: 'k0', scope: 'project', via: 'api-key' };

describe('plan limits of the management services', () => {
  let db: TestDynamo;
  beforeAll(async () => {
    db = await startDynalite();
    await db.repos.projects.create(
      { id: 'p-limits', accountId: 'a1', name: 'Limits', originUrl: 'http://127.0.0.1:9', plan: 'free' },
      NOW,
    );
  });
  afterAll(async () => {
    await db.close();
  });

  it('counts API keys, cache rules and alert policies against the configured plan table, not the built-in one', async () => {
    // Prepare
    const services = createServices(db.repos, {
      plans: plansWith({ free: { maxApiKeys: 1, maxCacheRules: 1, maxAlertPolicies: 1 } }),
    });
    const cacheRule = cacheRuleInputSchema.parse({ pathPattern: '/static/*', ttlSec: 60 });
    const policy = alertPolicyInputSchema.parse({
      name: 'spike',
      metric: 'waf_blocks',
      threshold: 10,
      channel: 'webhook',
      channelConfig: { url: 'https://hooks.example.com/a' },
    });
    await services.apiKeys.create(owner, 'p-limits', { name: 'first', scope: 'project' });
    await services.cache.createRule(owner, 'p-limits', cacheRule);
    await services.alertPolicies.create(owner, 'p-limits', policy);
    // Act
    const attempts = await Promise.allSettled([
      services.apiKeys.create(owner, 'p-limits', { name: 'second', scope: 'project' }),
      services.cache.createRule(owner, 'p-limits', cacheRule),
      services.alertPolicies.create(owner, 'p-limits', policy),
    ]);
    // Assess
    expect(attempts.map((a) => a.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const attempt of attempts) {
      expect(attempt.status === 'rejected' && attempt.reason).toBeInstanceOf(ConflictError);
    }
  });
});

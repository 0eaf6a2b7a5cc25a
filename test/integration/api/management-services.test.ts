import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../../lambdas/api/services/auth-service.ts';
import { createServices } from '../../../lambdas/api/services/services.ts';
import { alertPolicyInputSchema } from '../../../lambdas/core/config/alert-policy.ts';
import { cacheRuleInputSchema } from '../../../lambdas/core/config/cache-config.ts';
import { edgeRuleInputSchema } from '../../../lambdas/core/config/edge-rule.ts';
import { ConflictError } from '../../../lambdas/core/errors.ts';
import { plansWith } from '../../../lambdas/core/quota/quota.ts';
import { startDynalite, type TestDynamo } from '../../helpers/dynalite.ts';

const NOW = '2026-03-01T12:00:00.000Z';
const limitsOwner: Principal = {
  accountId: 'a1',
  projectId: 'p-limits',
  keyId: 'k0',
  scope: 'project',
  via: 'api-key',
};
const owner: Principal = { ...limitsOwner, projectId: 'p-notice' };
/** Deleting a project needs an account-scoped credential. */
const accountOwner: Principal = { ...owner, scope: 'account' };

describe('management services against dynalite', () => {
  let db: TestDynamo;
  beforeAll(async () => {
    db = await startDynalite();
    for (const id of ['p-limits', 'p-notice']) {
      await db.repos.projects.create(
        { id, accountId: 'a1', name: id, originUrl: 'http://127.0.0.1:9', plan: 'free' },
        NOW,
      );
    }
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
    await services.apiKeys.create(limitsOwner, 'p-limits', { name: 'first', scope: 'project' });
    await services.cache.createRule(limitsOwner, 'p-limits', cacheRule);
    await services.alertPolicies.create(limitsOwner, 'p-limits', policy);
    // Act
    const attempts = await Promise.allSettled([
      services.apiKeys.create(limitsOwner, 'p-limits', { name: 'second', scope: 'project' }),
      services.cache.createRule(limitsOwner, 'p-limits', cacheRule),
      services.alertPolicies.create(limitsOwner, 'p-limits', policy),
    ]);
    // Assess
    expect(attempts.map((a) => a.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const attempt of attempts) {
      expect(attempt.status === 'rejected' && attempt.reason).toBeInstanceOf(ConflictError);
    }
  });

  it('tells the in-process edge about every configuration write, once each, and not about reads', async () => {
    // Prepare
    const changed: string[] = [];
    const services = createServices(db.repos, { onConfigChanged: (projectId) => changed.push(projectId) });
    const edgeRule = edgeRuleInputSchema.parse({
      name: 'no admin',
      action: 'block',
      conditions: [{ field: 'path', op: 'starts_with', value: '/admin' }],
    });
    // Act
    await services.waf.patchConfig(owner, 'p-notice', { sensitivityScore: 80 });
    await services.ddos.patchConfig(owner, 'p-notice', { enabled: false });
    await services.cache.patchConfig(owner, 'p-notice', { defaultTtlSec: 30 });
    const cacheRule = await services.cache.createRule(
      owner,
      'p-notice',
      cacheRuleInputSchema.parse({ pathPattern: '/a/*' }),
    );
    await services.cache.updateRule(owner, 'p-notice', cacheRule.id, { priority: 5 });
    await services.cache.deleteRule(owner, 'p-notice', cacheRule.id);
    const rule = await services.rules.create(owner, 'p-notice', edgeRule);
    await services.rules.update(owner, 'p-notice', rule.id, { priority: 5 });
    await services.rules.delete(owner, 'p-notice', rule.id);
    await services.projects.patch(owner, 'p-notice', { wafEnabled: true });
    await services.waf.getConfig(owner, 'p-notice');
    await services.rules.list(owner, 'p-notice', 1, 20);
    await services.projects.delete(accountOwner, 'p-notice');
    // Assess
    expect(changed).toEqual(Array(11).fill('p-notice'));
  });
});

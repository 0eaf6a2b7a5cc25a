import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../../lambdas/api/services/auth-service.ts';
import { createServices } from '../../../lambdas/api/services/services.ts';
import { cacheRuleInputSchema } from '../../../lambdas/core/config/cache-config.ts';
import { edgeRuleInputSchema } from '../../../lambdas/core/config/edge-rule.ts';
import { startDynalite, type TestDynamo } from '../../helpers/dynalite.ts';

const NOW = '2026-03-01T12:00:00.000Z';
const owner: Principal = { accountId: 'a1', projectId: 'p-notice', keyId: 'k0', scope: 'project', via: 'api-key' };
/** Deleting a project needs an account-scoped credential. */
const accountOwner: Principal = { ...owner, scope: 'account' };

describe('configuration change notice of the management services', () => {
  let db: TestDynamo;
  beforeAll(async () => {
    db = await startDynalite();
    await db.repos.projects.create(
      { id: 'p-notice', accountId: 'a1', name: 'Notice', originUrl: 'http://127.0.0.1:9', plan: 'free' },
      NOW,
    );
  });
  afterAll(async () => {
    await db.close();
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

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AlertPolicy, AlertPolicyInput } from '../../../lambdas/core/config/alert-policy.ts';
import { DEFAULT_CACHE_CONFIG } from '../../../lambdas/core/config/cache-config.ts';
import { DEFAULT_WAF_CONFIG, type WafConfig } from '../../../lambdas/core/config/waf-config.ts';
import { ConflictError, NotFoundError } from '../../../lambdas/core/errors.ts';
import { loadEdgeProjectConfig } from '../../../lambdas/data/project-config-loader.ts';
import { startDynalite, type TestDynamo } from '../../helpers/dynalite.ts';

const NOW = '2026-04-01T00:00:00.000Z';
const LATER = '2026-04-01T00:05:00.000Z';

const policy = (name: string): AlertPolicyInput => ({
  name,
  metric: 'waf_blocks',
  threshold: 10,
  windowMinutes: 5,
  isEnabled: true,
  channel: 'slack',
  channelConfig: { webhookUrl: 'https://hooks.slack.com/services/T/B/X' },
});

describe('project configuration repositories against dynalite', () => {
  let db: TestDynamo;
  let projectId: string;
  let counter = 0;
  const version = async () => (await db.repos.projects.get(projectId))!.configVersion;

  beforeAll(async () => {
    db = await startDynalite();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    counter += 1;
    projectId = `p-config-${counter}`;
    await db.repos.projects.create(
      { id: projectId, accountId: 'a1', name: 'P', originUrl: 'http://127.0.0.1:9/base', plan: 'free' },
      NOW,
    );
  });

  describe('ProjectChildRepository (alert policies)', () => {
    it('creates a record with id and timestamps and bumps the project version', async () => {
      // Prepare
      const before = await version();
      // Act
      const created = await db.repos.alertPolicies.create(projectId, policy('blocks'), NOW);
      // Assess
      expect(created).toMatchObject({ ...policy('blocks'), projectId, createdAt: NOW, updatedAt: NOW });
      expect(created.id).toMatch(/^ap_/);
      expect(await db.repos.alertPolicies.get(projectId, created.id)).toEqual(created);
      expect(await version()).toBe(before + 1);
    });

    it('lists oldest first in pages with the total', async () => {
      // Prepare
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        ids.push((await db.repos.alertPolicies.create(projectId, policy(`p${i}`), `2026-04-0${i + 1}T00:00:00Z`)).id);
      }
      // Act
      const first = await db.repos.alertPolicies.list(projectId, 1, 2);
      const second = await db.repos.alertPolicies.list(projectId, 2, 2);
      // Assess
      expect(first).toMatchObject({ page: 1, limit: 2, total: 3 });
      expect([...first.items, ...second.items].map((p) => p.id)).toEqual(ids);
    });

    it('refuses a record beyond the maximum count with ConflictError and writes nothing', async () => {
      // Prepare
      await db.repos.alertPolicies.create(projectId, policy('one'), NOW, 2);
      await db.repos.alertPolicies.create(projectId, policy('two'), NOW, 2);
      const before = await version();
      // Act
      const third = db.repos.alertPolicies.create(projectId, policy('three'), NOW, 2);
      // Assess
      await expect(third).rejects.toBeInstanceOf(ConflictError);
      expect(await db.repos.alertPolicies.count(projectId)).toBe(2);
      expect(await version()).toBe(before);
    });

    it('replaces a record, keeping createdAt, and bumps the version', async () => {
      // Prepare
      const created = await db.repos.alertPolicies.create(projectId, policy('old'), NOW);
      const before = await version();
      // Act
      const replaced = await db.repos.alertPolicies.replace(
        projectId,
        { ...created, name: 'new', threshold: 99 } as AlertPolicy,
        LATER,
      );
      // Assess
      expect(replaced).toMatchObject({ id: created.id, name: 'new', threshold: 99, createdAt: NOW, updatedAt: LATER });
      expect(await db.repos.alertPolicies.get(projectId, created.id)).toEqual(replaced);
      expect(await version()).toBe(before + 1);
    });

    it('answers NotFoundError when replacing a record that does not exist, and does not create it', async () => {
      // Prepare
      const ghost = { ...policy('ghost'), id: 'ap_ghost', projectId, createdAt: NOW, updatedAt: NOW } as AlertPolicy;
      // Act
      const replace = db.repos.alertPolicies.replace(projectId, ghost, LATER);
      // Assess
      await expect(replace).rejects.toBeInstanceOf(NotFoundError);
      expect(await db.repos.alertPolicies.get(projectId, 'ap_ghost')).toBeUndefined();
    });

    it('deletes a record and bumps the version; deleting it again is NotFoundError', async () => {
      // Prepare
      const created = await db.repos.alertPolicies.create(projectId, policy('bye'), NOW);
      const before = await version();
      // Act
      await db.repos.alertPolicies.delete(projectId, created.id, LATER);
      // Assess
      expect(await db.repos.alertPolicies.get(projectId, created.id)).toBeUndefined();
      expect(await version()).toBe(before + 1);
      await expect(db.repos.alertPolicies.delete(projectId, created.id, LATER)).rejects.toBeInstanceOf(NotFoundError);
    });

    it('keeps one project’s records out of another project’s list and reads', async () => {
      // Prepare
      const mine = await db.repos.alertPolicies.create(projectId, policy('mine'), NOW);
      // Act
      const elsewhere = await db.repos.alertPolicies.get('p-someone-else', mine.id);
      // Assess
      expect(elsewhere).toBeUndefined();
      expect((await db.repos.alertPolicies.list('p-someone-else', 1, 10)).total).toBe(0);
    });

    it('writes nothing for a deleted project: the write fails with NotFoundError and leaves no orphan item', async () => {
      // Prepare
      await db.repos.projects.delete(projectId);
      // Act
      const create = db.repos.alertPolicies.create(projectId, policy('orphan'), LATER);
      const setting = db.repos.wafConfig.put(projectId, DEFAULT_WAF_CONFIG, LATER);
      // Assess
      await expect(create).rejects.toBeInstanceOf(NotFoundError);
      await expect(setting).rejects.toBeInstanceOf(NotFoundError);
      const leftovers = (await db.scan()).filter((i) => String(i.pk) === `PROJECT#${projectId}`);
      expect(leftovers).toEqual([]);
    });
  });

  describe('ProjectSettingRepository', () => {
    it('answers undefined before anything is stored, then the stored document, bumping the version', async () => {
      // Prepare
      const value: WafConfig = { ...DEFAULT_WAF_CONFIG, sensitivityScore: 35, blockedIps: ['203.0.113.0/24'] };
      const before = await version();
      // Act
      const empty = await db.repos.wafConfig.get(projectId);
      await db.repos.wafConfig.put(projectId, value, LATER);
      // Assess
      expect(empty).toBeUndefined();
      expect(await db.repos.wafConfig.get(projectId)).toEqual(value);
      expect(await db.repos.cacheConfig.get(projectId)).toBeUndefined();
      expect(await version()).toBe(before + 1);
    });
  });

  describe('loadEdgeProjectConfig', () => {
    it('answers undefined for an unknown project', async () => {
      expect(await loadEdgeProjectConfig(db.doc, db.tableName, 'p-unknown')).toBeUndefined();
    });

    it('fills documented defaults when nothing is configured', async () => {
      // Act
      const config = await loadEdgeProjectConfig(db.doc, db.tableName, projectId);
      // Assess
      expect(config).toEqual({
        projectId,
        version: 1,
        plan: 'free',
        originUrl: 'http://127.0.0.1:9/base',
        wafEnabled: false,
        cacheEnabled: false,
        waf: DEFAULT_WAF_CONFIG,
        cache: DEFAULT_CACHE_CONFIG,
        ddos: expect.any(Object),
        cacheRules: [],
        edgeRules: [],
      });
    });

    it('assembles stored settings, rules and flags with the current version, and ignores keys and alert policies', async () => {
      // Prepare
      await db.repos.projects.update(projectId, { wafEnabled: true }, LATER);
      await db.repos.wafConfig.put(projectId, { ...DEFAULT_WAF_CONFIG, sensitivityScore: 90 }, LATER);
      await db.repos.cacheConfig.put(projectId, { ...DEFAULT_CACHE_CONFIG, defaultTtlSec: 42 }, LATER);
      const rule = await db.repos.cacheRules.create(
        projectId,
        { pathPattern: '/static/*', ttlSec: 600, bypassCache: false, priority: 1 },
        LATER,
      );
      const edgeRule = await db.repos.edgeRules.create(
        projectId,
        { name: 'block bots', priority: 5, conditions: [], action: 'block', actionConfig: {}, isEnabled: true },
        LATER,
      );
      await db.repos.alertPolicies.create(projectId, policy('not edge config'), LATER);
      await db.repos.apiKeys.create({ projectId, accountId: 'a1', name: 'k', scope: 'project' }, LATER);
      // Act
      const config = await loadEdgeProjectConfig(db.doc, db.tableName, projectId);
      // Assess
      expect(config).toMatchObject({
        wafEnabled: true,
        version: await version(),
        waf: { sensitivityScore: 90 },
        cache: { defaultTtlSec: 42, maxTtlSec: DEFAULT_CACHE_CONFIG.maxTtlSec },
        cacheRules: [rule],
        edgeRules: [edgeRule],
      });
      // Created at 1, then six config writes: the flag, two settings, two rules, the alert policy.
      expect(config?.version).toBe(7);
      expect(Object.keys(config!).sort()).toEqual([
        'cache',
        'cacheEnabled',
        'cacheRules',
        'ddos',
        'edgeRules',
        'originUrl',
        'plan',
        'projectId',
        'version',
        'waf',
        'wafEnabled',
      ]);
    });
  });
});

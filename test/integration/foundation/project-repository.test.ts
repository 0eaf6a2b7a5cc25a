import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../../../lambdas/core/errors.ts';
import { keys } from '../../../lambdas/data/table-design.ts';
import { startDynalite, type TestDynamo } from '../../helpers/dynalite.ts';

const NOW = '2026-01-01T00:00:00.000Z';
const LATER = '2026-01-02T00:00:00.000Z';

describe('ProjectRepository against dynalite', () => {
  let db: TestDynamo;
  beforeAll(async () => {
    db = await startDynalite();
  });
  afterAll(async () => {
    await db.close();
  });

  const newProject = (accountId: string, id?: string, now = NOW) =>
    db.repos.projects.create({ accountId, name: 'Shop', originUrl: 'http://127.0.0.1:9', plan: 'free', id }, now);

  it('creates a project with version 1 and both flags off, readable by id', async () => {
    // Prepare
    const accountId = 'a_create';
    // Act
    const created = await newProject(accountId);
    const read = await db.repos.projects.get(created.id);
    // Assess
    expect(read).toEqual(created);
    expect(created).toMatchObject({ accountId, configVersion: 1, wafEnabled: false, cacheEnabled: false });
    expect(read).not.toHaveProperty('pk');
    expect(read).not.toHaveProperty('gsi1pk');
  });

  it('rejects a second project with the same id as a ConflictError and keeps the first', async () => {
    // Prepare
    await newProject('a_dup', 'p-duplicate');
    // Act
    const second = db.repos.projects.create(
      { accountId: 'a_other', name: 'Intruder', originUrl: 'http://127.0.0.1:1', plan: 'pro', id: 'p-duplicate' },
      LATER,
    );
    // Assess
    await expect(second).rejects.toBeInstanceOf(ConflictError);
    expect(await db.repos.projects.get('p-duplicate')).toMatchObject({ accountId: 'a_dup', name: 'Shop' });
  });

  it('answers undefined for a project that does not exist', async () => {
    expect(await db.repos.projects.get('p-missing')).toBeUndefined();
  });

  it('lists an account’s projects oldest first in pages with the total, and no other account’s', async () => {
    // Prepare
    const accountId = 'a_list';
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await newProject(accountId, undefined, `2026-02-0${i + 1}T00:00:00.000Z`)).id);
    }
    await newProject('a_list_other');
    // Act
    const first = await db.repos.projects.listByAccount(accountId, 1, 2);
    const second = await db.repos.projects.listByAccount(accountId, 2, 2);
    const third = await db.repos.projects.listByAccount(accountId, 3, 2);
    const beyond = await db.repos.projects.listByAccount(accountId, 4, 2);
    // Assess
    expect(first).toMatchObject({ page: 1, limit: 2, total: 5 });
    expect([...first.items, ...second.items, ...third.items].map((p) => p.id)).toEqual(ids);
    expect(beyond.items).toEqual([]);
  });

  it('updates only the patched fields and bumps configVersion and updatedAt', async () => {
    // Prepare
    const project = await newProject('a_update');
    // Act
    const updated = await db.repos.projects.update(project.id, { wafEnabled: true, name: 'Renamed' }, LATER);
    // Assess
    expect(updated).toMatchObject({
      id: project.id,
      wafEnabled: true,
      cacheEnabled: false,
      name: 'Renamed',
      originUrl: project.originUrl,
      configVersion: project.configVersion + 1,
      updatedAt: LATER,
      createdAt: NOW,
    });
    expect(await db.repos.projects.get(project.id)).toEqual(updated);
  });

  it('refuses to update a missing project with NotFoundError instead of creating it', async () => {
    // Act
    const update = db.repos.projects.update('p-never', { wafEnabled: true }, LATER);
    // Assess
    await expect(update).rejects.toBeInstanceOf(NotFoundError);
    expect(await db.repos.projects.get('p-never')).toBeUndefined();
  });

  it('deletes the project with its keys, children, settings and WAF events, leaving other projects alone', async () => {
    // Prepare
    const doomed = await newProject('a_delete');
    const kept = await newProject('a_delete');
    for (const id of [doomed.id, kept.id]) {
      await db.repos.apiKeys.create({ projectId: id, accountId: 'a_delete', name: 'k', scope: 'project' }, NOW);
      await db.repos.alertPolicies.create(
        id,
        {
          name: 'errors',
          metric: 'error_rate',
          threshold: 5,
          windowMinutes: 5,
          isEnabled: true,
          channel: 'email',
          channelConfig: { email: 'ops@example.com' },
        },
        NOW,
      );
      await db.repos.wafConfig.put(id, { sensitivityScore: 50 } as never, NOW);
      await db.repos.wafEvents.putMany([
        {
          id: `e-${id}`,
          projectId: id,
          requestId: 'r',
          timestamp: new Date().toISOString(),
          ip: '203.0.113.9',
          country: 'DE',
          path: '/',
          method: 'GET',
          action: 'block',
          threatType: 'sqli',
          userAgent: 'ua',
          reason: 'test',
          ruleIds: [],
        },
      ]);
    }
    // Act
    await db.repos.projects.delete(doomed.id);
    // Assess
    const items = await db.scan();
    const belongsTo = (id: string) => (i: Record<string, unknown>) => String(i.pk).endsWith(`#${id}`);
    expect(items.filter(belongsTo(doomed.id))).toEqual([]);
    expect(items.filter(belongsTo(kept.id)).length).toBeGreaterThanOrEqual(5);
    await expect(db.repos.projects.delete(doomed.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await db.repos.projects.listByAccount('a_delete', 1, 10)).toMatchObject({ total: 1 });
    expect(items.some((i) => i.pk === keys.project(kept.id).pk && i.sk === 'META')).toBe(true);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DDOS_DEFAULTS } from '../../../lambdas/core/config/ddos-config.ts';
import { type RulesHarness, startRulesHarness } from './harness.ts';

const MAX_RULES = 4;

describe('Edge rules API', () => {
  let h: RulesHarness;

  beforeAll(async () => {
    h = await startRulesHarness({ planOverrides: { pro: { maxEdgeRules: MAX_RULES } } });
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.deleteAllRules();
  });

  it('creates a rule with priority 100 and isEnabled true by default, and reads it back', async () => {
    // Act
    const created = await h.projectApi('/rules', {
      method: 'POST',
      body: {
        name: 'block admin',
        action: 'block',
        conditions: [{ field: 'path', op: 'starts_with', value: '/admin' }],
      },
    });
    // Assess
    expect(created.status).toBe(200);
    const rule = created.json().data;
    expect(rule).toMatchObject({
      name: 'block admin',
      priority: 100,
      isEnabled: true,
      action: 'block',
      projectId: h.projectId,
    });
    expect(rule.id).toMatch(/^r_/);
    const read = await h.projectApi(`/rules/${rule.id}`);
    expect(read.status).toBe(200);
    expect(read.json().data).toEqual(rule);
  });

  it('names the failing path when an op is not allowed for the field', async () => {
    // Act
    const res = await h.projectApi('/rules', {
      method: 'POST',
      body: { name: 'x', action: 'block', conditions: [{ field: 'method', op: 'contains', value: 'GET' }] },
    });
    // Assess
    expect(res.status).toBe(400);
    const error = res.json().error;
    expect(error.code).toBe('validation_error');
    expect(error.details.map((d: { path: string }) => d.path)).toContain('conditions.0.op');
  });

  it.each([
    ['a CIDR without a prefix length', { field: 'ip', op: 'in_cidr', value: '10.0.0.1' }],
    ['an unknown country code', { field: 'country', op: 'equals', value: 'ZZ' }],
    ['a header condition without a name', { field: 'header', op: 'equals', value: 'no colon here' }],
    ['a query_param condition without =', { field: 'query_param', op: 'equals', value: 'page' }],
    ['a backtracking-prone backreference', { field: 'path', op: 'matches', value: '^(a+)\\1$' }],
  ])('refuses %s at conditions.0.value', async (_what, condition) => {
    // Act
    const res = await h.projectApi('/rules', {
      method: 'POST',
      body: { name: 'x', action: 'block', conditions: [condition] },
    });
    // Assess
    expect(res.status).toBe(400);
    expect(res.json().error.details.map((d: { path: string }) => d.path)).toContain('conditions.0.value');
  });

  it('validates actionConfig per action: a redirect status outside 301/302/307/308 is named', async () => {
    // Act
    const res = await h.projectApi('/rules', {
      method: 'POST',
      body: { name: 'x', action: 'redirect', actionConfig: { url: '/new', statusCode: 303 } },
    });
    // Assess
    expect(res.status).toBe(400);
    expect(res.json().error.details.map((d: { path: string }) => d.path)).toContain('actionConfig.statusCode');
  });

  it('answers 409 with the plan limit once maxEdgeRules rules exist', async () => {
    // Prepare
    for (let i = 0; i < MAX_RULES; i++) await h.createRule({ name: `r${i}`, action: 'log' });
    // Act
    const res = await h.projectApi('/rules', { method: 'POST', body: { name: 'one too many', action: 'log' } });
    // Assess
    expect(res.status).toBe(409);
    expect(res.json().error.code).toBe('conflict');
    expect(res.json().error.message).toContain(`at most ${MAX_RULES} edge rules`);
  });

  it('lists rules in evaluation order with page/limit meta', async () => {
    // Prepare
    const late = await h.createRule({ name: 'late', priority: 500, action: 'log' });
    const early = await h.createRule({ name: 'early', priority: 10, action: 'log' });
    const middle = await h.createRule({ name: 'middle', priority: 100, action: 'log' });
    // Act
    const first = await h.projectApi('/rules?page=1&limit=2');
    const second = await h.projectApi('/rules?page=2&limit=2');
    // Assess
    expect(first.json().data.map((r: { id: string }) => r.id)).toEqual([early, middle]);
    expect(first.json().meta).toMatchObject({ page: 1, limit: 2, total: 3 });
    expect(second.json().data.map((r: { id: string }) => r.id)).toEqual([late]);
  });

  it('patches one field and keeps the rest; a new action without actionConfig must fit an empty config', async () => {
    // Prepare
    const id = await h.createRule({
      name: 'go away',
      action: 'redirect',
      actionConfig: { url: '/new', statusCode: 301 },
    });
    // Act
    const renamed = await h.projectApi(`/rules/${id}`, { method: 'PATCH', body: { name: 'moved' } });
    const toBlock = await h.projectApi(`/rules/${id}`, { method: 'PATCH', body: { action: 'block' } });
    const toRedirect = await h.projectApi(`/rules/${id}`, { method: 'PATCH', body: { action: 'redirect' } });
    // Assess
    expect(renamed.status).toBe(200);
    expect(renamed.json().data).toMatchObject({
      name: 'moved',
      action: 'redirect',
      actionConfig: { url: '/new', statusCode: 301 },
    });
    expect(toBlock.status).toBe(200);
    expect(toBlock.json().data).toMatchObject({ name: 'moved', action: 'block', actionConfig: {} });
    expect(toRedirect.status).toBe(400);
    expect(toRedirect.json().error.details.map((d: { path: string }) => d.path)).toContain('actionConfig.url');
  });

  it('deletes a rule; the rule is then 404', async () => {
    // Prepare
    const id = await h.createRule({ name: 'temp', action: 'log' });
    // Act
    const deleted = await h.projectApi(`/rules/${id}`, { method: 'DELETE' });
    // Assess
    expect(deleted.status).toBe(200);
    expect((await h.projectApi(`/rules/${id}`)).status).toBe(404);
    expect((await h.projectApi(`/rules/${id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('sandbox: reports the acting rule, the shadowed one of its OR group and the final status', async () => {
    // Prepare
    const first = await h.createRule({
      name: 'admin',
      priority: 5,
      action: 'block',
      conditions: [{ field: 'path', op: 'starts_with', value: '/admin' }],
    });
    const second = await h.createRule({
      name: 'post',
      priority: 5,
      action: 'block',
      conditions: [{ field: 'method', op: 'equals', value: 'POST' }],
    });
    const later = await h.createRule({
      name: 'tag',
      priority: 50,
      action: 'add_header',
      actionConfig: { name: 'x-tag', value: '1' },
    });
    // Act
    const res = await h.projectApi('/rules/sandbox-call', {
      method: 'POST',
      body: { method: 'POST', path: '/admin/users' },
    });
    // Assess
    expect(res.status).toBe(200);
    const { rules, outcome } = res.json().data;
    const status = Object.fromEntries(rules.map((r: { ruleId: string; status: string }) => [r.ruleId, r.status]));
    expect(status).toEqual({ [first]: 'acted', [second]: 'shadowed', [later]: 'not_reached' });
    expect(outcome.status).toBe(403);
    expect(outcome.effect).toMatchObject({ kind: 'block', ruleId: first });
  });

  it('sandbox: names the first failing condition of a rule that does not match', async () => {
    // Prepare
    const id = await h.createRule({
      name: 'api posts',
      action: 'block',
      conditions: [
        { field: 'path', op: 'starts_with', value: '/api' },
        { field: 'method', op: 'equals', value: 'POST' },
      ],
    });
    // Act
    const res = await h.projectApi('/rules/sandbox-call', { method: 'POST', body: { method: 'GET', path: '/api/x' } });
    // Assess
    const report = res.json().data.rules.find((r: { ruleId: string }) => r.ruleId === id);
    expect(report).toMatchObject({
      status: 'not_matched',
      matched: false,
      failedCondition: { index: 1, field: 'method' },
    });
    expect(res.json().data.outcome.status).toBeNull();
  });
});

describe('DDoS configuration API', () => {
  let h: RulesHarness;

  beforeAll(async () => {
    h = await startRulesHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('changes only the fields sent and answers the whole configuration with the projectId', async () => {
    // Act
    const res = await h.patchDdos({ burst: 7 });
    // Assess
    expect(res.status).toBe(200);
    expect(res.json().data).toEqual({ ...DDOS_DEFAULTS, projectId: h.projectId, enabled: false, burst: 7 });
    expect((await h.projectApi('/ddos/config')).json().data).toEqual(res.json().data);
  });

  it.each([
    ['requestsPerSecond', 0],
    ['burst', 1_000_001],
    ['action', 'tarpit'],
    ['blockDurationSec', 86_401],
    ['unknownField', 1],
  ])('refuses %s = %j with 400 naming the field', async (field, value) => {
    // Act
    const res = await h.patchDdos({ [field]: value });
    // Assess
    expect(res.status).toBe(400);
    expect(res.json().error.details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it('reports defaults for a project that never set them', async () => {
    // Prepare
    const admin = h.t.bootstrap.adminKey;
    const created = await h.t.api('/projects', {
      method: 'POST',
      apiKey: admin,
      body: { name: 'fresh', originUrl: h.origin.url },
    });
    expect(created.status).toBe(200);
    const projectId = created.json().data.project.id;
    // Act
    const res = await h.t.api(`/projects/${projectId}/ddos/config`, { apiKey: admin });
    // Assess
    expect(res.status).toBe(200);
    expect(res.json().data).toEqual({ projectId, ...DDOS_DEFAULTS });
  });
});

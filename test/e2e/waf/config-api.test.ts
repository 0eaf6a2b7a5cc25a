import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WAF_CONFIG } from '../../../lambdas/core/config/waf-config.ts';
import { startWafHarness, type WafHarness } from './harness.ts';

describe('WAF configuration API (SPEC endpoint 2)', () => {
  let h: WafHarness;

  beforeAll(async () => {
    h = await startWafHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  const path = () => `/projects/${h.projectId}/waf/config`;

  it('answers every field with its default before anything is configured', async () => {
    // Act
    const res = await h.t.api(path());
    // Assess
    expect(res.status).toBe(200);
    expect(res.json().data).toEqual({ projectId: h.projectId, ...DEFAULT_WAF_CONFIG });
    expect(res.json().data.sensitivityScore).toBe(70);
  });

  it('merges a patch, answers projectId with the whole configuration and keeps it for the next read', async () => {
    // Act
    const patched = await h.patchWaf({
      sensitivityScore: 90,
      owaspXssEnabled: false,
      blockedIps: ['203.0.113.7', '198.51.100.0/24', '2001:db8::/32'],
      blockedCountries: ['ru', 'KP'],
    });
    const read = await h.t.api(path());
    // Assess
    expect(patched.status).toBe(200);
    const data = patched.json().data;
    expect(data).toMatchObject({
      projectId: h.projectId,
      sensitivityScore: 90,
      owaspXssEnabled: false,
      owaspSqlEnabled: true,
      blockedCountries: ['RU', 'KP'],
    });
    expect(read.json().data).toEqual(data);
  });

  it.each([
    ['sensitivityScore above 100', { sensitivityScore: 101 }, 'sensitivityScore'],
    ['sensitivityScore below 0', { sensitivityScore: -1 }, 'sensitivityScore'],
    ['a fractional sensitivityScore', { sensitivityScore: 7.5 }, 'sensitivityScore'],
    ['a non-boolean toggle', { owaspSqlEnabled: 'yes' }, 'owaspSqlEnabled'],
    ['an invalid IPv4 address', { blockedIps: ['256.1.1.1'] }, 'blockedIps.0'],
    ['an invalid CIDR prefix', { allowedIps: ['10.0.0.0/33'] }, 'allowedIps.0'],
    ['an invalid IPv6 address', { blockedIps: ['2001:db8:::1'] }, 'blockedIps.0'],
    ['an unknown country code', { blockedCountries: ['XX'] }, 'blockedCountries.0'],
    ['a three-letter country code', { blockedCountries: ['DEU'] }, 'blockedCountries.0'],
    ['an empty User-Agent fragment', { blockedUserAgents: [''] }, 'blockedUserAgents.0'],
    ['an unknown field', { paranoiaLevel: 2 }, 'paranoiaLevel'],
    ['a challenge difficulty out of range', { challengeDifficulty: 40 }, 'challengeDifficulty'],
  ])('rejects %s with 400 validation_error naming the field', async (_label, body, field) => {
    // Act
    const res = await h.patchWaf(body);
    // Assess
    expect(res.status).toBe(400);
    expect(res.json().error.code).toBe('validation_error');
    expect(res.json().error.details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it('rejects an empty patch', async () => {
    // Act
    const res = await h.patchWaf({});
    // Assess
    expect(res.status).toBe(400);
  });

  it('stores aiAnomalyEnabled on a Pro project', async () => {
    // Act
    const res = await h.patchWaf({ aiAnomalyEnabled: true });
    // Assess
    expect(res.status).toBe(200);
    expect(res.json().data.aiAnomalyEnabled).toBe(true);
  });

  it('refuses aiAnomalyEnabled below the Pro plan with 403 plan_required and stores nothing', async () => {
    // Prepare
    const created = await h.t.api('/projects', {
      method: 'POST',
      apiKey: h.t.bootstrap.adminKey,
      body: { name: 'free one', originUrl: h.origin.url, plan: 'free' },
    });
    const freeId = created.json().data.project.id as string;
    // Act
    const res = await h.t.api(`/projects/${freeId}/waf/config`, {
      method: 'PATCH',
      apiKey: h.t.bootstrap.adminKey,
      body: { aiAnomalyEnabled: true, sensitivityScore: 10 },
    });
    const after = await h.t.api(`/projects/${freeId}/waf/config`, { apiKey: h.t.bootstrap.adminKey });
    // Assess
    expect(res.status).toBe(403);
    expect(res.json().error.code).toBe('plan_required');
    expect(after.json().data).toMatchObject({ aiAnomalyEnabled: false, sensitivityScore: 70 });
  });

  it("does not let one project's key read another project's configuration", async () => {
    // Prepare
    const created = await h.t.api('/projects', {
      method: 'POST',
      apiKey: h.t.bootstrap.adminKey,
      body: { name: 'other', originUrl: h.origin.url },
    });
    const otherId = created.json().data.project.id as string;
    // Act
    const res = await h.t.api(`/projects/${otherId}/waf/config`);
    // Assess
    expect(res.status).toBe(404);
  });

  it('applies a changed configuration at the proxy at once', async () => {
    // Prepare
    await h.patchWaf({ blockedUserAgents: ['curl-config-test'] });
    // Act
    const res = await h.proxy('/articles', { headers: { 'user-agent': 'curl-config-test/1.0' } });
    // Assess
    expect(res.status).toBe(403);
  });
});

describe('WAF configuration PATCH semantics', () => {
  let h: WafHarness;

  beforeAll(async () => {
    h = await startWafHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('changes only the fields sent and leaves every other stored field as it was', async () => {
    // Prepare
    await h.patchWaf({ sensitivityScore: 40, blockedUserAgents: ['BadBot'], owaspRceEnabled: false });
    // Act
    const res = await h.patchWaf({ blockedCountries: ['CN'] });
    // Assess
    expect(res.json().data).toMatchObject({
      sensitivityScore: 40,
      blockedUserAgents: ['BadBot'],
      owaspRceEnabled: false,
      blockedCountries: ['CN'],
    });
  });
});

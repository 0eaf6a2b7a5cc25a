import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SCANNER_UA, startWafHarness, type WafHarness } from './harness.ts';

describe('WAF sandbox (SPEC endpoint 3)', () => {
  let h: WafHarness;

  beforeAll(async () => {
    h = await startWafHarness();
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.patchProject({ wafEnabled: true });
    await h.patchWaf({ allowedIps: [], blockedIps: [], blockedCountries: [], blockedUserAgents: [] });
  });

  const call = (body: unknown) => h.t.api(`/projects/${h.projectId}/waf/sandbox-call`, { method: 'POST', body });

  it('blocks a UNION SELECT with the threat type, rule ids, score and where it matched, and echoes the request', async () => {
    // Prepare
    const before = h.origin.hits;
    // Act
    const res = await call({ method: 'get', path: '/items', queryString: "id=1' UNION SELECT password FROM users--" });
    // Assess
    expect(res.status).toBe(200);
    const { decision, request } = res.json().data;
    expect(decision.action).toBe('block');
    expect(decision.threatType).toBe('sql_injection');
    expect(decision.ruleIds.length).toBeGreaterThan(0);
    expect(decision.score).toBeGreaterThanOrEqual(5);
    expect(decision.matches[0].location).toBe('query:id');
    expect(decision.reason).toMatch(/SQL injection/);
    expect(request).toEqual({ method: 'GET', path: '/items', queryString: "id=1' UNION SELECT password FROM users--" });
    expect(h.origin.hits).toBe(before);
  });

  it('allows an ordinary request', async () => {
    // Act
    const res = await call({ method: 'GET', path: '/articles', queryString: "title=It's a nice day" });
    // Assess
    expect(res.json().data.decision).toMatchObject({ action: 'allow', threatType: 'none', ruleIds: [], score: 0 });
  });

  it('inspects the optional headers and body', async () => {
    // Act
    const byHeader = await call({ method: 'GET', path: '/', queryString: '', headers: { 'User-Agent': SCANNER_UA } });
    const byBody = await call({
      method: 'POST',
      path: '/comments',
      queryString: '',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: '<script>alert(1)</script>' }),
    });
    // Assess
    expect(byHeader.json().data.decision).toMatchObject({ action: 'block', threatType: 'scanner' });
    expect(byBody.json().data.decision).toMatchObject({ action: 'block', threatType: 'xss' });
  });

  it('applies the IP lists to the given ip, IPv6 and CIDR included, and the allow-list first', async () => {
    // Prepare
    await h.patchWaf({ blockedIps: ['2001:db8::/32'], allowedIps: ['2001:db8::5'] });
    // Act
    const blocked = await call({ method: 'GET', path: '/', queryString: '', ip: '2001:db8::1' });
    const allowed = await call({
      method: 'GET',
      path: '/',
      queryString: 'q=<script>alert(1)</script>',
      ip: '2001:db8::5',
    });
    // Assess
    expect(blocked.json().data.decision).toMatchObject({ action: 'block', threatType: 'ip_blocklist' });
    expect(allowed.json().data.decision).toMatchObject({ action: 'allow' });
    expect(allowed.json().data.decision.reason).toMatch(/allow-list/);
  });

  it('applies the country blocklist to the given country', async () => {
    // Prepare
    await h.patchWaf({ blockedCountries: ['KP'] });
    // Act
    const res = await call({ method: 'GET', path: '/', queryString: '', country: 'kp' });
    // Assess
    expect(res.json().data.decision).toMatchObject({ action: 'block', threatType: 'country_blocklist' });
  });

  it('evaluates the configured rules even while the WAF is switched off, and says so', async () => {
    // Prepare
    await h.patchProject({ wafEnabled: false });
    // Act
    const res = await call({ method: 'GET', path: '/', queryString: 'q=<script>alert(1)</script>' });
    // Assess
    expect(res.json().data.wafEnabled).toBe(false);
    expect(res.json().data.decision.action).toBe('block');
  });

  it('counts each call as one request in the project usage of the month', async () => {
    // Prepare
    const used = async () => (await h.t.api(`/projects/${h.projectId}/usage`)).json().data.requests as number;
    const before = await used();
    // Act
    await call({ method: 'GET', path: '/a', queryString: '' });
    await call({ method: 'GET', path: '/b', queryString: '' });
    // Assess: the same meter as proxied requests, so the usage endpoint sees it at once.
    expect(await used()).toBe(before + 2);
  });

  it.each([
    ['a path without a leading slash', { method: 'GET', path: 'x', queryString: '' }, 'path'],
    ['a method that is not a token', { method: 'GE T', path: '/', queryString: '' }, 'method'],
    ['an invalid ip', { method: 'GET', path: '/', queryString: '', ip: '1.2.3' }, 'ip'],
    ['an invalid country', { method: 'GET', path: '/', queryString: '', country: 'ZZ' }, 'country'],
    ['an unknown field', { method: 'GET', path: '/', queryString: '', origin: 'x' }, 'origin'],
  ])('rejects %s', async (_label, body, field) => {
    // Act
    const res = await call(body);
    // Assess
    expect(res.status).toBe(400);
    expect(res.json().error.details.map((d: { path: string }) => d.path)).toContain(field);
  });
});

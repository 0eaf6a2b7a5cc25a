import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ATTACKS, SCANNER_UA, startWafHarness, type WafHarness } from './harness.ts';

describe('WAF at the edge proxy', () => {
  let h: WafHarness;

  beforeAll(async () => {
    h = await startWafHarness({ geo: { trustedHeader: 'cf-ipcountry' } });
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    const reset = await h.patchWaf({
      sensitivityScore: 70,
      allowedIps: [],
      blockedIps: [],
      blockedCountries: [],
      blockedUserAgents: [],
    });
    expect(reset.status).toBe(200);
    const on = await h.patchProject({ wafEnabled: true });
    expect(on.status).toBe(200);
  });

  it('forwards an ordinary request to the origin', async () => {
    // Prepare
    const before = h.origin.hits;
    // Act
    const res = await h.proxy("/articles?title=It's%20a%20nice%20day&page=2");
    // Assess
    expect(res.status).toBe(200);
    expect(h.origin.hits).toBe(before + 1);
  });

  it.each(Object.entries(ATTACKS))(
    'blocks %s with 403 JSON and a request id, never contacting the origin',
    async (_name, path) => {
      // Prepare
      const before = h.origin.hits;
      // Act
      const res = await h.proxy(path);
      // Assess
      expect(res.status).toBe(403);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const body = res.json();
      expect(body.success).toBe(false);
      expect(body.error.code).toBe('waf_blocked');
      expect(body.error.requestId).toBe(res.headers['x-request-id']);
      expect(h.origin.hits).toBe(before);
    },
  );

  it('blocks an XSS payload inside a JSON body', async () => {
    // Prepare
    const before = h.origin.hits;
    // Act
    const res = await h.proxy('/comments', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ author: 'ann', text: '<script>alert(document.cookie)</script>' }),
    });
    // Assess
    expect(res.status).toBe(403);
    expect(h.origin.hits).toBe(before);
  });

  it('blocks a scanner User-Agent', async () => {
    // Prepare
    const before = h.origin.hits;
    // Act
    const res = await h.proxy('/', { headers: { 'user-agent': SCANNER_UA } });
    // Assess
    expect(res.status).toBe(403);
    expect(res.json().error.details.threatType).toBe('scanner');
    expect(h.origin.hits).toBe(before);
  });

  it('answers a browser with an HTML block page that quotes the request id', async () => {
    // Prepare
    const before = h.origin.hits;
    // Act
    const res = await h.proxy(ATTACKS.sqli, { headers: { accept: 'text/html,application/xhtml+xml' } });
    // Assess
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('403 Forbidden');
    expect(res.text).toContain(String(res.headers['x-request-id']));
    expect(h.origin.hits).toBe(before);
  });

  it('lets attacks through when the project switches the WAF off', async () => {
    // Prepare
    await h.patchProject({ wafEnabled: false });
    const before = h.origin.hits;
    // Act
    const res = await h.proxy(ATTACKS.sqli);
    // Assess
    expect(res.status).toBe(200);
    expect(h.origin.hits).toBe(before + 1);
  });

  it('still requires the API key before any WAF decision', async () => {
    // Prepare
    const before = h.origin.hits;
    // Act
    const res = await h.proxy(ATTACKS.sqli, { headers: { 'x-api-key': 'wrong' } });
    // Assess
    expect(res.status).toBe(401);
    expect(h.origin.hits).toBe(before);
  });

  it('lets an allow-listed IP bypass every WAF check, including the block lists', async () => {
    // Prepare
    await h.patchWaf({ allowedIps: ['127.0.0.1'], blockedIps: ['127.0.0.0/8'], blockedUserAgents: ['sqlmap'] });
    const before = h.origin.hits;
    // Act
    const res = await h.proxy(ATTACKS.sqli, { headers: { 'user-agent': SCANNER_UA } });
    // Assess
    expect(res.status).toBe(200);
    expect(h.origin.hits).toBe(before + 1);
  });

  it.each([
    ['an exact IPv4 address', '127.0.0.1'],
    ['a CIDR range', '127.0.0.0/8'],
    ['the IPv4-mapped IPv6 form', '::ffff:127.0.0.1'],
  ])('blocks a client whose IP is on the blocklist as %s', async (_label, entry) => {
    // Prepare
    await h.patchWaf({ blockedIps: [entry] });
    const before = h.origin.hits;
    // Act
    const res = await h.proxy('/articles');
    // Assess
    expect(res.status).toBe(403);
    expect(res.json().error.details.threatType).toBe('ip_blocklist');
    expect(h.origin.hits).toBe(before);
  });

  it('does not block a client outside a blocked range', async () => {
    // Prepare
    await h.patchWaf({ blockedIps: ['10.0.0.0/8', '2001:db8::/32'] });
    // Act
    const res = await h.proxy('/articles');
    // Assess
    expect(res.status).toBe(200);
  });

  it('blocks a country named by the trusted geo header and lets other countries through', async () => {
    // Prepare
    await h.patchWaf({ blockedCountries: ['ru'] });
    const before = h.origin.hits;
    // Act
    const blocked = await h.proxy('/articles', { headers: { 'cf-ipcountry': 'RU' } });
    const allowed = await h.proxy('/articles', { headers: { 'cf-ipcountry': 'DE' } });
    // Assess
    expect(blocked.status).toBe(403);
    expect(blocked.json().error.details.threatType).toBe('country_blocklist');
    expect(allowed.status).toBe(200);
    expect(h.origin.hits).toBe(before + 1);
  });

  it('blocks a User-Agent containing a blocked fragment, case-insensitively', async () => {
    // Prepare
    await h.patchWaf({ blockedUserAgents: ['BadBot'] });
    // Act
    const blocked = await h.proxy('/articles', { headers: { 'user-agent': 'Mozilla/5.0 (compatible; BADBOT/2.1)' } });
    const allowed = await h.proxy('/articles', { headers: { 'user-agent': 'Mozilla/5.0 (compatible; GoodBot/1.0)' } });
    // Assess
    expect(blocked.status).toBe(403);
    expect(blocked.json().error.details.threatType).toBe('user_agent_blocklist');
    expect(allowed.status).toBe(200);
  });
});

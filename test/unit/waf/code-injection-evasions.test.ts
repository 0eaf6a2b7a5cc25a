import { describe, expect, it } from 'vitest';
import { base64Spellings } from '../../../lambdas/core/waf/signatures/injection.ts';
import { expectAllowed, expectDetected, get, json, post, xmlDoc } from './helpers.ts';

const text = (body: string) => post('text/plain', body);

describe('Java deserialization payloads in base64 (JAVA-150, JAVA-151)', () => {
  it('spells a word in base64 at each of the three byte alignments', () => {
    // Act
    const spellings = base64Spellings('runtime');
    // Assess
    expect(spellings).toEqual(['cnVudGltZ', 'J1bnRpbW', 'ydW50aW1l']);
  });

  it.each([
    [
      'a serialized stream header inside an XML element',
      xmlDoc('<data>rO0ABXNyABdqYXZhLnV0aWwuUHJpb3JpdHlRdWV1ZQ</data>'),
    ],
    ['the header shifted by one byte in a JSON value', json({ state: 'AKztAAUAAHNy' })],
    ['the header shifted by two bytes in a text body', text('blob=AACs7QAFc3IA')],
    ['InvokerTransformer spelt in base64 in an XML element', xmlDoc(`<v>xx${btoa('InvokerTransformer')}</v>`)],
    ['a lower-case gadget name at an odd alignment in a cookie', get('/', { cookie: `s=${btoa('\0whileclosure')}` })],
  ])('blocks %s at sensitivity 70', (_name, req) => {
    expectDetected(req, 'JAVA-150');
  });

  it('challenges Runtime spelt in base64 inside an XML attribute at sensitivity 70', () => {
    expectDetected(xmlDoc(`<e a="${btoa('\0\0java.lang.Runtime')}"/>`), 'JAVA-151');
  });

  it.each([
    ['the shifted header bytes as an XML element name', xmlDoc('<Cs7QAF>1</Cs7QAF>')],
    ['the header bytes as an XML attribute name', xmlDoc('<e KztAAU="1"/>')],
    ['an ordinary base64 image in JSON', json({ avatar: btoa('\x89PNG\r\n\x1a\n plain bytes of a picture') })],
    ['a base64 JWT-like token of ordinary JSON', get(`/?t=${btoa('{"sub":"42","name":"Ada"}')}`)],
  ])('allows %s', (_name, req) => {
    expectAllowed(req);
  });
});

describe('Windows cmd control flow (RCE-190, RCE-192, RCE-193)', () => {
  it.each([
    ['a FOR loop whose variable is a punctuation character', '%26+FOR+%25_+IN+%28a%2Cb%29+DO+cmd', 'RCE-190'],
    [
      'a FOR /F loop over a command with nested parentheses',
      "%26for+/f+%22delims%3D%22+%25i+in+('cmd+/c+%22set+/a+(6%2B2)%22')+do+@echo+%25i",
      'RCE-190',
    ],
    ['IF EXIST running a command', 'IF+EXIST+C%3A%5Cpagefile.sys+%28CMD%29', 'RCE-192'],
    ['IF NOT DEFINED after a command separator', 'x%26+if+not+defined+v+set+v%3D1', 'RCE-192'],
    ['IF ERRORLEVEL with GOTO', 'if+errorlevel+1+goto+fail', 'RCE-192'],
  ])('blocks %s at sensitivity 70', (_name, query, ruleId) => {
    expectDetected(get(`/run?arg=${query}`), ruleId);
  });

  it.each([
    ['a batch string comparison', 'if+%22%251%22%3D%3D%22%22+goto+usage'],
    ['a numeric comparison with GTR', 'if+%25n1%25+gtr+%25n2%25+echo+bigger'],
  ])('challenges %s at sensitivity 70', (_name, query) => {
    expectDetected(get(`/run?arg=${query}`), 'RCE-193');
  });

  it.each([
    ['a Python condition', 'if a == b: print(a)'],
    ['prose starting with If', 'If defined, the value overrides the default (see below).'],
    ['prose about a loop', 'for each item in (the list) do nothing special'],
  ])('allows %s', (_name, value) => {
    expectAllowed(json({ note: value }));
  });
});

describe('PHP code injection evasions (PHP-150, PHP-170, PHP-171, PHP-172)', () => {
  it.each([
    ['a comment between a function name and its parenthesis', 'exec%2f%2acomment%2a%2f%28%29', 'PHP-170'],
    ['a carriage return before the parenthesis', 'eval%0D%28%24foo%29', 'PHP-170'],
    ['a line comment and a line break before the parenthesis', 'system%20%23c%0d%0a%20%28%27id%27%29', 'PHP-170'],
    ['a quoted function name called', '%28%22system%22%29%28%22whoami%22%29', 'PHP-171'],
    ['a function name in an array called', '%5bsystem%5d%5b0%5d%28ls%29%3B', 'PHP-171'],
  ])('blocks %s at sensitivity 70', (_name, query, ruleId) => {
    expectDetected(get(`/p?x=${query}`), ruleId);
  });

  it.each([
    [
      'a variable function with comments between its subscripts',
      '%24_aB%5B%405%5D%2F%2Ax%2A%2F%5B%40d%5D%20%28%29',
      'PHP-150',
    ],
    ['a variable variable with a space before the brace', '%24%20%7B%24a%7D', 'PHP-172'],
    ['a variable variable with a quoted name', "%24%7B'_GET'%7D", 'PHP-172'],
  ])('challenges %s at sensitivity 70', (_name, query, ruleId) => {
    expectDetected(get(`/p?x=${query}`), ruleId);
  });

  it.each([
    ['a parenthetical after the word system', 'the file system (see below) is mounted'],
    ['an empty variable-variable brace', '$ { }'],
    ['a JavaScript template literal', 'Hello ${name}, you have ${count} messages'],
  ])('allows %s', (_name, value) => {
    expectAllowed(json({ note: value }));
  });
});

describe('Node.js and template injection (NODE-100, NODE-130, NODE-140, NODE-150, NODE-160, SSTI-100)', () => {
  it.each([
    ['a bare constructor chain', get('/q?foo=this.constructor.constructor'), 'NODE-130'],
    ['an endless loop without a semicolon', get('/q?eval=while(!false)'), 'NODE-130'],
    [
      'require.main reaching the module loader',
      get('/q?x=%23%7Brequire.main.constructor._load(%27fs%27)%7D'),
      'NODE-100',
    ],
    [
      'the node-serialize marker in base64 in a cookie',
      get('/', { cookie: 'profile=XyQkTkRfRlVOQyQkX2Z1bmN0aW9uKCkK' }),
      'NODE-140',
    ],
    ['a React Server Components reference to a constructor', json({ get: '$3:constructor:constructor' }), 'NODE-150'],
    ['a template conditional probe', get('/q?x=%7B%25%20if%20True%20%25%7D49%7B%25%20endif%20%25%7D'), 'SSTI-100'],
  ])('blocks %s at sensitivity 70', (_name, req, ruleId) => {
    expectDetected(req, ruleId);
  });

  it.each([
    ['process.env as a whole value', 'process.env'],
    ['a console call as a whole value', 'console["info"](1)'],
  ])('challenges %s at sensitivity 70', (_name, value) => {
    expectDetected(get(`/q?foo=${encodeURIComponent(value)}`), 'NODE-160');
  });

  it.each([
    [
      'documentation that mentions process.env',
      'Set `process.env.PORT` to change the port, then run `console.log(port)`.',
    ],
    ['prose starting with While', 'while (foo) is bar.'],
  ])('allows %s', (_name, value) => {
    expectAllowed(json({ note: value }));
  });
});

describe('Unix shell evasions (RCE-100, RCE-140, RCE-150, RCE-194 to RCE-199)', () => {
  it.each([
    ['a binary path without its leading slash after a pipe', '%7Cusr%2Fbin%2Fid', 'RCE-100'],
    ['an unset variable before the command word', '%7C%24u%20wget%20test', 'RCE-100'],
    ['a quoted command word after a semicolon', "%3B'curl'%20http://evil.example", 'RCE-100'],
    ['a Windows dir of a drive root with a forward slash', '%7C%20dir%20c%3A%2F', 'RCE-140'],
    [
      'a command assembled from variables',
      'a%3D%2Fetc%26%26b%3D%2Fpasswd%26%26c%3Dcat%26%26%24c%20%24a%24b',
      'RCE-194',
    ],
    ['wildcards standing in for a binary and a file', 'x%3B%2Fbin%2Fca%3F%20%2Fet*%2F*wd', 'RCE-195'],
    ['a walk into /etc in two cd steps', 'cd%20%2F%3Bcd%20etc%3Bfold%20passwd', 'RCE-196'],
    [
      'find running a command on a system directory',
      'find%20%2Fetc%20-name%20passwd%20-exec%20cat%20%7B%7D%20%2B',
      'RCE-197',
    ],
    ['a compiler wrapper running a shell', '%3Bc89%20-wrapper%20sh%2C-c%2Cid%20.', 'RCE-197'],
    ['a here-string into an interpreter', '%3Birb%3C%3C%3C1%2B2', 'RCE-197'],
    ['a log file copied to a PHP script', '%3Bcp%20%2Fvar%2Flog%2Fapache2%2Ferror.log%20evil.php', 'RCE-198'],
  ])('blocks %s at sensitivity 70', (_name, query, ruleId) => {
    expectDetected(get(`/run?arg=${query}`), ruleId);
  });

  it.each([
    ['a command word in brace expansion', '%7B%2Cifconfig%7D', 'RCE-199'],
    ['an alias definition chained to its use', 'alias%20a%3Dcurl%26a%20example.com', 'RCE-199'],
    ['a process substitution', '%3C(cat%20file)', 'RCE-199'],
    ['a Windows command line with an environment variable path', 'type%20%25SYSTEMROOT%25%5Crepair%5CSAM', 'RCE-150'],
  ])('challenges %s at sensitivity 70', (_name, query, ruleId) => {
    expectDetected(get(`/run?arg=${query}`), ruleId);
  });

  it.each([
    ['npm documentation chaining commands', 'Run `cd my-app && npm install && npm test` to get started.'],
    ['a glob of JavaScript sources', 'Lint every file under src/**/*.{js,ts} with `eslint .`'],
    ['a trailing-star glob of binaries', 'Remove the old copies with rm /usr/local/bin/node* first.'],
    ['copying a PHP sample configuration', 'Copy wp-config-sample.php to wp-config.php and edit it.'],
    ['a language list in braces', '{en,fr}'],
  ])('allows %s', (_name, value) => {
    expectAllowed(json({ note: value }));
  });
});

describe('Java class names in XML bodies (JAVA-110, JAVA-120, JAVA-130)', () => {
  it.each([
    ['a class name as element text', xmlDoc('<cmd>java.lang.Runtime</cmd>'), 'JAVA-110'],
    [
      'a gadget class as an attribute value',
      xmlDoc('<e class="org.apache.commons.collections.functors.InvokerTransformer"/>'),
      'JAVA-130',
    ],
  ])('blocks %s at sensitivity 70', (_name, req, ruleId) => {
    expectDetected(req, ruleId);
  });

  it.each([
    ['a class name as an element name', xmlDoc('<java.lang.Runtime kind="x">1</java.lang.Runtime>')],
    ['a gadget-like name as an attribute name', xmlDoc('<e my.whileclosure="1"/>')],
    ['a serialization header as an element name', xmlDoc('<rO0ABQ>1</rO0ABQ>')],
  ])('allows %s', (_name, req) => {
    expectAllowed(req);
  });
});

describe('Near-miss PHP and Node.js forms (PHP-100, PHP-150, NODE-130)', () => {
  it.each([
    ['a short open tag before code', get('/q?foo=%3C%3F%20echo%20%22test%22'), 'PHP-100'],
    ['a short open tag split from the word php', get('/q?foo=%3C%3F%09php%20echo%201'), 'PHP-100'],
  ])('blocks %s at sensitivity 70', (_name, req, ruleId) => {
    expectDetected(req, ruleId);
  });

  it.each([
    ['prose that mentions a short open tag', '&lt;? should not trigger'],
    ['an empty subscript before a call', '$a[]()'],
    ['a loop that never runs', 'while(!true);'],
  ])('allows %s', (_name, value) => {
    expectAllowed(get(`/q?x=${encodeURIComponent(value)}`));
  });
});

describe('Command probes as whole values (RCE-101, RCE-140, RCE-141, RCE-152)', () => {
  it.each([
    ['a leading line break before a recon command', '%0a%20id%20%0a', 'RCE-101'],
    ['an escaped line break before echo', '%5Cnecho%20INJECTX%5Cnexit%5Cn', 'RCE-101'],
    ['a dir of a drive with plus signs for spaces', '%2B%7C%2Bdir%2Bc%3A%2F', 'RCE-140'],
    [
      'a registry write to a quoted hive after a pipe',
      '%7C%20reg%20add%20%22HKLM%5CSystem%5CX%22%20%2Fv%20a%20%2Fd%200%20%2Ff',
      'RCE-141',
    ],
  ])('blocks %s at sensitivity 70', (_name, query, ruleId) => {
    expectDetected(get(`/run?arg=${query}`), ruleId);
  });

  it.each([
    ['a quoted uname', "'uname'"],
    ['a quote closing the argument before whoami', '" whoami'],
  ])('challenges %s at sensitivity 70', (_name, value) => {
    expectDetected(get(`/run?arg=${encodeURIComponent(value)}`), 'RCE-152');
  });

  it.each([
    ['a comment that starts on a new line', '\nEchoes of the past, a review'],
    ['a value naming a column', 'id'],
    ['a directory listing mentioned in prose', 'The dir command lists c: drive contents'],
  ])('allows %s', (_name, value) => {
    expectAllowed(json({ note: value }));
  });
});

describe('Script uploads announced in file-name headers (PHP-160) and + for spaces (RCE-100, RCE-194)', () => {
  it.each([
    ['a PHP file in a relative directory with trailing dots', { 'x-file-name': 'up/shell.php.....' }],
    ['a space after the dot', { 'x-filename': 'photo. php' }],
    ['a double extension that Apache runs as PHP', { 'x-filename': 'avatar.phar.png' }],
    ['a PHP session file name', { 'x-filename': 'sess_d8ew88tqmabdcokhumchy8htqm' }],
  ])('blocks %s at sensitivity 70', (_name, headers) => {
    expectDetected(get('/upload', headers), 'PHP-160');
  });

  it('blocks a chained command whose argument follows a plus sign at sensitivity 70', () => {
    expectDetected(get('/q?host=example.com%3Bc%24%40at%2B%2Fet%24%40c%2Fpas%24%40swd'), 'RCE-100');
  });

  it('blocks a command assembled from variables that ends in a line break at sensitivity 70', () => {
    expectDetected(get('/q?exec=c1%3Dc%3Bc2%3Dat%3B%24c1%24c2%0A'), 'RCE-194');
  });

  it.each([
    ['a Referer to a PHP page', { referer: 'https://shop.example.com/index.php' }],
    ['an absolute script path in a header', { 'x-original-path': '/admin/index.php' }],
    ['an image upload name', { 'x-filename': 'holiday.photo.png' }],
  ])('allows %s', (_name, headers) => {
    expectAllowed(get('/upload', headers));
  });
});

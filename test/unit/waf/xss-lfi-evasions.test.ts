import { describe, expect, it } from 'vitest';
import { normalizeValue, toPathView } from '../../../lambdas/core/waf/decode.ts';
import { expectAllowed, expectBlocked, expectDetected, expectNotFlaggedBy, get, json, post } from './helpers.ts';

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

describe('Attribute-injection probes (XSS-114)', () => {
  it.each([
    ['whitespace and an event handler opening a parameter name', get('/post?%20%20onload%3d%20=vardata')],
    ['a quote and an opened handler ending a value', get('/char_test?body=%22onzoom%3D')],
    ['a quote and an opened formaction ending a value', get('/char_test?body=%27formaction%3D')],
  ])('challenges %s at sensitivity 70', (_name, req) => {
    expectDetected(req, 'XSS-114');
  });

  it.each([
    ['a bare event-handler word', get('/search?q=onEnd')],
    ['a sentence about handlers', markdown('Handlers such as onload = are set in code.')],
  ])('allows %s', (_name, req) => {
    expectNotFlaggedBy(req, 'XSS-114');
  });
});

describe('Script URL schemes split by control characters (XSS-122)', () => {
  it.each([
    ['a tab entity inside javascript:', post('application/x-www-form-urlencoded', 'u=ja%26tab%3Bvascript%3A%20')],
    ['newline and tab entities inside vbscript:', get('/r?u=v%26NewLine;b%26Tab;script%26colon;x')],
  ])('blocks %s at sensitivity 70', (_name, req) => {
    expectBlocked(req, 'XSS-122');
  });

  it.each([
    ['a CI configuration naming java and then a script', markdown('language: java\nscript: mvn test\n')],
    ['the plain word in prose', markdown('Written in JavaScript: fast and small.')],
  ])('allows %s', (_name, req) => {
    expectNotFlaggedBy(req, 'XSS-122');
  });
});

describe('Legacy browser tricks: HTC behaviours, UTF-7 charset, 7-bit markup, CSS escapes (XSS-143..146)', () => {
  it.each([
    [
      'an imported HTC behaviour',
      get('/s?q=%3C?import%20namespace=%22t%22%20implementation=%22%23default%23time2%22%3E'),
      'XSS-143',
    ],
    [
      'an XML namespace for a behaviour',
      json({ q: '<?xml:namespace prefix="t" ns="urn:schemas-microsoft-com:time">' }),
      'XSS-143',
    ],
    [
      'a meta tag switching the page to UTF-7',
      json({ q: '<meta charset="x-imap4-modified-utf7">&ADz&AGn' }),
      'XSS-144',
    ],
    [
      'a script element in 7-bit form',
      post('application/x-www-form-urlencoded', 'v=%BCscript%BEalert(%A2XSS%A2)%BC/script%BE'),
      'XSS-145',
    ],
  ])('blocks %s at sensitivity 70', (_name, req, ruleId) => {
    expectBlocked(req, ruleId);
  });

  it('challenges a style value spelt in zero-padded CSS escapes at sensitivity 70', () => {
    expectDetected(json({ q: '<div style="background-image:\\0075\\0072\\006C\\0028\'\\006a\\0061">' }), 'XSS-146');
  });

  it.each([
    ['a recipe with fractions', markdown('Add ¼cup of sugar and ¾ cup of flour; ¼ script¾ is not a tag.')],
    ['a CSS content escape', markdown('Use `content: "\\2014"` for a dash.')],
    ['a charset in prose', markdown('The page uses charset=utf-8 as always.')],
  ])('allows %s', (_name, req) => {
    expectAllowed(req);
  });
});

describe('Obfuscated tags and script (XSS-100, XSS-130, XSS-147, XSS-148)', () => {
  it.each([
    ['a namespaced script element', get('/s?body=%3C%20x%3A%20script'), 'XSS-100'],
    ['a namespaced VML frame', get('/s?v=%3Cv%3Avmlframe%20src%3D%22foo.com%2Fsup.fml%22%2F%3E'), 'XSS-130'],
    ['a link with a slash before the equals sign', get('/s?var=%3clink%20%2f%20asdf%20href%20%20%2f%3d%20'), 'XSS-130'],
    ['JSFuck', post('application/x-www-form-urlencoded', 'a=(![]%2B[])[%2B!%2B[]]'), 'XSS-148'],
  ])('blocks %s at sensitivity 70', (_name, req, ruleId) => {
    expectBlocked(req, ruleId);
  });

  it('challenges a tag name spelt with spaces at sensitivity 70', () => {
    expectDetected(get('/s?foo=bar%3Cf%20o%20r%20m'), 'XSS-147');
  });

  it('blocks an event handler after a quoted attribute value holding > at sensitivity 70', () => {
    expectBlocked(get('/s?q=%3Cx%201=%22%3E%22%20onxxx=1'), 'XSS-110');
  });

  it.each([
    ['a comparison in prose', markdown('if a < b and c > d then f o r m the set')],
    ['a boolean double negation in code', markdown('const ok = !!items.length;')],
    ['markup with a quoted > and no handler', markdown('<a title="a > b" href="/docs">docs</a>')],
  ])('allows %s', (_name, req) => {
    expectAllowed(req);
  });
});

describe('Script sinks reached without a plain call (XSS-151)', () => {
  it.each([
    ['alert wrapped in parentheses', get('/s?view=(alert)(1)')],
    ['alert passed to an array method', get('/s?view=[1].find(alert)')],
    ['a tagged template through .call', get('/s?xss=%5B%5D.sort.call%60%24%7Balert%7D1337%60')],
    ['a computed name on top', json({ name: 'top[/al/.source+/ert/.source](1)' })],
    ['bracket access to the cookie', post('application/x-www-form-urlencoded', 'a=%28document%29%5B%22cookie%22%5D')],
    ['comments inside document.cookie', post('application/x-www-form-urlencoded', 'a=document%2F%2Afoo%2A%2F.cookie')],
    ['an ActiveX object', get("/s?x=new%20ActiveXObject('htmlfile')")],
  ])('challenges %s at sensitivity 70', (_name, req) => {
    expectDetected(req, 'XSS-151');
  });

  it.each([
    ['a vendor-prefixed lookup in code', markdown("window[prefix + 'RequestAnimationFrame'](tick);")],
    ['an event-emitter dispatch in code', markdown("this['on' + type](event);")],
    ['an array method with a callback', markdown('items.find(isVisible)')],
  ])('allows %s', (_name, req) => {
    expectAllowed(req);
  });
});

describe('URLs that parsers read differently (RFI-140) and unbracketed IPv6 hosts (RFI-100)', () => {
  it.each([
    ['an encoded slash before the userinfo separator', get('/fetch?x=http://example.com%2f@evil.com/'), 'RFI-140'],
    ['a Java jar: URL to a remote archive', get('/fetch?x=jar:http://evil.example/b.zip!/a'), 'RFI-140'],
    ["Python's local_file scheme", get('/fetch?x=local_file:///etc/passwd'), 'RFI-140'],
    ['an IPv6 host without brackets', get('/fetch?src=https://2001:41d0:701:1100::29c8/gecko.php'), 'RFI-100'],
  ])('blocks %s at sensitivity 70', (_name, req, ruleId) => {
    expectBlocked(req, ruleId);
  });

  it.each([
    ['an ordinary redirect target', get('/login?next=https://shop.example.com/cart?id=7')],
    ['a URL with an encoded slash in its path', get('/fetch?x=https://cdn.example.com/a%2fb.png')],
    ['a host with a port', get('/fetch?x=https://cafe:8080/menu')],
  ])('allows %s', (_name, req) => {
    expectAllowed(req);
  });
});

describe('CSS url() running script and framework session names (XSS-160, SESS-110)', () => {
  it('blocks a CSS url(javascript in a value at sensitivity 70', () => {
    expectBlocked(get('/s?test=STYLE%3DX%3AURL%28JAVASCRIPT'), 'XSS-160');
  });

  it.each([['meteor_login_token'], ['_session_id'], ['__Host-next-auth.session-token']])(
    'challenges the session cookie name %s as a parameter at sensitivity 70',
    (name) => {
      expectDetected(get(`/login?${name}=abc123`), 'SESS-110');
    },
  );

  it('allows a CSS url() to an image', () => {
    expectAllowed(markdown('background: url("/img/bg.png") no-repeat;'));
  });
});

describe('Script tags behind a NUL or percent sign, and UTF-7 markup (XSS-100, XSS-149)', () => {
  it.each([
    [
      'a NUL after the angle bracket',
      post('application/x-www-form-urlencoded', 'user=%3C%00script%3Ealert(1)%3C%00%2Fscript%3E'),
    ],
    ['a percent sign after the angle bracket', get('/s?name=%3C%25script%3Ealert(1)%3C%25%2Fscript%3E')],
  ])('blocks %s at sensitivity 70', (_name, req) => {
    expectBlocked(req, 'XSS-100');
  });

  it('challenges harmless markup spelt in UTF-7 at sensitivity 70', () => {
    expectDetected(post('application/x-www-form-urlencoded', 'host=%2BADw-p%2BAD4-Welcome%2BADw-/p%2BAD4-'), 'XSS-149');
  });

  it.each([
    ['a phone number with a plus', get('/contact?phone=%2B44%20207%20946%200000')],
    ['a percentage in prose', markdown('Coverage went up 5% after the <b>refactor</b>.')],
  ])('allows %s', (_name, req) => {
    expectAllowed(req);
  });
});

describe('An angle bracket alone, spelt as an entity or escape (XSS-152)', () => {
  it.each([
    ['a zero-padded hex entity', get('/s?q=%26%23x000003C')],
    ['a zero-padded decimal entity in JSON', json({ q: '&#0000060' })],
    ['a JavaScript escape', json({ q: '\\u003c' })],
  ])('challenges %s at sensitivity 70', (_name, req) => {
    expectDetected(req, 'XSS-152');
  });

  it.each([
    ['an ampersand entity', json({ q: '&amp;' })],
    ['escaped markup in a sentence', json({ q: 'use &lt;b&gt; for bold' })],
  ])('allows %s', (_name, req) => {
    expectNotFlaggedBy(req, 'XSS-152');
  });
});

describe('Stripped script tags, string break-outs, CSS bindings and mhtml: (XSS-153, XSS-154, XSS-160, XSS-121)', () => {
  it.each([
    ['a script element with its brackets stripped', get('/s?host=scriptalert(1)/script'), 'XSS-153'],
    [
      'a JavaScript string break-out ending in a comment',
      get('/s?arg=x%22%3BsetTimeout%28name%2C%201%29%2F%2F'),
      'XSS-154',
    ],
  ])('challenges %s at sensitivity 70', (_name, req, ruleId) => {
    expectDetected(req, ruleId);
  });

  it.each([
    ['a CSS binding to a URL', json({ view: '<div style="binding: url(x.xml#xss);">' }), 'XSS-160'],
    ['an mhtml: URL', get('/s?data=mhtml:http://example.org/test.html!xss.html'), 'XSS-121'],
  ])('blocks %s at sensitivity 70', (_name, req, ruleId) => {
    expectBlocked(req, ruleId);
  });

  it.each([
    ['prose about JavaScript alerts', markdown('A script alert is shown; see the /script folder.')],
    ['a URL in prose after a call', markdown("Call init('x'); then open https://example.com//")],
  ])('allows %s', (_name, req) => {
    expectAllowed(req);
  });
});

describe('The XSS locator string (XSS-155)', () => {
  it('blocks the locator with any tag name at sensitivity 70', () => {
    expectBlocked(get(`/s?search=${encodeURIComponent("'';!--\"<probe>=&{()}")}`), 'XSS-155');
  });

  it('allows an HTML comment and a template literal in code', () => {
    expectNotFlaggedBy(markdown('<!-- note --> and `${name}` are fine'), 'XSS-155');
  });
});

describe('Documentation that used to be flagged (XSS-150, XSS-130, LFI-120)', () => {
  it.each([
    ['an inline-code mention of import', markdown('an `import` of a package that was never added can fail')],
    ['a meta tag declaring the content type', markdown('looks at <meta http-equiv=content-type ...> first')],
    ['a file URL to a tarball in prose', markdown('(eg `file:///opt/storage/example-1.3.0.tgz`)')],
  ])('allows %s', (_name, req) => {
    expectAllowed(req);
  });

  it.each([
    ['a tagged template call of alert', get('/s?q=alert`1`'), 'XSS-150'],
    [
      'a meta refresh to a script URL',
      json({ q: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">' }),
      'XSS-130',
    ],
    ['a file URL as a parameter value', get('/s?x=url:file://foo.bar'), 'LFI-120'],
    ['a file URL to a system file inside text', json({ q: 'see file:///etc/passwd now' }), 'LFI-120'],
  ])('flags %s at sensitivity 70', (_name, req, ruleId) => {
    expectDetected(req, ruleId);
  });
});

describe('Repeated traversal in documentation text (LFI-100)', () => {
  it.each([
    ['a parameter climbing two levels', get('/download?file=../../secret.txt')],
    ['a long filler before two levels', get(`/download?file=${'a'.repeat(1000)}/../../x`)],
    ['four levels inside text', json({ body: 'try ../../../../x now' })],
  ])('blocks %s at sensitivity 70', (_name, req) => {
    expectBlocked(req, 'LFI-100');
  });

  it.each([
    [
      'an install from a sibling folder in a code sample',
      markdown('```bash\nnpm install ../../other-package --install-links\n```'),
    ],
    ['a cd up three levels in prose', markdown('instead of typing\n"cd ../../.." redundantly')],
  ])('allows %s', (_name, req) => {
    expectNotFlaggedBy(req, 'LFI-100');
  });
});

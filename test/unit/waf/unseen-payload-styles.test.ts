import { describe, it } from 'vitest';
import type { EdgeRequest } from '../../../lambdas/core/edge-request.ts';
import { BROWSER_HEADERS, expectDetected, expectNotFlaggedBy, form, get, json } from './helpers.ts';

/*
 * Payload styles from public sources the development corpus does not carry: sqlmap tampers
 * (between, percentage, symboliclogical, substring2leftright), MongoDB operator objects, MSSQL and
 * Oracle identity probes, AngularJS/Vue template escapes and CSS @import from another origin.
 */

const q = (value: string): EdgeRequest => get(`/search?q=${encodeURIComponent(value)}`);
const header = (name: string, value: string): EdgeRequest => get('/search', { ...BROWSER_HEADERS, [name]: value });
const cookie = (value: string): EdgeRequest =>
  get('/search', { ...BROWSER_HEADERS, cookie: `session=abc; filter=${encodeURIComponent(value)}` });

describe('WAF SQLi: keywords disguised for filters that strip or ignore characters', () => {
  it.each([
    ['UNION split by an empty comment (SQLI-101)', header('x-search', '1 UNI/**/ON SEL/**/ECT 1'), 'SQLI-101'],
    ['SELECT split by an empty comment in a form (SQLI-101)', form('id=1%20SEL/**/ECT%20password'), 'SQLI-101'],
    [
      "sqlmap's percentage tamper (SQLI-102)",
      form('id=%25S%25E%25L%25E%25C%25T%20%25F%25R%25O%25M%20users'),
      'SQLI-102',
    ],
    [
      'UNION SELECT joined by literal plus signs (SQLI-103)',
      json({ id: '-1+union+distinctROW+select+1,2' }),
      'SQLI-103',
    ],
  ])('blocks %s at sensitivity 70', (_name, req, ruleId) => {
    expectDetected(req, ruleId);
  });

  it.each([
    ['a C comment between words', q('int a; /**/ return a;'), 'SQLI-101'],
    ['a printf format string', q('printf("%s%d", name, n)'), 'SQLI-102'],
    ['a plus-joined phrase about unions', q('credit+union+selection'), 'SQLI-103'],
  ])('allows %s', (_name, req, ruleId) => {
    expectNotFlaggedBy(req, ruleId);
  });

  it('allows a plus-joined UNION SELECT in the path, where a plus is a literal character', () => {
    expectNotFlaggedBy(get('/post/24+union+all+select+1,2,3/bar'), 'SQLI-103');
  });
});

describe('WAF SQLi: tautologies written without the usual digits or words', () => {
  it.each([
    ['a hex-literal tautology', json({ id: '1 OR 0x50=0x50' })],
    ['a hex tautology after a quote', header('referer', "' OR 0x61646d696e=0x61646d696e--")],
    ["sqlmap's between tamper on numbers", q('1 AND 2 BETWEEN 1 AND 3')],
    ["sqlmap's between tamper on placeholders", form('id=1%20AND%20A%20NOT%20BETWEEN%200%20AND%20B')],
    ["sqlmap's symboliclogical tamper", q('1 && 2>1')],
    ['an Oracle ROWNUM probe', q('1 AND ROWNUM=1')],
  ])('blocks %s at sensitivity 70 (SQLI-170)', (_name, req) => {
    expectDetected(req, 'SQLI-170');
  });

  it.each([
    ['a range in prose', q('pick a value between 1 and 10')],
    ['a colour code and a hex value', q('colors 0x41 and 0x42')],
    ['a JavaScript default', q('const n = opts.n || 10')],
  ])('allows %s', (_name, req) => {
    expectNotFlaggedBy(req, 'SQLI-170');
  });
});

describe('WAF SQLi: sub-selects, casts and functions of other dialects', () => {
  it.each([
    ['IN (SELECT …) after a number (SQLI-150)', q('1 and 1 in (select 1)'), 'SQLI-150'],
    ['a PostgreSQL cast of a number after AND (SQLI-175)', json({ id: '1 AND 1::int=1' }), 'SQLI-175'],
    ['the MSSQL login name (SQLI-112)', q("1 AND SUSER_NAME() LIKE 'sa'"), 'SQLI-112'],
    ['the MSSQL host name (SQLI-112)', form('id=1%20AND%20HOST_NAME()%3DHOST_NAME()'), 'SQLI-112'],
    ["sqlmap's greatest tamper (SQLI-112)", q('1 AND GREATEST(ASCII(SUBSTRING(user(),1,1)),65)=65'), 'SQLI-112'],
    ['the MySQL clock probe after a quote (SQLI-112)', header('x-search', "1' OR SYSDATE() = NOW()-- -"), 'SQLI-112'],
    [
      'the FLOOR(RAND(0)*2) double-query error (SQLI-141)',
      json({ q: "1' GROUP BY CONCAT(version(),FLOOR(RAND(0)*2)) HAVING MIN(0)#" }),
      'SQLI-141',
    ],
    ['MySQL geohash error-based extraction (SQLI-141)', cookie("1' AND st_latfromgeohash(version())--"), 'SQLI-141'],
    ['MSSQL fn_varbintohexstr (SQLI-141)', header('referer', '1 AND 1=dbo.fn_varbintohexstr(1)'), 'SQLI-141'],
  ])('blocks %s at sensitivity 70', (_name, req, ruleId) => {
    expectDetected(req, ruleId);
  });

  it.each([
    ['IN followed by the word select in prose', q('items in (selected) order'), 'SQLI-150'],
    ['a PostgreSQL cast in a tutorial sentence', q('write 1::int to cast'), 'SQLI-175'],
    ['a function name in prose', q('the greatest (and least) values'), 'SQLI-112'],
    ['RAND in prose', q('a random floor plan'), 'SQLI-141'],
  ])('allows %s', (_name, req, ruleId) => {
    expectNotFlaggedBy(req, ruleId);
  });
});

describe('WAF SQLi: blind extraction and string-context probes', () => {
  it.each([
    ["sqlmap's substring2leftright tamper", cookie("1' AND LEFT(password,1)='a"), 'SQLI-157'],
    [
      'OR col IS NOT NULL OR left open for the quote',
      json({ q: "' or username is not null or username = '" }),
      'SQLI-157',
    ],
    ["a product across the application's quotes", form("q=1'%20*%20'1"), 'SQLI-118'],
  ])('blocks %s at sensitivity 70', (_name, req, ruleId) => {
    expectDetected(req, ruleId);
  });

  it.each([
    ['a spreadsheet formula in prose', q('use LEFT(A1, 3) to trim'), 'SQLI-157'],
    ['a question about null checks', q("check if 'x' or y is not null"), 'SQLI-157'],
    ['a possessive with an asterisk note', q("Bob's * note"), 'SQLI-118'],
  ])('allows %s', (_name, req, ruleId) => {
    expectNotFlaggedBy(req, ruleId);
  });
});

describe('WAF SQLi: NoSQL operator objects and $where break-outs (SQLI-201)', () => {
  it.each([
    ['a value that is {"$gt": ""} in a cookie', cookie('{"$gt": ""}')],
    ['a value that is {"$ne": null} in the query', q('{"$ne": null}')],
    ['a nested operator object in a form field', form(`q=${encodeURIComponent('{"username": {"$ne": "x"}}')}`)],
    ['a $where object in a header', header('x-filter', '{"$where": "this.password.match(/^a.*/)"}')],
    ['a $where string break-out', q("'; return true; var x='")],
  ])('blocks %s at sensitivity 70', (_name, req) => {
    expectDetected(req, 'SQLI-201');
  });

  it.each([
    ['a JSON filter without operators', q('{"status": "active"}')],
    ['prose about MongoDB operators', q('use {"$gt": 5} inside find() to filter')],
    ['a sentence with return in it', q('click return; then save')],
  ])('allows %s', (_name, req) => {
    expectNotFlaggedBy(req, 'SQLI-201');
  });
});

describe('WAF XSS: framework template escapes and CSS imports', () => {
  it.each([
    [
      'an AngularJS $event.view escape',
      cookie('<div ng-app ng-csp><input autofocus ng-focus=$event.view.alert(1)>'),
      'XSS-156',
    ],
    ['an ng-click calling a dialog', q('<x ng-click=$event.view.alert(1)>click</x>'), 'XSS-156'],
    [
      'a Vue v-on handler reaching the window',
      json({ c: '<input v-on:focus="$event.view.alert(1)" autofocus>' }),
      'XSS-156',
    ],
    ['an ng-init constructor escape', q(`<div ng-init="constructor.constructor('alert(1)')()">`), 'XSS-156'],
    ['a style sheet imported from another origin', q('<style>@import "//xss.example/x.css";</style>'), 'XSS-160'],
    [
      'a style sheet imported with url()',
      form(`c=${encodeURIComponent('<style>@import url(//xss.example/x.css);</style>')}`),
      'XSS-160',
    ],
  ])('blocks %s at sensitivity 70', (_name, req, ruleId) => {
    expectDetected(req, ruleId);
  });

  it.each([
    ['an AngularJS click handler calling the controller', q('<button ng-click="vm.save()">Save</button>'), 'XSS-156'],
    ['a Vue v-html binding to data', q('<div v-html="rawHtml"></div>'), 'XSS-156'],
    ['a relative CSS import', q('<style>@import url(theme.css);</style>'), 'XSS-160'],
  ])('allows %s', (_name, req, ruleId) => {
    expectNotFlaggedBy(req, ruleId);
  });
});

describe('WAF SQLi: nested keywords, wrapped sub-selects and dialect statements', () => {
  it.each([
    ['UNION and SELECT nested inside themselves (SQLI-104)', cookie('1 UNUNIONION SELSELECTECT 1,2'), 'SQLI-104'],
    ['AND nested inside itself (SQLI-104)', header('x-search', '1 ANANDD 1=1'), 'SQLI-104'],
    [
      'a comparison with CONVERT around a sub-select (SQLI-158)',
      header('referer', '1 AND 1=CONVERT(INT,(SELECT TOP 1 password FROM users))'),
      'SQLI-158',
    ],
    [
      'nested functions around a sub-select (SQLI-158)',
      q('1 AND ISNULL(ASCII(SUBSTRING(CAST((SELECT LOWER(name) FROM sysdatabases) AS varchar(8000)),1,1)),0)>90'),
      'SQLI-158',
    ],
    ['a length of the database name (SQLI-158)', q('1 AND CHAR_LENGTH(DATABASE())>1'), 'SQLI-158'],
    ['NOT EXISTS (SELECT …) (SQLI-158)', form('q=1%20AND%20NOT%20EXISTS(SELECT%201)'), 'SQLI-158'],
    ['a scoped server variable (SQLI-141)', json({ q: "1 AND @@global.version_compile_os LIKE 'Linux'" }), 'SQLI-141'],
    ['GROUP BY … WITH ROLLUP (SQLI-160)', json({ q: '1 GROUP BY 1 WITH ROLLUP LIMIT 1 OFFSET 1' }), 'SQLI-160'],
    ['UNION VALUES after a number (SQLI-100)', cookie('1 UNION VALUES(1,2)'), 'SQLI-100'],
    [
      'a PostgreSQL C-language function after a semicolon (SQLI-130)',
      json({
        id: "1;CREATE OR REPLACE FUNCTION sys(cstring) RETURNS int AS '/lib/libc.so.6','system' LANGUAGE C STRICT--",
      }),
      'SQLI-130',
    ],
    ['a SQLite ATTACH DATABASE web shell (SQLI-130)', q("1; ATTACH DATABASE '/var/www/x.php' AS x;--"), 'SQLI-130'],
    ['a backtick-quoted self comparison (SQLI-170)', header('x-search', '1 and`a`=`a`'), 'SQLI-170'],
    ['parenthesised constants compared (SQLI-170)', form('id=1%20AND%20(2)%3E(1)'), 'SQLI-170'],
    ['a constant IS NOT NULL (SQLI-170)', form('id=1%20AND%201%20IS%20NOT%20NULL'), 'SQLI-170'],
    ['a mongo shell drop after a semicolon (SQLI-201)', q('1; db.users.drop()'), 'SQLI-201'],
  ])('blocks %s at sensitivity 70', (_name, req, ruleId) => {
    expectDetected(req, ruleId);
  });

  it.each([
    ['a word that repeats a syllable', q('the bandanna and the orator'), 'SQLI-104'],
    ['a count of users in prose', q('there are 3 and max(users) more'), 'SQLI-158'],
    ['European Union values in prose', q('the European Union values (freedom, dignity)'), 'SQLI-100'],
    ['a doubled at-sign before a plural', q('see @@versions of the app'), 'SQLI-141'],
    ['a mongo shell query in a sentence', q('run db.users.find() in the shell'), 'SQLI-201'],
  ])('allows %s', (_name, req, ruleId) => {
    expectNotFlaggedBy(req, ruleId);
  });
});

describe('WAF: literal types, connection probes and framework directives', () => {
  it.each([
    ['TRUE=TRUE (SQLI-170)', q('1 AND TRUE=TRUE'), 'SQLI-170'],
    ['NULL IS NULL (SQLI-170)', form('c=1%20AND%20NULL%20IS%20NULL'), 'SQLI-170'],
    ['a binary literal tautology (SQLI-170)', json({ d: '1 AND 0b1=0b1' }), 'SQLI-170'],
    ['a hex string literal compared with its text (SQLI-170)', header('referer', "1 AND X'41'='A'"), 'SQLI-170'],
    ['LIKE on the login name (SQLI-170)', json({ s: "1 AND user LIKE 'root%'" }), 'SQLI-170'],
    ['ORDER BY a sub-select (SQLI-150)', cookie('1 ORDER BY (SELECT 1)'), 'SQLI-150'],
    ['a connection id probe (SQLI-112)', cookie('1 AND connection_id()>0'), 'SQLI-112'],
    [
      'an operator object nested after other fields (SQLI-201)',
      header('x-filter', '{"username": "admin", "password": {"$regex": "^a"}}'),
      'SQLI-201',
    ],
    ['a $where break-out returning a query (SQLI-201)', q("1'; return db.users.find(); var d='"), 'SQLI-201'],
    [
      'a Vue v-show reaching Function through constructor (XSS-156)',
      form(`c=${encodeURIComponent('<p v-show="_c.constructor`alert(1)`()">')}`),
      'XSS-156',
    ],
    [
      'a Vue @click shorthand using $event.view (XSS-156)',
      q('<div @click="$event.view.alert(1)">click</div>'),
      'XSS-156',
    ],
  ])('blocks %s at sensitivity 70', (_name, req, ruleId) => {
    expectDetected(req, ruleId);
  });

  it.each([
    ['true and true in prose', q('it is true and true is good'), 'SQLI-170'],
    ['a user search phrase', q('users like me'), 'SQLI-170'],
    ['a JSON filter with a plain nested object', q('{"user": {"name": "ann"}}'), 'SQLI-201'],
    ['a Vue binding to a component method', q('<p v-show="isVisible(item)">'), 'XSS-156'],
  ])('allows %s', (_name, req, ruleId) => {
    expectNotFlaggedBy(req, ruleId);
  });
});

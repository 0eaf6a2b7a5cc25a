import { describe, expect, it } from 'vitest';
import type { EdgeRequest } from '../../../lambdas/core/edge-request.ts';
import { inspectRequest } from '../../../lambdas/core/waf/index.ts';
import { form, get, json, post, waf } from './helpers.ts';

const balanced = waf();
const paranoid = waf({ sensitivityScore: 95 });

function detected(req: EdgeRequest, engine = balanced): boolean {
  return inspectRequest(engine, req).action !== 'allow';
}

describe('WAF SQLi: sqlmap boundaries with up to three closing parentheses', () => {
  it.each([
    ['ORDER BY column probing after three parentheses', get("/api/users?q=-7387'))) order by 1--")],
    ['ORDER BY after a MySQL full-text boolean-mode closer', get("/products?lang=1' in boolean mode) order by 1%23")],
    ['a boolean comparison re-opening three parentheses', get("/items?file=1'))) and 4069=8786 and ((('eftr'='eftr")],
    ['a parenthesised tautology', get("/comments?page=')) or (('x'))=(('x")],
    ['a LIKE wildcard after a quote break-out', form("q=' or username like '%")],
  ])('blocks %s at sensitivity 70', (_name, req) => {
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).not.toBe('allow');
    expect(decision.threatType).toBe('sql_injection');
  });
});

describe('WAF SQLi: constant-comparison conditionals (SQLI-113)', () => {
  it.each([
    ['IIF with a division-by-zero branch', get('/products?q=iif(9229=4158,1,1/0)')],
    ['ELT on a constant comparison', json({ user: 'elt(2567=9921,9921)' })],
    ['MAKE_SET after a break-out', get('/products?user=-5109))) or make_set(6627=7331,7331) and (((9466=9466')],
    [
      'RLIKE on a CASE WHEN sub-select',
      get("/comments?lang=1' rlike (select (case when (9308=2540) then 1 else 0x28 end))"),
    ],
    ['a CASE on a constant in a column list', json({ view: '1,(case when 6620=3092 then 1 else null end)' })],
    ['a parenthesised comparison multiplied', json({ file: '(1589=1589)*1' })],
  ])('blocks %s at sensitivity 70', (_name, req) => {
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).toBe('block');
    expect(decision.ruleIds).toContain('SQLI-113');
  });

  it('allows code that compares variables in an if()', () => {
    // Prepare
    const req = json({ snippet: 'if (a === b) { total = count(items, 1) }' });
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).toBe('allow');
  });
});

describe('WAF SQLi: time-based blocks and stacked PL/SQL', () => {
  it.each([
    ['an Oracle USER_LOCK.SLEEP block', form("host=1')));begin user_lock.sleep(5); end and ((('gqhc'='gqhc")],
    ['the MySQL now()=sysdate() idiom', get('/x?id=if(now()=sysdate(),sleep(12),0)')],
    ['SELECT pg_sleep without parentheses', get('/x?sql_table=select%20pg_sleep')],
  ])('blocks %s at sensitivity 70', (_name, req) => {
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).toBe('block');
    expect(decision.ruleIds).toContain('SQLI-140');
  });
});

describe('WAF SQLi: quote-operator probes (SQLI-116, SQLI-118, SQLI-121)', () => {
  it.each([
    ["an empty-string tautology ' or ''-'", form("q=' or ''-'")],
    ['the double-quote form " or ""&"', get('/api/users?comment=%22%20or%20%22%22%26%22')],
    ["an operator between quotes '^'", json({ user: "'^'" })],
    ["a LIKE between quotes 'LIKE'", json({ q: "'LIKE'" })],
    ["an operator expression ended by a comment x'-email--", form("var=x'-email--")],
    ["a comparison ended by the URL comment idiom '=0--+", form('lang=%27%3D0--%2B')],
    ["IS NOT after a quote id'is not-id--", form("var=id'is not-id--")],
    [
      "an expression before a comment ' and email ilike email--",
      form("email=admin@example.com' and email ilike email--"),
    ],
    ["IS NULL then a stacked comment ' AND id IS NULL; --", get("/items?file=' AND id IS NULL; --")],
    ['COLLATE with a real collation', form("var=user'collate nocase--")],
  ])('detects %s at sensitivity 70', (_name, req) => {
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).not.toBe('allow');
    expect(decision.threatType).toBe('sql_injection');
  });

  it.each([
    ["a quoted hyphen used as a separator ('-')", get("/export?sep='-'")],
    ["a quoted wildcard ('*')", get("/search?fields='*'")],
    ["a name with an apostrophe (O'Brien)", form("name=O'Brien&city=Cork")],
    [
      "prose with quotes and a conjunction ('tea' or 'coffee')",
      json({ note: "Choose 'tea' or 'coffee', both are free" }),
    ],
    ['COLLATE with a made-up collation name', form("var=user'collate foo--")],
  ])('allows %s at sensitivity 70', (_name, req) => {
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).toBe('allow');
  });
});

describe('WAF SQLi: fragments appended to a WHERE clause (SQLI-117, SQLI-119)', () => {
  it.each([
    ['AND with a column comparison', form('pay=AND deleted = 0)')],
    ['OR x=y with a hash comment', get('/products?name=%20OR%20x=y%23')],
    ['OR on a JSON function', form("id=OR json_extract('{\"id\": 14}', '$.id') = 14")],
    ['a bare AND 0', json({ q: 'AND 0' })],
    ['a number minus a boolean literal', get('/comments?view=1-true')],
  ])('detects %s at sensitivity 70', (_name, req) => {
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).not.toBe('allow');
  });

  it.each([
    ['a sort parameter whose value starts with "or"', get('/list?sort=orderby%3Ddate')],
    ['a JavaScript comparison', json({ code: '|| langCode == "en"' })],
    ['a sentence starting with "and"', json({ text: 'and then we went home' })],
  ])('allows %s at sensitivity 70', (_name, req) => {
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).toBe('allow');
  });
});

describe('WAF SQLi: whole-value function openers and catalogue names', () => {
  it.each([
    ['benchmark(', 'benchmark('],
    ['database (', 'database ('],
    ['group_concat(', 'GROUP_CONCAT('],
    ['information_schema', 'INFORMATION_SCHEMA'],
    ['pg_catalog', 'pg_catalog'],
  ])('challenges a value that is only %s at sensitivity 70', (_name, value) => {
    // Act
    const decision = inspectRequest(balanced, form(`pay=${encodeURIComponent(value)}`));
    // Assess
    expect(decision.action).not.toBe('allow');
    expect(decision.threatType).toBe('sql_injection');
  });

  it('challenges an ordinary function opener (count() at sensitivity 70, as CRS 942410 does at PL2', () => {
    // Prepare
    const req = form('pay=count(');
    // Act
    const atSeventy = detected(req);
    const atNinetyFive = detected(req, paranoid);
    // Assess
    expect(atSeventy).toBe(true);
    expect(atNinetyFive).toBe(true);
  });

  it('allows prose that mentions a database and a schema', () => {
    // Prepare
    const req = json({
      text: 'The database (PostgreSQL) keeps one schema per tenant; run version() to check.',
    });
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).toBe('allow');
  });
});

describe('WAF SQLi: projections, T-SQL batches and sqlmap tool shapes', () => {
  it.each([
    ['an aliased expression before FROM', post(undefined, ') AS orders FROM')],
    ['a backtick alias before FROM', post(undefined, '` AS `edit_user_id` from')],
    ['SELECT of user() after a parenthesis', post(undefined, 'select(user(')],
    ['DECLARE of a T-SQL variable', form('pay=DECLARE/**/@x')],
    ['EXEC of an extended procedure', get('/comments?host=1%20exec%20xp_cmdshell')],
    ['BACKUP DATABASE to a share', get("/x?q=backup%20database%20master%20to%20disk%3D'%5C%5Chost%5Cs%5Cb.dat'")],
    ["sqlmap's heuristic character probe", get(`/comments?lang=${encodeURIComponent(`1""(.'.(,(.`)}`)],
    ['a JSON document literal queried with ?&', form("id=OR '{\"name\":\"asd\"}' ?%26 array['a','name']")],
    ['DELETE FROM a table closed by a comment', get('/', { 'x-debug': 'DELETE FROM users;--' })],
  ])('detects %s at sensitivity 70', (_name, req) => {
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).not.toBe('allow');
    expect(decision.threatType).toBe('sql_injection');
  });

  it.each([
    ['prose with "(…) as well from"', json({ text: 'Pick a plan (monthly or yearly) as well from the list below.' })],
    ['a quoted sentence ending in punctuation', json({ text: 'He said "(yes)," and left.' })],
    ['prose about deleting from a list', json({ text: 'You can add and delete from your list at any time' })],
  ])('allows %s at sensitivity 70', (_name, req) => {
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).toBe('allow');
  });
});

describe('WAF SQLi: URL-encoded bodies sent without a content type', () => {
  it('reads + as a space in a percent-encoded untyped body and blocks the injection', () => {
    // Prepare
    const req = post(undefined, 'pay%3DAND+2771%3D1709%29');
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).toBe('block');
    expect(decision.ruleIds).toContain('SQLI-171');
  });

  it('allows a bare SET of nothing after a semicolon in such a body', () => {
    // Prepare
    const req = post(undefined, 'pay%3D%3Bset+%40');
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).toBe('allow');
  });
});

describe('WAF SQLi: constant tautologies and quote-balanced comparisons (SQLI-114, SQLI-119)', () => {
  it.each([
    ["x'='x, left open for the application's quotes", get("/login?user=x'%3D'x")],
    ["'x'!='y", form("q='x'!='y")],
    ['a whole-value 1=1', get('/a?a=1=1')],
    ['a whole-value 11!=1', get('/a?a=11!=1')],
    ['a whole-value 42<=>42', get('/a?a=42<=>42')],
    ['OR 1 then a hash comment', form('test=OR 1%23')],
  ])('detects %s at sensitivity 70', (_name, req) => {
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).not.toBe('allow');
  });

  it.each([
    ['a false comparison 11=1 (not a tautology)', get('/a?a=11=1')],
    ['a false comparison 11!=11', get('/a?a=11!=11')],
    ['1 is not 1', get('/a?a=1%20is%20not%201')],
  ])('allows %s at sensitivity 70', (_name, req) => {
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).toBe('allow');
  });
});

describe('WAF SQLi: statement fragments and set operations', () => {
  it.each([
    ["a stacked SELECT after a quote (';SELECT)", post(undefined, "';SELECT P\n")],
    ['EXCEPT SELECT', get('/x?var=except%20select.1,2')],
    ['EXCEPT VALUES', get('/x?var=except%20values(1,2)')],
    ['a value that starts FROM t WHERE', post(undefined, 'FROM ack_variable WHERE name="cron_last";')],
    ['a value that starts HAVING', get('/x?var=%20HAVING%20COUNT(CustomerID)%20%3E%205')],
    ['ALTER TABLE … ADD', post(undefined, 'ALTER TABLE `t` ADD `video` TEXT CHARACTER SET latin1\n')],
    ['SELECT (CASE', post(undefined, 'SELECT (CASE')],
    [
      'the count(*), concat( double query',
      get('/x?id=1%20and%20(select%201%20from(select%20count(*),concat(0x3a,user())x)'),
    ],
    ['a PostgreSQL large-object read', get('/index.php?id=lo_get(16400)')],
    ['an identity value cast to int', get('/index.php?id=1%2bcurrent_user::int')],
    ['a glued COLLATE', form("var=user'collate`nocase`--")],
    ['a postfix NOTNULL then a comment', form("email=' notnull --")],
  ])('detects %s at sensitivity 70', (_name, req) => {
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).not.toBe('allow');
    expect(decision.threatType).toBe('sql_injection');
  });

  it.each([
    ['prose with "except select"', json({ text: 'All members except select guests may vote.' })],
    ['prose that starts with "from"', json({ text: 'from the river where we swam' })],
    ['a C++ type name with ::int', json({ text: 'use boost::int8_t or std::int32_t here' })],
  ])('allows %s at sensitivity 70', (_name, req) => {
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).toBe('allow');
  });
});

describe('WAF SQLi: plain comments are ignored as the database ignores them', () => {
  it('blocks DROP/*x*/TABLE after a semicolon', () => {
    // Act
    const decision = inspectRequest(balanced, get('/x?test=;DROP%2F%2Atest%2A%2FTABLE%20test;'));
    // Assess
    expect(decision.action).toBe('block');
    expect(decision.ruleIds).toContain('SQLI-130');
  });

  it('allows an injection that sits entirely inside a comment', () => {
    // Act
    const decision = inspectRequest(
      balanced,
      get('/x?test=%2F%2A%27%3BINSERT%20INTO%20category%28id%29%20VALUES%20%283%29--%20-%2A%2F'),
    );
    // Assess
    expect(decision.action).toBe('allow');
  });

  it('still reads a MySQL executable comment /*!50000UNION*/', () => {
    // Act
    const decision = inspectRequest(balanced, get('/items?id=1%20/*!50000UNION*/%20/*!50000SELECT*/%201,2'));
    // Assess
    expect(decision.ruleIds).toContain('SQLI-100');
  });
});

describe('WAF SQLi: a whole form percent-encoded once more, sent without a content type', () => {
  it('inspects the decoded pairs and detects a WHERE fragment in them', () => {
    // Prepare
    const req = post(undefined, 'pay%3DAND+deleted+%3D+0%29');
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).not.toBe('allow');
    expect(decision.matches.some((m) => m.location === 'body.form:pay')).toBe(true);
  });

  it('allows an ordinary encoded form sent the same way', () => {
    // Prepare
    const req = post(undefined, 'q%3Dred+shoes%26page%3D2');
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).toBe('allow');
  });
});

describe('WAF SQLi: negated and deeply parenthesised numeric conditions', () => {
  it.each([
    ['OR NOT 1234=1234', get('/q?id=1%20OR%20NOT%201234%3D1234')],
    ['1)) OR ((1=1', get('/q?id=1))%20OR%20((1%3D1')],
  ])('blocks %s at sensitivity 70', (_name, req) => {
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).toBe('block');
  });

  it('allows prose about backing a database up to disk', () => {
    // Act
    const decision = inspectRequest(balanced, json({ text: 'We backup database files to disk every night.' }));
    // Assess
    expect(decision.action).toBe('allow');
  });
});

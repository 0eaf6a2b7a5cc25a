import { describe, expect, it } from 'vitest';
import type { EdgeRequest } from '../../../lambdas/core/edge-request.ts';
import { inspectRequest } from '../../../lambdas/core/waf/index.ts';
import { form, get, json, post, waf } from './helpers.ts';

const balanced = waf();

function decide(req: EdgeRequest) {
  return inspectRequest(balanced, req);
}

describe('WAF SQLi: a value that is only a function opener (SQLI-145/146, CRS 942410 at PL2)', () => {
  it.each([
    ['count(', form('q=count(')],
    ['CAST( in an untyped body', post(undefined, 'CAST(')],
    ['an escaped parenthesis after IF', form('q=if%5C(')],
    ['punctuation between the name and the parenthesis', form('q=date%5D%3D(')],
    ['a boolean operator between the name and the parenthesis', form('q=length%7C%7C(')],
    ['an identity function with a query mark before it', form('q=user%2F%3F(')],
    ['a comment between IN and its parenthesis', form('q=IN/**/(')],
  ])('challenges or blocks %s at sensitivity 70', (_name, req) => {
    // Act
    const decision = decide(req);
    // Assess
    expect(decision.action).not.toBe('allow');
    expect(decision.threatType).toBe('sql_injection');
  });

  it.each([
    ['a search that mentions count( inside prose', get('/search?q=how%20does%20count(%20work%20in%20sql')],
    ['a function name followed by a closed argument list', get('/search?q=count(items)')],
    ['a word that only starts like a function', get('/search?q=index(')],
  ])('allows %s', (_name, req) => {
    // Act
    const decision = decide(req);
    // Assess
    expect(decision.action).toBe('allow');
  });
});

describe('WAF SQLi: lone SQL operators and IN lists (SQLI-147/148/149, CRS 942120)', () => {
  it.each([
    ['the null-safe equality <=>', form('op=%3C%3D%3E')],
    ['XOR', form('op=XOR')],
    ['IS NULL', form('op=IS%20NULL')],
    ['a numeric IN list', form('id=in%20(0,1)')],
    ['a NOT IN list with a trailing newline', post(undefined, ' IN (815914, 815913)\n')],
    ['a boolean AND', form('op=%26%26')],
    ["a LIKE '%' wildcard", get("/search?q=%20like%20'%25'")],
  ])('flags %s at sensitivity 70', (_name, req) => {
    // Act
    const decision = decide(req);
    // Assess
    expect(decision.action).not.toBe('allow');
  });

  it.each([
    ['a comparison a filter UI sends (>=)', get('/items?op=%3E%3D')],
    ['prose with IN and a parenthesised year', get('/search?q=published%20in%20(2015)')],
    ['IN with words in the list', get('/search?q=in%20(the%20box)')],
  ])('allows %s at sensitivity 70', (_name, req) => {
    // Act
    const decision = decide(req);
    // Assess
    expect(decision.action).toBe('allow');
  });
});

describe('WAF SQLi: boolean fragments with code-style comparisons (SQLI-117, SQLI-171)', () => {
  it.each([
    ['|| x == quote', form("pay=%7C%7C%20langCode%20%3D%3D%20'")],
    ['&&(x=!0)', form('pay=%26%26(l%3D!0)')],
    ['&&(x!==', form('pay=%26%26(d!%3D%3D')],
    ['OR with a JS-style constant comparison closing the quote', form("pay=or%204975%3D%3D4975'")],
  ])('flags %s at sensitivity 70', (_name, req) => {
    // Act
    const decision = decide(req);
    // Assess
    expect(decision.action).not.toBe('allow');
    expect(decision.threatType).toBe('sql_injection');
  });

  it('allows JavaScript in a documentation field', () => {
    // Prepare
    const req = json({ body: 'if (a === b || c !== d) { run() }' });
    // Act
    const decision = decide(req);
    // Assess
    expect(decision.action).toBe('allow');
  });
});

describe('WAF SQLi: sub-selects, stacked statements, user variables (SQLI-154, SQLI-137)', () => {
  it.each([
    ['a user variable assigned a sub-select', form('var=%20%40.%3D%20(%20SELECT')],
    ['a value that is only an opened sub-select', form('name=(select')],
    ['a value that opens with ;update', form('pay=%3Bupdate%20users')],
    ['SET @variable as the value', form('pay=%20SET%20%40OLD_SQL_NOTES')],
    ['SET @v := @@version', get('/x?q=set%20%40v%20%3A%3D%20%40%40version')],
  ])('flags %s at sensitivity 70', (_name, req) => {
    // Act
    const decision = decide(req);
    // Assess
    expect(decision.action).not.toBe('allow');
    expect(decision.threatType).toBe('sql_injection');
  });

  it.each([
    ['npm config set @scope:registry', json({ body: 'npm config set @myco:registry=https://npm.example.com' })],
    ['a mention of a handle after "set"', get('/search?q=please%20set%20%40john%20as%20owner')],
  ])('allows %s', (_name, req) => {
    // Act
    const decision = decide(req);
    // Assess
    expect(decision.action).toBe('allow');
  });
});

describe('WAF SQLi: comments as whitespace and truncating comments (SQLI-155, SQLI-120)', () => {
  it.each([
    ['SELECT/*…*/ … /**/FROM', form('test=SELECT/*avoid-spaces*/password/**/FROM/**/Members')],
    ['a MySQL version comment', form('test=SELECT%20/*!32302%201/0,%20*/%201%20FROM%20tablename')],
    ['a statement closed by ;--', get('/x?var=DROP%20sampletable;--')],
    ['a dangling OR before a comment', form("test=1='1'%20or--%20-")],
    [
      "UNION with '+' for spaces in the path",
      post(undefined, '', { path: "/post/foo/24'union+all+select+1,2,3+from+aa" }),
    ],
  ])('flags %s at sensitivity 70', (_name, req) => {
    // Act
    const decision = decide(req);
    // Assess
    expect(decision.action).not.toBe('allow');
    expect(decision.threatType).toBe('sql_injection');
  });

  it.each([
    ['a glob with ** in a code sample', json({ body: 'files: ["src/**/*.js"], then run the build' })],
    ['a license banner comment', json({ body: '/*! jQuery v3.7.1 | (c) OpenJS Foundation */' })],
    [
      "UNION with '+' in a path and no quote (CRS negative)",
      post(undefined, '', { path: '/post/foo/24+union+all+select+1/bar' }),
    ],
  ])('allows %s', (_name, req) => {
    // Act
    const decision = decide(req);
    // Assess
    expect(decision.action).toBe('allow');
  });
});

describe('WAF SQLi: names of server objects as the whole value (SQLI-142, CRS 942140/942470)', () => {
  it.each([['sp_executesql'], ['UTL_HTTP'], ['OPENROWSET'], ['tempdb'], ['schema_name']])(
    'flags %s at sensitivity 70',
    (name) => {
      // Act
      const decision = decide(form(`pay=${name}`));
      // Assess
      expect(decision.action).not.toBe('allow');
    },
  );

  it('allows a column type name such as varchar', () => {
    // Act
    const decision = decide(json({ type: 'varchar' }));
    // Assess
    expect(decision.action).toBe('allow');
  });
});

describe('WAF SQLi: clause fragments (SQLI-156, SQLI-113)', () => {
  it.each([
    ['a VALUES tuple', form("v=VALUES%20('192.168.0.1',%20'test')")],
    ['CASE WHEN … THEN at the start', get('/x?var=%20case%20when%20condition1%20then%20result1')],
    ['SELECT … HAVING with a comparison', get('/x?var=SELECT%20x%20GROUP%20BY%20a%20HAVING%20COUNT(Id)%20%3E%3D%209')],
    ['a lone ORDER BY', form('sort=ORder%20by')],
    ['a string compared with itself inside a list', form("v='admin',%20'1'='1'")],
    ['a truncated IF on a number', get('/x?var=if(1234%3D')],
  ])('flags %s at sensitivity 70', (_name, req) => {
    // Act
    const decision = decide(req);
    // Assess
    expect(decision.action).not.toBe('allow');
    expect(decision.threatType).toBe('sql_injection');
  });

  it.each([
    ['prose with "in case when … then"', get('/search?q=in%20case%20when%20it%20fails%20then%20retry')],
    ['code comparing two quoted strings with ==', json({ body: "if ('a' == 'a') { ok() }" })],
  ])('allows %s', (_name, req) => {
    // Act
    const decision = decide(req);
    // Assess
    expect(decision.action).toBe('allow');
  });
});

describe('WAF SQLi: typographic quotes read as ASCII quotes in the SQL view', () => {
  it.each([
    ['curly quotes around a tautology', json({ file: '’ or ‘1’=’1' })],
    ['primes and a trailing en dash for --', get("/search?view=1%E2%80%B2)%20and%20'1%E2%80%B2='1%E2%80%93")],
    ['acute accents as quotes', form('id=1%C2%B4%20OR%20%C2%B41%C2%B4=%C2%B4x%C2%B4%23;--()')],
  ])('flags %s at sensitivity 70', (_name, req) => {
    // Act
    const decision = decide(req);
    // Assess
    expect(decision.action).not.toBe('allow');
    expect(decision.threatType).toBe('sql_injection');
  });

  it.each([
    [
      'apostrophes inside words and an en dash in a sentence',
      json({ body: 'What’s new – it’s faster, and you’re done' }),
    ],
    ['curly double quotes around a phrase', json({ body: 'A “Least Recently Used” cache – or an LRU' })],
    ['an en dash in a range', get('/search?q=pages%2010%E2%80%9320')],
  ])('allows %s', (_name, req) => {
    // Act
    const decision = decide(req);
    // Assess
    expect(decision.action).toBe('allow');
  });
});

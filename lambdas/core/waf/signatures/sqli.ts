import { regexSignature } from '../signature.ts';
import type { Signature } from '../types.ts';

/*
 * SQL injection (CRS family 942). A lone apostrophe or the word "select" is ordinary prose, so every
 * level-1/2 signature needs SQL structure: a string or number break-out followed by boolean logic, a
 * comment that truncates the query, a set operation, a stacked statement, or a function that only an
 * attacker calls. All patterns read the SQL view (lower-case, comments as spaces, single spaces).
 */

const BREAKOUT = String.raw`(?:['"]|\b\d{1,20})\)?\)? ?`;
const LOGIC = String.raw`(?:or|and|xor|div|\|\||&&)`;
const SYMBOLIC_COMPARE = '(?:=|<=?>?|>=?|!=)';
const WORD_COMPARE = String.raw`(?:\blike\b|\brlike\b|\bregexp\b|\bsounds like\b|\bis\b|\bbetween\b|\bin ?\()`;
/** A quoted string or number: the operand shapes that make a word comparison look like SQL. */
const LITERAL = String.raw`(?:['"][^'"]{0,40}['"]?|-?\d{1,20}(?:\.\d{1,10})?|true|false|null)`;
const OPERAND = String.raw`(?:['"][^'"]{0,40}['"]?|-?\d{1,20}(?:\.\d{1,10})?|true|false|null|[a-z_@][\w.@$]{0,40})`;
const DANGEROUS_FUNCTIONS = String.raw`(?:sleep|benchmark|pg_sleep|load_file|extractvalue|updatexml|exp|floor|rand|geometrycollection|multipoint|polygon|linestring|name_const|json_keys|sys_eval|sys_exec|xp_cmdshell|sp_oacreate|sp_executesql|sp_makewebtask|utl_inaddr\.get_host_address|utl_http\.request|dbms_pipe\.receive_message|dbms_lock\.sleep|dbms_xmlgen\.getxml|ctxsys\.drithsx\.sn|randomblob|load_extension|make_set|elt|char|chr|ascii|ord|substring|substr|mid|hex|unhex|concat|concat_ws|group_concat|version|database|user|current_user|system_user|session_user|schema|if|ifnull|iif|case|cast|convert|count|length|len|bin|conv|instr|locate|position|md5|sha1|unicode|nchar|db_name|is_srvrolemember|has_dbaccess|waitfor|row)`;

export const SQLI_SIGNATURES: readonly Signature[] = [
  regexSignature({
    id: 'SQLI-100',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description: 'UNION [ALL] SELECT set operation',
    view: 'sql',
    anyOf: ['select'],
    pattern: /\bunion(?: ?(?:all|distinct|distinctrow)\b)?[ (]{0,10}select\b/,
  }),
  regexSignature({
    id: 'SQLI-110',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description: 'String or number break-out followed by a boolean comparison (tautology)',
    view: 'sql',
    anyOf: ["'", '"'],
    pattern: new RegExp(
      `['"]\\)?\\)? ?${LOGIC} ?\\(? ?(?:${OPERAND} ?\\)? ?${SYMBOLIC_COMPARE}|${LITERAL} ?\\)? ?${WORD_COMPARE})|\\b\\d{1,20}\\)?\\)? ?${LOGIC} ?\\(? ?${LITERAL} ?\\)? ?(?:${SYMBOLIC_COMPARE}|${WORD_COMPARE})`,
    ),
  }),
  regexSignature({
    id: 'SQLI-111',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description: 'Quote break-out followed by boolean logic and a truncating comment or end of input',
    view: 'sql',
    anyOf: ["'", '"'],
    pattern: new RegExp(`['"]\\)? ?${LOGIC} ?\\(? ?${OPERAND} ?\\)? ?(?:--|#|/\\*|;|$)`),
  }),
  regexSignature({
    id: 'SQLI-112',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description: 'Boolean logic on a function an injection uses (sleep, substring, ascii, …)',
    view: 'sql',
    anyOf: ['('],
    pattern: new RegExp(`${BREAKOUT}${LOGIC} ?\\(? ?(?:not ?)?${DANGEROUS_FUNCTIONS} ?\\(`),
  }),
  regexSignature({
    id: 'SQLI-120',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description: 'Quote break-out ended by a comment that truncates the rest of the query',
    view: 'text',
    anyOf: ["'", '"'],
    pattern: /['"]\)?\)?\s{0,10}(?:--(?:\s|[-+]|$)|#(?:\s|$)|\/\*|;\s{0,10}(?:--|#|$))/,
  }),
  regexSignature({
    id: 'SQLI-130',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description: 'Stacked query: a statement after a semicolon',
    view: 'sql',
    anyOf: [';'],
    pattern:
      /; ?(?:drop (?:table|database|user|view|procedure|function)|delete from|insert into|update [\w.`"[\]]{1,64} set|select\b.{0,120}\bfrom\b|select (?:\d|@@|\*|null|sleep|pg_sleep|benchmark|version|user|case|if)|exec(?:ute)? (?:master|xp_|sp_|sys\.|\()|declare @|create (?:table|user|function|procedure|database)|alter (?:table|user|database)|truncate table|shutdown(?: with nowait)?\s?(?:--|#|;|$)|waitfor (?:delay|time)|grant |revoke |load data|set @|call \w|copy \w{1,64} (?:from|to) )/,
  }),
  regexSignature({
    id: 'SQLI-131',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 2,
    severity: 5,
    description: 'Complete SQL statement (DROP TABLE, INSERT INTO … VALUES, DELETE FROM … WHERE, UPDATE … SET)',
    view: 'sql',
    anyOf: ['drop ', 'insert ', 'delete ', 'update ', 'truncate ', 'create '],
    pattern:
      /\b(?:drop (?:table|database) [\w.`"[\]]{1,64}|insert into [\w.`"[\]]{1,64} ?(?:\([^)]{0,200}\) ?)?(?:values|select)\b|delete from [\w.`"[\]]{1,64} where|update [\w.`"[\]]{1,64} set [\w.`"[\]]{1,64} ?=|truncate table [\w.`"[\]]{1,64}|create (?:table|user) [\w.`"[\]]{1,64})/,
  }),
  regexSignature({
    id: 'SQLI-140',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description: 'Time-based blind probe (SLEEP, BENCHMARK, PG_SLEEP, WAITFOR DELAY, DBMS_LOCK.SLEEP)',
    view: 'sql',
    anyOf: ['sleep', 'benchmark', 'dbms_', 'waitfor'],
    pattern:
      /(?<![\w.$])(?:sleep ?\( ?[\d'"(@]|benchmark ?\( ?\d|pg_sleep ?\( ?[\d'"(]|dbms_lock\.sleep ?\(|dbms_pipe\.receive_message ?\()|\bwaitfor (?:delay|time) ?['"\d]/,
  }),
  regexSignature({
    id: 'SQLI-141',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description: 'Error-based or out-of-band extraction functions and system catalogues',
    view: 'sql',
    anyOf: [
      'xp_',
      'sp_',
      'extractvalue',
      'updatexml',
      'load_file',
      'utl_',
      'dbms_',
      'ctxsys',
      'name_const',
      'load_extension',
      'randomblob',
      'information_schema',
      'mysql.user',
      'sys',
      'pg_',
      'all_tab',
      'user_tables',
      'sqlite_master',
      'msys',
      '@@',
      'into ',
      'procedure',
    ],
    pattern:
      /(?<![\w.$])(?:master\.\.)?(?:xp_cmdshell|xp_dirtree|xp_regread|sp_oacreate|sp_makewebtask)\b|(?<![\w.$])(?:extractvalue|updatexml|load_file|utl_inaddr\.get_host_address|utl_http\.request|dbms_xmlgen\.getxml|ctxsys\.drithsx\.sn|xp_cmdshell|xp_dirtree|xp_regread|sp_oacreate|sp_makewebtask|sys_eval|sys_exec|name_const|load_extension|randomblob) ?\(|\binformation_schema\b|\b(?:mysql\.user|sysobjects|syscolumns|sysusers|pg_shadow|pg_user|pg_catalog|all_tables|user_tables|all_tab_columns|sqlite_master|msysobjects|msysaccessobjects|sys\.(?:tables|objects|columns|databases|sql_logins))\b|@@(?:version|datadir|hostname|basedir|servername|tmpdir|identity)\b|\binto (?:out|dump)file\b|\bprocedure analyse\b/,
  }),
  regexSignature({
    id: 'SQLI-150',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description: 'Quote or parenthesis break-out followed by a sub-select or set operation',
    view: 'sql',
    anyOf: ['select'],
    pattern:
      /(?:['"]|\d)\)? ?(?:\)|;|\|\||&&|\+|,|-|\(|\band\b|\bor\b|\bwhere\b|\bhaving\b|\bunion(?: all)?\b) ?\(* ?select\b ?(?:\*|@@|null\b|\d|['"(]|[\w.]{1,64} ?(?:\(|,|from\b))/,
  }),
  regexSignature({
    id: 'SQLI-151',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 4,
    description: 'SELECT with a SQL projection (*, @@var, NULL, function call, column list) and FROM',
    view: 'sql',
    anyOf: ['select'],
    pattern:
      /\bselect (?:distinct |top \d{1,9} )?(?:\*|@@\w|null ?,|\d{1,9} ?,|(?:count|concat|group_concat|char|version|user|database|schema|ascii|substring|substr|hex|unhex|cast|convert) ?\()[^;]{0,200}?\bfrom\b/,
  }),
  regexSignature({
    id: 'SQLI-152',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 2,
    severity: 4,
    description: 'SELECT … FROM … WHERE statement shape',
    view: 'sql',
    anyOf: ['select'],
    pattern:
      /\bselect [\w*,.() `"@]{1,200}? from [\w.`"[\]]{1,64}(?: [\w]{1,30})? (?:where|limit|order by|group by|union)\b/,
  }),
  regexSignature({
    id: 'SQLI-160',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description: 'ORDER BY / GROUP BY column probing after a break-out',
    view: 'sql',
    anyOf: [' by '],
    pattern:
      /(?:['"]|\d)\)? (?:order|group) by \d{1,4}\b ?(?:--|#|\/\*|;|,|asc|desc|$)|^ ?\)? ?(?:order|group) by \d{1,4} ?(?:--|#|;|$)/,
  }),
  regexSignature({
    id: 'SQLI-170',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description: 'Numeric tautology such as OR 1=1 or AND 2>1',
    view: 'sql',
    anyOf: ['or', 'and', 'having', 'where', 'when'],
    pattern:
      /\b(?:or|and|xor|having|where|when)\b ?\(? ?(?:(['"]?)(\d{1,10}|[a-z])\1 ?\)? ?(?:=|<=>|like|is) ?\(? ?\1\2\1(?!\w)|\d{1,10} ?(?:[<>]|!=|<>) ?\d{1,10}(?!\w)|(?:true|not ?false) ?(?:--|#|;|\)|$)|\d{1,10} ?= ?\d{1,10} ?(?:--|#|;|$))/,
  }),
  regexSignature({
    id: 'SQLI-171',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description:
      'Boolean operator on a numeric comparison closing a condition (AND 2771=1709), even glued to the value',
    view: 'sql',
    anyOf: ['or', 'and'],
    pattern:
      /(?:\b|\d|[a-z])(?:or|and|xor) ?\(? ?(?:\d{1,10} ?(?:=|!=|<>|<=>) ?\d{1,10} ?(?:\)|=|--|#|;|$)|(\d{1,10}) ?= ?\(? ?\1(?![\w.]))/,
  }),
  regexSignature({
    id: 'SQLI-175',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 4,
    description: "PostgreSQL cast or JSON operator after a string or sub-expression ('…'::jsonb, )::int, '{…}' @> '…')",
    view: 'sql',
    anyOf: ['::', '@>', '<@'],
    pattern:
      /['")]::(?:jsonb?|int[248]?|integer|bigint|smallint|text|varchar|bool(?:ean)?|numeric|double precision|regclass|oid|bytea)\b|\w\)::(?:int|text|bool)|['"] ?(?:@>|<@) ?['"]/,
  }),
  regexSignature({
    id: 'SQLI-200',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description: 'NoSQL (MongoDB) query operator injected through a parameter or JSON key ([$ne], {"$where": …})',
    view: 'text',
    anyOf: ['$'],
    kinds: ['arg', 'arg-name', 'cookie'],
    pattern:
      /\[ ?\$(?:ne|eq|gt|gte|lt|lte|in|nin|regex|where|exists|not|nor|or|and|elemmatch|expr|text|size|all|type|mod|function|accumulator)\b ?\]|^\$(?:ne|gt|gte|lt|lte|nin|regex|where|exists|not|nor|or|and|elemmatch|expr|text|function|accumulator)$/,
  }),
  regexSignature({
    id: 'SQLI-180',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 4,
    description: 'String concatenation with CHAR()/CHR()/0x literals used to smuggle quotes',
    view: 'sql',
    anyOf: ['('],
    pattern:
      /\b(?:char|chr|nchar) ?\( ?\d{1,3} ?(?:, ?\d{1,3} ?){0,30}\) ?(?:\+|\|\||,|\)|;|$)|\b(?:concat|concat_ws|group_concat) ?\( ?(?:0x[0-9a-f]{2,}|char ?\(|['"][^'"]{0,20}['"] ?,)/,
  }),
  regexSignature({
    id: 'SQLI-190',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 2,
    severity: 4,
    description: 'Quote break-out followed by a SQL keyword and operator',
    view: 'sql',
    anyOf: ["'", '"'],
    pattern:
      /['"]\)? ?(?:;|\|\||&&|\+|\|)? ?(?:union (?:all )?select|select .{0,40}\bfrom\b|insert into|delete from|drop table|update [\w.]{1,40} set|exec(?:ute)? |declare @|waitfor delay|having \d|(?:order|group) by \w{1,30} ?(?:--|#|$)|limit \d{1,9} ?(?:--|#|$)|procedure analyse|into (?:out|dump)file|where [\w.]{1,40} ?=)/,
  }),
  regexSignature({
    id: 'SQLI-191',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 2,
    severity: 4,
    description: 'Break-out followed by an arithmetic or bitwise operator on a sub-expression',
    view: 'sql',
    anyOf: ["'", '"'],
    pattern:
      /['"] ?(?:\|\||&&|\^|\*|\/|%|\||&|\+|-|<<|>>) ?\(? ?(?:select|sleep|benchmark|if|case|ascii|char|substr|substring|mid|ord|length|extractvalue|updatexml) ?\(/,
  }),
  regexSignature({
    id: 'SQLI-195',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 3,
    severity: 3,
    description: 'A SQL keyword pair commonly found in injections (e.g. SELECT … FROM, OR/AND with quotes)',
    view: 'sql',
    anyOf: ['select', "'", '"', 'exec', 'order by'],
    pattern: /\bselect\b.{1,100}?\bfrom\b|['"] ?(?:or|and) ['"]?\w|\bexec(?:ute)? ?\(|\border by\b.{0,40}(?:--|#)/,
  }),
  regexSignature({
    id: 'SQLI-196',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 4,
    severity: 2,
    description: 'SQL meta-characters: a quote next to a comment marker, semicolon or parenthesis',
    view: 'sql',
    anyOf: ["'", '"'],
    pattern: /['"](?: ?--|;|\)|#)|(?:--|#) ?['"]/,
  }),
];

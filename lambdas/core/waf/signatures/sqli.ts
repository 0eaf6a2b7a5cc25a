import { followedBy, literalAlternatives, regexSignature } from '../signature.ts';
import type { Signature } from '../types.ts';

/*
 * SQL injection (CRS family 942). A lone apostrophe or the word "select" is ordinary prose, so every
 * level-1/2 signature needs SQL structure: a string or number break-out followed by boolean logic, a
 * comment that truncates the query, a set operation, a stacked statement, or a function that only an
 * attacker calls. All patterns read the SQL view (lower-case, comments as spaces, single spaces).
 */

/** A string or number closed, then up to three parentheses (sqlmap's boundaries), as in `1%'))) `. */
const BREAKOUT = String.raw`(?:['"](?: in boolean mode)?|\b\d{1,20})\){0,3} ?`;
const LOGIC = String.raw`(?:or|and|xor|div|\|\||&&)`;
/** LOGIC's operators as keyword-gate fragments. */
const BOOLEAN_OPERATORS = ['or', 'and', 'xor', 'div', '||', '&&'];
const SYMBOLIC_COMPARE = '(?:=|<=?>?|>=?|!=)';
const WORD_COMPARE = String.raw`(?:\blike\b|\brlike\b|\bregexp\b|\bsounds like\b|\bis\b|\bbetween\b|\bin ?\()`;
/** SYMBOLIC_COMPARE and WORD_COMPARE as keyword-gate fragments. */
const COMPARISON_FRAGMENTS = ['=', '<', '>', 'like', 'regexp', 'is', 'between', 'in'];
/** A quoted string or number: the operand shapes that make a word comparison look like SQL. */
const LITERAL = String.raw`(?:['"][^'"]{0,40}['"]?|-?\d{1,20}(?:\.\d{1,10})?|true|false|null)`;
const OPERAND = String.raw`(?:['"][^'"]{0,40}['"]?|\$\w{0,10}\$[^$'"]{0,40}(?:\$\w{0,10}\$)?|-?\d{1,20}(?:\.\d{1,10})?|true|false|null|[a-z_@](?:[\w@$]|\.(?=\w)){0,40})`;
/** Operators that end a condition before a truncating comment: `id is not null--`, `email ilike email--`. */
const TRAILING_CONDITION = String.raw`(?:is (?:not )?null|notnull|isnull|(?:not )?(?:i?like|glob|r?like|regexp|similar to|sounds like|between)|is(?: not)?|collate|!=|<>|<=>|[-+*/%^&|<>=])`;
const DANGEROUS_FUNCTIONS = String.raw`(?:sleep|benchmark|pg_sleep|load_file|extractvalue|updatexml|exp|floor|rand|geometrycollection|multipoint|polygon|linestring|name_const|json_keys|sys_eval|sys_exec|xp_cmdshell|sp_oacreate|sp_executesql|sp_makewebtask|utl_inaddr\.get_host_address|utl_http\.request|dbms_pipe\.receive_message|dbms_lock\.sleep|dbms_xmlgen\.getxml|ctxsys\.drithsx\.sn|randomblob|load_extension|make_set|elt|char|chr|ascii|ord|substring|substr|mid|hex|unhex|concat|concat_ws|group_concat|version|database|user|current_user|system_user|session_user|schema|if|ifnull|iif|case|cast|convert|count|length|len|bin|conv|instr|locate|position|md5|sha1|unicode|nchar|db_name|is_srvrolemember|has_dbaccess|waitfor|row|json_valid|json_extract|likelihood|likely|unlikely|json|glob|printf|typeof|sqlite_compileoption_used|sqlite_compileoption_get|sqlite_version|zeroblob|lo_get|lo_import|pg_read_file|current_setting|query_to_xml|greatest|least|sysdate|suser_name|suser_sname|host_name|user_name|app_name|serverproperty|is_member|gtid_subset|gtid_subtract|st_latfromgeohash|st_longfromgeohash|st_pointfromgeohash|connection_id|row_count|found_rows|last_insert_id|uuid|uuid_short|current_database|pg_backend_pid|h2version|currentuser|currentdatabase|sleepeachrow|dbinfo|isnull)`;

/** Two integer literals compared: always true or always false, so only a probe writes it. */
const CONSTANT_COMPARISON = String.raw`-?\d{1,10} ?(?:=|<>|!=|<=>|[<>]=?) ?-?\d{1,10}`;
/** Functions whose bare call opener is an injection probe (identity, timing, string smuggling, error-based). */
const PROBE_FUNCTIONS = String.raw`(?:benchmark|sleep|pg_sleep|database|db_name|current_user|session_user|system_user|user|version|schema|concat|concat_ws|group_concat|make_set|elt|unhex|hex|md5|substr|substring|mid|ord|ascii|char|chr|ifnull|iif|coalesce|compress|uncompress|xmltype|sysdate|strcmp|load_file|extractvalue|updatexml|find_in_set|sqlite_version|pg_read_file)`;
/** Ordinary SQL functions: their bare opener is weak evidence (a search for "count(" is possible). */
const COMMON_FUNCTIONS = String.raw`(?:abs|acos|asin|atan|atan2|avg|cast|ceil|ceiling|char_length|convert|cot|count|date|datediff|dayname|degrees|exp|field|floor|format|hour|if|in|instr|lcase|ucase|length|ln|locate|log|log10|log2|lpad|rpad|max|min|mod|now|nullif|password|pi|pow|power|quote|radians|rand|random|repeat|replace|reverse|round|second|sign|sin|cos|tan|soundex|space|sqrt|sum|time|upper|lower|left|right|trim|rtrim|ltrim|values|decode|encode|default|minute|month|week|year|day|quarter|insert|exists)`;
/**
 * Between a function name and its parenthesis, what CRS 942410 allows (`[^\w]*?`): spaces, an escaped
 * parenthesis (`if\(`) and the punctuation fuzzers put there (`date]=(`, `length||(`, `user/?(`).
 */
const CALL_GAP = String.raw`[^\w(]{0,6}`;

/** `union` with `union` inserted at every inner position (un+union+ion, …): what a filter that strips once leaves as `union`. */
const NESTED_KEYWORDS = [
  'union',
  'select',
  'from',
  'where',
  'and',
  'or',
  'insert',
  'update',
  'delete',
  'sleep',
  'concat',
].flatMap((word) => [...word].slice(1).map((_, i) => word.slice(0, i + 1) + word + word.slice(i + 1)));

export const SQLI_SIGNATURES: readonly Signature[] = [
  regexSignature({
    id: 'SQLI-100',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description:
      'UNION [ALL] SELECT set operation (or EXCEPT / INTERSECT with a SQL projection), also glued to a number MySQL ends early (1e0union, 1.union, \\Nunion)',
    view: 'sql',
    anyOf: ['select', 'values'],
    pattern:
      /(?:\b|(?<=\d(?:e\d{0,3}|\.)|\\n))union(?: ?(?:all|distinct|distinctrow)\b)?[ (]{0,10}select\b|['"]\+?union\+(?:(?:all|distinct)\+)?select\b|\b(?:except|intersect)(?: all)? ?\(? ?(?:select ?[\d(*.@'"]|values ?\()|(?:\d|['"])\)? union(?: all)? values ?\( ?[\d'"n]/,
  }),
  regexSignature({
    id: 'SQLI-101',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description:
      'UNION or SELECT split by an empty comment (UNI/**/ON SEL/**/ECT): aimed at filters that strip comments before matching',
    view: 'text',
    anyOf: ['/**/'],
    pattern:
      /\bu(?:\/\*\*\/nion|n\/\*\*\/ion|ni\/\*\*\/on|nio\/\*\*\/n)\b|\bs(?:\/\*\*\/elect|e\/\*\*\/lect|el\/\*\*\/ect|ele\/\*\*\/ct|elec\/\*\*\/t)\b/,
  }),
  regexSignature({
    id: 'SQLI-102',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description:
      "SQL keyword with a percent sign before every letter (%S%E%L%E%C%T): sqlmap's `percentage` tamper, which ASP drops",
    view: 'text',
    anyOf: ['%s%e', '%u%n', '%f%r', '%w%h', '%i%n', '%u%p', '%d%e', '%d%r', '%e%x', '%a%n', '%o%r'],
    pattern:
      /%s%e%l%e%c%t|%u%n%i%o%n|%f%r%o%m|%w%h%e%r%e|%i%n%s%e%r%t|%u%p%d%a%t%e|%d%e%l%e%t%e|%d%r%o%p|%e%x%e%c|%a%n%d ?\d|%o%r ?\d/,
  }),
  regexSignature({
    id: 'SQLI-103',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description:
      "UNION [ALL|DISTINCT] SELECT joined by literal plus signs (-1+union+select+1,2): a form-encoded payload pasted once more, as payload lists carry it (a path's plus is literal, so not there)",
    view: 'sql',
    anyOf: ['union+'],
    kinds: ['arg', 'arg-name', 'body', 'header', 'cookie'],
    pattern: /(?:^|[\s+\d'")])union\+(?:(?:all|distinct|distinctrow)\+)?select[+ (]/,
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
    allOf: [BOOLEAN_OPERATORS, COMPARISON_FRAGMENTS],
    pattern: new RegExp(
      `['"]\\){0,3} ?${LOGIC} ?\\({0,3} ?(?:${OPERAND} ?\\){0,3} ?${SYMBOLIC_COMPARE}|${LITERAL} ?\\){0,3} ?${WORD_COMPARE})|['"]\\){0,3} ?${LOGIC} ?\\(? ?[a-z_][\\w.]{0,40} ?(?:not )?i?like ?['"]%|\\b\\d{1,20}\\){0,3} ?${LOGIC} ?\\({0,3} ?${LITERAL} ?\\){0,3} ?(?:${SYMBOLIC_COMPARE}|${WORD_COMPARE})`,
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
    allOf: [BOOLEAN_OPERATORS],
    pattern: new RegExp(
      `['"]\\){0,3} ?${LOGIC} ?\\({0,3} ?(?:not )?${OPERAND} ?\\){0,3} ?(?:--|#|/\\*|;|$|${TRAILING_CONDITION} ?\\(? ?(?:${OPERAND})? ?\\??\\){0,3} ?(?:--|#|; ?(?:--|#|$)))`,
    ),
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
    allOf: [BOOLEAN_OPERATORS, followedBy(literalAlternatives(DANGEROUS_FUNCTIONS), ['(', ' ('])],
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
    allOf: [['--', '#', '/*', ';']],
    pattern:
      /['"]\){0,3}\s{0,10}(?:(?:or|and|xor|\|\||&&)\s{0,5})?(?:--(?:\s|[-+]|$)|#(?:\s|$)|\/\*|;\s{0,10}(?:--|#|$)|collate\s{0,5}`?(?:nocase|binary|rtrim|utf8\w{0,30}|latin1\w{0,30}|\w{1,30}_(?:ci|cs|bin))`?\s{0,5}(?:--|#))/,
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
    allOf: [
      [
        'drop ',
        'delete ',
        'insert ',
        'update ',
        'select',
        'exec',
        'declare ',
        'create ',
        'alter ',
        'truncate ',
        'shutdown',
        'waitfor ',
        'grant ',
        'revoke ',
        'load data',
        'set @',
        'call ',
        'copy ',
        'attach ',
        'prepare ',
      ],
    ],
    pattern:
      /; ?(?:drop (?:table|database|user|view|procedure|function)|delete from|insert into|update [\w.`"[\]]{1,64} set|select\b.{0,120}\bfrom\b|select (?:\d|@@|\*|null|sleep|pg_sleep|benchmark|version|user|case|if)|exec(?:ute)? (?:master|xp_|sp_|sys\.|\()|declare @|create (?:or replace )?(?:table|user|function|procedure|database|trigger)|attach database |prepare \w{1,64} from |alter (?:table|user|database)|truncate table|shutdown(?: with nowait)?\s?(?:--|#|;|$)|waitfor (?:delay|time)|grant |revoke |load data|set @@?\w|call \w|copy \w{1,64} (?:from|to) |copy ?\( ?select\b)/,
  }),
  regexSignature({
    id: 'SQLI-132',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description:
      'A value that is a SELECT of a server variable or identity function (select version();, select @@version)',
    view: 'sql',
    anyOf: ['select'],
    pattern:
      /^ ?select (?:@@[\w.]{1,40}|(?:version|user|current_user|session_user|system_user|current_database|database|schema|current_schema|db_name|host_name|suser_name|suser_sname|pg_backend_pid|connection_id|last_insert_id) ?(?:\( ?\))?) ?(?:;|--|#|$)/,
  }),
  regexSignature({
    id: 'SQLI-131',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 2,
    severity: 5,
    description: 'Complete SQL statement (DROP TABLE, INSERT INTO … VALUES, DELETE FROM … WHERE, UPDATE … SET)',
    view: 'sql',
    anyOf: ['drop ', 'insert ', 'delete ', 'update ', 'truncate ', 'create ', 'backup ', 'alter '],
    pattern:
      /\b(?:drop (?:table|database) [\w.`"[\]]{1,64}|insert into [\w.`"[\]]{1,64} ?(?:\([^)]{0,200}\) ?)?(?:values|select)\b|delete from [\w.`"[\]]{1,64} ?(?:where|;|--|#)|backup (?:database|log) [\w.[\]]{1,64} to (?:disk|url|tape) ?= ?n?['"]|alter table [\w.`"[\]]{1,64} (?:add|drop|change|modify|rename|alter) |update [\w.`"[\]]{1,64} set [\w.`"[\]]{1,64} ?=|truncate table [\w.`"[\]]{1,64}|create (?:table|user) [\w.`"[\]]{1,64})/,
  }),
  regexSignature({
    id: 'SQLI-140',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description: 'Time-based blind probe (SLEEP, BENCHMARK, PG_SLEEP, WAITFOR DELAY, DBMS_LOCK.SLEEP)',
    view: 'sql',
    anyOf: ['sleep', 'benchmark', 'dbms_', 'waitfor', 'sysdate'],
    pattern:
      /(?<![\w.$])(?:sys\.)?(?:sleep(?:eachrow)? ?\( ?[\d'"(@]|benchmark ?\( ?\d|pg_sleep ?\( ?[\d'"(]|dbms_lock\.sleep ?\(|user_lock\.sleep ?\(|dbms_pipe\.receive_message ?\()|\bwaitfor (?:delay|time) ?['"\d]|\bnow ?\( ?\) ?= ?sysdate ?\(|\bselect ?\(? ?(?:pg_)?sleep\b/,
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
      'lo_',
      'concat',
      'rand',
      'geohash',
      'gtid_',
      'httpuritype',
      'fn_varbintohexstr',
      'runscript',
      'program',
      'systables',
      'sysmaster',
    ],
    pattern:
      /(?<![\w.$])(?:master\.\.)?(?:xp_cmdshell|xp_dirtree|xp_regread|sp_oacreate|sp_makewebtask)\b|(?<![\w.$])(?:sys\.)?(?:extractvalue|updatexml|load_file|utl_inaddr\.get_host_(?:address|name)|dbms_ldap\.init|utl_tcp\.open_connection|utl_smtp\.open_connection|utl_file\.fopen|dbms_java\.runjava|dbms_xslprocessor\.read2clob|utl_http\.request|dbms_xmlgen\.getxml|ctxsys\.drithsx\.sn|xp_cmdshell|xp_dirtree|xp_regread|sp_oacreate|sp_makewebtask|sys_eval|sys_exec|name_const|load_extension|randomblob|lo_get|lo_import|lo_export|pg_read_file|pg_ls_dir) ?\(|\binformation_schema\b|\b(?:mysql\.user|sysobjects|syscolumns|sysusers|pg_shadow|pg_user|pg_catalog|all_tables|user_tables|all_tab_columns|sqlite_master|msysobjects|msysaccessobjects|systables|sysmaster:\w{1,40}|sys\.(?:tables|objects|columns|databases|sql_logins))\b|@@(?:global\.|session\.)?(?:version(?:_compile_os|_compile_machine|_comment)?|innodb_version|datadir|hostname|basedir|servername|servicename|tmpdir|identity|plugin_dir|secure_file_priv|spid|microsoftversion)\b|\binto (?:out|dump)file\b|\brunscript from ['"]|\bcopy [\w.( ]{1,80}(?:[^;]{0,200}?\))? ?(?:to|from) program ['"]|\bprocedure analyse\b|\bcount ?\( ?\* ?\) ?, ?concat ?\(|\bfloor ?\( ?rand ?\( ?\d{0,3} ?\) ?\* ?2 ?\)|(?<![\w.$])(?:st_(?:lat|long|point)fromgeohash|gtid_subset|gtid_subtract|httpuritype|(?:dbo\.)?fn_varbintohexstr) ?\(/,
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
      /(?:['"]|\d)\){0,3} ?(?:\)|;|\|\||&&|\+|,|-|\(|=|\band\b|\bor\b|\bx?or\b|\br?like\b|\bregexp\b|\bwhere\b|\bhaving\b|\bunion(?: all)?\b|\bin\b|\bexists\b|\b(?:order|group) by\b) ?\(* ?select\b ?(?:(?:first|top|skip) \d{1,9} )?(?:\*|@@|null\b|\d|['"(]|case\b|[\w.]{1,64} ?(?:\(|,|from\b))/,
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
    description: 'SELECT … FROM … WHERE statement shape, or a value that starts with FROM t WHERE/GROUP BY/LIMIT',
    view: 'sql',
    anyOf: ['select', 'from'],
    pattern:
      /\bselect [\w*,.() `"@]{1,200}? from [\w.`"[\]]{1,64}(?: [\w]{1,30})? (?:where|limit|order by|group by|union)\b|^ ?from [\w.`"]{1,64} (?:where [\w.`]{1,40} ?(?:=|<|>|like\b|in ?\()|group by \w|order by \w|limit \d{1,9}\b|limit ?$)/,
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
      /(?:['"](?: in boolean mode)?|\d)\){0,3} (?:order|group) by \d{1,5}\b ?(?:--|#|\/\*|;|,|asc|desc|$)|^ ?\){0,3} ?(?:order|group) by \d{1,5} ?(?:--|#|;|$)|\bgroup by \d{1,5}(?: ?, ?\d{1,5}){0,10} with rollup\b/,
  }),
  regexSignature({
    id: 'SQLI-170',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description: 'Numeric tautology such as OR 1=1 or AND 2>1',
    view: 'sql',
    anyOf: ['or', 'and', 'having', 'where', 'when', '&&', '||'],
    allOf: [['=', '<', '>', 'like', 'is', 'true', 'false', 'between']],
    // Also literals of every type (0x41=0x41, 0b1=0b1, N'a'=N'a', TRUE=TRUE, NULL IS NULL, X'41'='A'), LIKE on the
    // login name (AND user LIKE 'root%'), sqlmap's `between` tamper (2 BETWEEN 1 AND 3, A NOT BETWEEN 0 AND B),
    // Oracle's ROWNUM probe and the symbolic operators of its `symboliclogical` tamper (1 && 2>1).
    pattern:
      /(?:\b(?:or|and|xor|having|where|when)\b|&&|\|\|) ?(?:\( ?){0,3}(?:not ?)?(?:[nx](?=['"]))?(?:(['"\x60]?)(0x[0-9a-f]{1,40}|0b[01]{1,64}|\d{1,10}|true|false|null|[a-z])\1 ?\)? ?(?:=|<=>|like|is) ?\(? ?(?:[nx](?=['"]))?\1\2\1(?!\w)|x'[0-9a-f]{2,40}' ?= ?'\w{1,20}'|(?:current_user|session_user|system_user|user|@@version) (?:not )?like ['"]|\( ?\d{1,10} ?\) ?(?:[<>]|!=|<>) ?\( ?\d{1,10} ?\)|\d{1,10} is not null\b|\d{1,10} (?:not )?between \d{1,10} and \d{1,10}(?![\w.])|[a-z] not between \d{1,10} and [a-z]\b|rownum ?(?:[<>]=?|=) ?\d{1,10}(?!\w)|\d{1,10}(?: ?[-+*/] ?\d{1,10}){0,3} ?(?:[<>]|!=|<>) ?\d{1,10}(?!\w)|(?:true|not ?false) ?(?:--|#|;|\)|$)|\d{1,10} ?= ?\d{1,10} ?(?:--|#|;|$))/,
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
    allOf: [['=', '<>']],
    pattern:
      /(?:\b|\d|[a-z])(?:or|and|xor) ?(?:\( ?){0,3}(?:not ?)?(?:\d{1,10} ?(?:==?|!=|<>|<=>) ?\d{1,10} ?(?:\)|=|--|#|;|$|['"])|(\d{1,10}) ?= ?\(? ?\1(?![\w.]))/,
  }),
  regexSignature({
    id: 'SQLI-175',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 4,
    description: "PostgreSQL cast or JSON operator after a string or sub-expression ('…'::jsonb, )::int, '{…}' @> '…')",
    view: 'sql',
    anyOf: ['::', '@>', '<@', "'{", "'["],
    pattern:
      /\b(?:and|or) \(? ?\d{1,10}::(?:int[248]?|integer|bigint|text|numeric|varchar)\b|['")]::(?:jsonb?|int[248]?|integer|bigint|smallint|text|varchar|bool(?:ean)?|numeric|double precision|regclass|oid|bytea)\b|\w\)::(?:int|text|bool)|['"] ?(?:@>|<@) ?['"]|'[{[][^']{0,200}[}\]]' ?(?:->>?|#>>?|\?[|&]?|[<>]) ?(?:'|array\[)|\b(?:current_user|session_user|user|password|passwd|username|usename|table_name|column_name)::(?:int|integer|numeric)\b/,
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
    id: 'SQLI-201',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description:
      'NoSQL injection inside a value: the whole value a JSON object keyed by a MongoDB operator ({"$ne": null}, {"user": {"$gt": ""}}), a break-out of a $where JavaScript string (\'; return true; var x=\'), or a mongo shell command after a semicolon (; db.users.drop())',
    view: 'text',
    anyOf: ['$', 'return', 'db'],
    pattern:
      /^ ?\{(?:[^{}]{0,200}?"[\w.-]{1,40}" ?: ?\{)? ?"\$(?:ne|eq|gt|gte|lt|lte|in|nin|regex|where|exists|not|nor|or|and|elemmatch|expr|function|accumulator)" ?:|['"] ?; ?return (?:true|1|!0|this\.|db\.)|; ?db ?\. ?(?:getcollectionnames|dropdatabase|getsiblingdb|[\w]{1,40} ?\. ?(?:drop|remove)) ?\(/,
  }),
  regexSignature({
    id: 'SQLI-157',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description:
      "Blind extraction after a break-out: a LEFT()/RIGHT() slice compared with a constant (sqlmap's substring2leftright tamper), or OR col IS NOT NULL OR",
    view: 'sql',
    anyOf: ['left(', 'left (', 'right(', 'right (', 'not null or'],
    pattern: new RegExp(
      `${BREAKOUT}${LOGIC} ?\\(? ?(?:left|right) ?\\( ?[\\w.@()]{1,60} ?, ?\\d{1,3} ?\\) ?(?:=|<>|!=|[<>]=?|like\\b)|['"] ?or [a-z_][\\w.]{0,40} is not null or\\b`,
    ),
  }),
  regexSignature({
    id: 'SQLI-158',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description:
      'Boolean logic or a comparison on nested function calls around a sub-select or an identity function (AND 1=CONVERT(INT,(SELECT …)), AND CHAR_LENGTH(DATABASE())>1, AND NOT EXISTS(SELECT 1))',
    view: 'sql',
    anyOf: ['('],
    allOf: [['select', 'database', 'user', 'version', 'schema', 'db_name']],
    pattern: new RegExp(
      String.raw`(?:['"]|\b\d{1,20})\){0,3} ?(?:${LOGIC}|=|<>|!=)(?: ?\d{1,10} ?(?:=|<>|!=|[<>]=?))? ?(?:not ?)?(?:[a-z_]{2,30} ?\( ?(?:[a-z]{2,10} ?, ?)?){1,6}(?:\( ?select\b ?(?:top \d|\*|@@|null\b|\d|['"(]|case\b|[\w.]{1,64} ?(?:\(|,|from\b))|select\b ?(?:\*|@@|null\b|\d|['"(]|[\w.]{1,64} ?(?:\(|,|from\b))|(?:database|user|current_user|session_user|system_user|version|schema|db_name) ?\( ?\))`,
    ),
  }),
  regexSignature({
    id: 'SQLI-104',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description:
      'SQL keyword nested inside itself (UNUNIONION, SELSELECTECT, ANANDD): aimed at filters that delete the keyword once',
    view: 'sql',
    anyOf: NESTED_KEYWORDS.map((w) => w.slice(0, 6)),
    pattern: new RegExp(String.raw`\b(?:${NESTED_KEYWORDS.join('|')})\b`),
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
    allOf: [followedBy(['char', 'chr', 'concat', 'concat_ws'], ['(', ' ('])],
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
    allOf: [
      [
        'union',
        'select',
        'insert',
        'delete',
        'drop',
        'update',
        'exec',
        'declare',
        'waitfor',
        'having',
        ' by ',
        'limit',
        'procedure',
        'into',
        'where',
      ],
    ],
    pattern:
      /['"]\)? ?; ?select [\w*@(]|['"]\)? ?(?:;|\|\||&&|\+|\|)? ?(?:union (?:all )?select|select .{0,40}\bfrom\b|insert into|delete from|drop table|update [\w.]{1,40} set|exec(?:ute)? |declare @|waitfor delay|having \d|(?:order|group) by \w{1,30} ?(?:--|#|$)|limit \d{1,9} ?(?:--|#|$)|procedure analyse|into (?:out|dump)file|where [\w.]{1,40} ?=)/,
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
    allOf: [
      followedBy(
        [
          'select',
          'sleep',
          'benchmark',
          'if',
          'case',
          'ascii',
          'char',
          'substr',
          'substring',
          'mid',
          'ord',
          'length',
          'extractvalue',
          'updatexml',
        ],
        ['(', ' ('],
      ),
    ],
    pattern:
      /['"] ?(?:\|\||&&|\^|\*|\/|%|\||&|\+|-|<<|>>) ?\(? ?(?:select|sleep|benchmark|if|case|ascii|char|substr|substring|mid|ord|length|extractvalue|updatexml) ?\(/,
  }),
  regexSignature({
    id: 'SQLI-113',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description:
      'Conditional on a constant comparison (IIF(5257=5257,1,1/0), ELT(1=1,…), CASE WHEN (9308=2540) THEN): a boolean or error-based probe',
    view: 'sql',
    anyOf: ['(', 'case '],
    allOf: [['=', '<', '>', ' when ']],
    pattern: new RegExp(
      String.raw`\b(?:if|iif|elt|make_set|nullif|ifnull|choose|field) ?\( ?\(? ?(?:${CONSTANT_COMPARISON} ?\)? ?,|\d{1,10} ?(?:=|<>|!=|[<>]=?) ?(?:\d{1,10} ?)?$)|\bcase (?:when ?\(? ?${CONSTANT_COMPARISON} ?\)? ?then\b|-?\d{1,10} when -?\d{1,10} then\b)|\( ?${CONSTANT_COMPARISON} ?\) ?[*/] ?\d`,
    ),
  }),
  regexSignature({
    id: 'SQLI-114',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description: "A value that is a comparison of strings left open for the application's quotes (x'='x, 'x'!='y)",
    view: 'sql',
    anyOf: ["'", '"'],
    allOf: [['=', '<>']],
    pattern: /^ ?(['"]?)\w{0,20}(['"]) ?(?:=|!=|<>) ?\2\w{0,20}$/,
  }),
  regexSignature({
    id: 'SQLI-116',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description: 'A value that is an empty-string tautology (\' or \'\'-\', " or ""&"): the classic login bypass',
    view: 'sql',
    anyOf: ["''", '""'],
    allOf: [BOOLEAN_OPERATORS],
    pattern: /^ ?(['"]) ?(?:or|and|xor|\|\||&&) ?\1\1 ?(?:[-&^*|+/%=]|like)? ?\1 ?$/,
  }),
  regexSignature({
    id: 'SQLI-118',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 2,
    severity: 4,
    description:
      "A value that is only an operator between quotes ('^', '&', '=', 'like'), an empty string between two of them ('-''-'), or a product across them (1'*'1): a string-context probe",
    view: 'sql',
    anyOf: ["'", '"'],
    pattern:
      /^ ?(?:\w{1,20}(['"]) ?[*/%] ?\1\w{1,20}|(['"]) ?(?:[&^|=]|like|rlike|regexp|xor|div|<>|!=|\|\||&&) ?\2|(['"]) ?([-+*&^|]) ?\3\3 ?\4 ?\3) ?$/,
  }),
  regexSignature({
    id: 'SQLI-117',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 2,
    severity: 4,
    description:
      'A value that starts with a boolean operator and a SQL condition (AND deleted = 0), OR x=y#, OR json_extract(…)): a fragment appended to a WHERE clause',
    view: 'sql',
    anyOf: ['or', 'and', '&&', '||', 'having', 'where'],
    allOf: [['=', '<', '>', 'null', 'like', 'regexp', '(']],
    pattern: new RegExp(
      String.raw`^ ?(?:(?:or|and|xor|having|where)\b|&&|\|\|) ?\(? ?(?:(?:[a-z_][\w.]{0,40}|-?\d{1,10}|'[^']{0,40}'|"[^"]{0,40}") ?(?:(?:=|<>|!=|<=>|[<>]=?)(?!=) ?(?:[\w'"(@!-]|$)|(?:={2,3}|!==)(?!=) ?(?:[(!\d]|['"]? ?$)|is (?:not )?null\b|(?:not )?(?:like|rlike|regexp) ['"(])|${DANGEROUS_FUNCTIONS} ?\()`,
    ),
  }),
  regexSignature({
    id: 'SQLI-119',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 2,
    severity: 4,
    description:
      'A value that is a bare boolean probe (AND 0, OR true, 1-false) or a constant tautology (1=1, 42<=>42, 11!=1): appended to a numeric parameter',
    view: 'sql',
    anyOf: ['and', 'or', '&&', '||', 'true', 'false', '=', '<', '>', 'like', 'is ', 'regexp'],
    matchesPlainWords: true,
    pattern:
      /^ ?(?:(?:and|or|xor)\b|&&|\|\|) ?(?:-?\d{1,10}|true|false|null) ?(?:--|#|;)? ?$|^ ?-?\d{1,10} ?[-+*/] ?(?:true|false) ?$|^ ?(-?\d{1,10}|'\w{0,20}'|"\w{0,20}") ?(?:=|<=>|like|is|regexp) ?\1 ?$|^ ?(-?\d{1,10}|'\w{0,20}'|"\w{0,20}") ?(?:!=|<>|is not|not like|not regexp) ?(?!\2 ?$)(?:-?\d{1,10}|'\w{0,20}'|"\w{0,20}") ?$/,
  }),
  regexSignature({
    id: 'SQLI-121',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 4,
    description: "Quote break-out into an operator expression ended by a comment (x'-email--, '=0--, id'is not-id--)",
    view: 'sql',
    anyOf: ["'", '"'],
    allOf: [['--', '#']],
    pattern:
      /['"]\){0,3} ?(?:not ?null|isnull|is (?:not )?null) ?(?:--|#)(?:\s|[-+]|$)|['"]\){0,3} ?(?:[-+*/%^&|<>=]|!=|<>|<=>|\|\||&&|\bdiv\b|\bmod\b|\bis(?: not)?\b|\b(?:not )?(?:like|glob|regexp)\b|\bsounds like\b) ?(?:not ?)?-?(?:[a-z_][\w.]{0,40}|\d{1,20}|'[^']{0,20}'?|"[^"]{0,20}"?|`\w{1,40}`)\?? ?(?:--|#)(?:\s|[-+]|$)/,
  }),
  regexSignature({
    id: 'SQLI-133',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 2,
    severity: 4,
    description:
      'SELECT of an identity, server or string-building function (select(user(), select 1,2,3,user(), SELECT CHAR(, SELECT (CASE',
    view: 'sql',
    anyOf: ['select'],
    pattern:
      /\bselect[ (*/]{0,4}(?:\d{1,9} ?, ?){0,30}\(? ?(?:user|current_user|session_user|system_user|database|version|schema|db_name|current_database|load_file|char|concat|concat_ws|group_concat|unhex|hex) ?\(|\bselect ?\( ?case\b/,
  }),
  regexSignature({
    id: 'SQLI-135',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 2,
    severity: 4,
    description:
      'T-SQL and PL/SQL batch fragments (DECLARE @x, EXEC(@q), EXEC master..xp_*, EXECUTE IMMEDIATE, BACKUP DATABASE, OPENROWSET)',
    view: 'sql',
    anyOf: ['declare', 'exec', 'openrowset', 'opendatasource'],
    pattern:
      /\bdeclare @\w{1,64}\b|\bexec(?:ute)? ?\( ?@|\bexec(?:ute)? (?:master\.|\w{1,30}\.\.(?:xp|sp)_|(?:xp|sp)_)|\bexecute immediate ['"]|\b(?:openrowset|opendatasource) ?\(/,
  }),
  regexSignature({
    id: 'SQLI-136',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 1,
    severity: 5,
    description:
      "sqlmap's heuristic probe: ten characters of ( ) ' \" , . with both quote kinds, after the original value",
    view: 'text',
    anyOf: ["'"],
    allOf: [['"']],
    pattern: /^-?\d{0,10}(?=[^']{0,11}')(?=[^"]{0,11}")[()'",.]{10}$/,
  }),
  regexSignature({
    id: 'SQLI-142',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 2,
    severity: 4,
    description:
      'A value that names a database system catalogue, system database or server procedure (information_schema, tempdb, sp_executesql, utl_http, openrowset)',
    view: 'sql',
    matchesPlainWords: true,
    anyOf: [
      'information_schema',
      'pg_catalog',
      'mysql.',
      'sqlite_master',
      'msys',
      'sysobjects',
      'syscolumns',
      'sysdatabases',
      'sp_',
      'xp_',
      'utl_',
      'dbms_',
      'dba_',
      'open',
      'tempdb',
      'msdb',
      'northwind',
      'schema_name',
    ],
    pattern:
      /^ ?(?:information_schema(?:\.\w{1,64})?|pg_catalog(?:\.\w{1,64})?|mysql\.(?:user|db)|sqlite_master|msysaccessobjects|msysobjects|sysobjects|syscolumns|(?:master\.\.)?sysdatabases|tempdb|msdb|northwind|schema_name|sp_(?:executesql|password|makewebtask|oacreate|addextendedproc|execute)|xp_(?:cmdshell|dirtree|regread|servicecontrol)|utl_(?:http|file|inaddr|smtp|tcp)|dbms_(?:java|xmlgen|pipe|lock)|dba_users|openrowset|opendatasource|openquery) ?$/,
  }),
  regexSignature({
    id: 'SQLI-145',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 2,
    severity: 4,
    description:
      'A value that is only the opening of a call to a function injections use (benchmark(, database(, group_concat(, unhex()',
    view: 'sql',
    anyOf: ['('],
    allOf: [literalAlternatives(PROBE_FUNCTIONS)],
    pattern: new RegExp(String.raw`^ ?${PROBE_FUNCTIONS}${CALL_GAP}\( ?\)? ?$`),
  }),
  regexSignature({
    id: 'SQLI-146',
    family: 'sqli',
    threatType: 'sql_injection',
    // CRS puts the same test (942410, and 942151 for part of the list) at PL2 or PL1 with critical
    // severity; here the whole value must be the opener, so prose that mentions count( never matches.
    level: 2,
    severity: 4,
    description:
      'A value that is only the opening of a call to a common SQL function (count(, floor(, now(, replace(, date]=()',
    view: 'sql',
    anyOf: ['('],
    allOf: [literalAlternatives(COMMON_FUNCTIONS)],
    pattern: new RegExp(String.raw`^ ?${COMMON_FUNCTIONS}${CALL_GAP}\( ?\)? ?$`),
  }),
  regexSignature({
    id: 'SQLI-153',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 2,
    severity: 4,
    description:
      'Aliased expression followed by FROM (`) AS cnt FROM`, `` ` AS `user_id` from ``): a projection spliced into a query',
    view: 'sql',
    anyOf: [' as', ')as', '`as'],
    allOf: [['from']],
    pattern:
      /[)`] ?as ?(?:`[\w ]{1,40}`|'[\w ]{1,40}'|"[\w ]{1,40}"|(?!(?:well|such|far|much|long|soon|usual|follows|above|below|before|after|shown|described|opposed|part|per|far|a|an|the|it|is|to|of|if|in|on|we|you|they|he|she|i|this|that|one|seen|with)\b)[a-z_]\w{0,40}) ?from\b/,
  }),
  regexSignature({
    id: 'SQLI-147',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 2,
    severity: 4,
    description:
      "A value that is only a SQL-specific operator (&&, ||, <>, <=>, XOR, RLIKE, IS NULL, LIKE NULL, LIKE '%'): an operator probe (CRS 942120)",
    view: 'sql',
    matchesPlainWords: true,
    anyOf: ['&&', '||', '<>', '<=>', 'xor', 'rlike', 'null', 'between', 'like'],
    pattern:
      /^ ?(?:&&|\|\||<>|<=>|xor|rlike|is (?:not )?null|(?:not )?like null|not between|(?:not )?i?like ?['"]%{1,2}['"]?) ?$/,
  }),
  regexSignature({
    id: 'SQLI-148',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 3,
    severity: 3,
    description:
      'A value that is only a comparison, shift or arrow operator (==, !=, <=, >=, <<, >>, ->, REGEXP): filter UIs send some of these honestly',
    view: 'sql',
    matchesPlainWords: true,
    anyOf: ['=', '<', '>', 'regexp'],
    pattern: /^ ?(?:==|!=|<=|>=|<<|>>|->>?|regexp) ?$/,
  }),
  regexSignature({
    id: 'SQLI-149',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 2,
    severity: 4,
    description:
      'A value that is an IN list of literals (in (0,1), NOT IN (815914, 815913)): a predicate appended to a query',
    view: 'sql',
    anyOf: ['in(', 'in ('],
    pattern:
      /^ ?(?:not )?in ?\( ?(?:-?\d{1,20}|'[^',]{0,40}'|"[^",]{0,40}")(?: ?, ?(?:-?\d{1,20}|'[^',]{0,40}'|"[^",]{0,40}")){0,200} ?\) ?$/,
  }),
  regexSignature({
    id: 'SQLI-154',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 2,
    severity: 4,
    description:
      'A sub-select opened as an assigned or compared value (@v := (SELECT, x=(select), or a value that is only "(select"',
    view: 'sql',
    anyOf: ['select'],
    pattern: /= ?\( ?select\b|^ ?\({1,3} ?select ?$/,
  }),
  regexSignature({
    id: 'SQLI-137',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 2,
    severity: 4,
    description:
      'A value that opens with a stacked statement (;update users, ;drop t) or sets a MySQL user variable (SET @x, SET @v := …)',
    view: 'sql',
    anyOf: [';', 'set @'],
    pattern:
      /^ ?; ?(?:update|delete|drop|insert|alter|truncate|create|rename|select|load|declare|exec|execute|shutdown) [\w.`"[\]@*]{2,64}|^[^\w]{0,3}set @@?[a-z_]\w{0,63} ?$|\bset @@?[a-z_]\w{0,63} ?:?= ?(?:@@?\w|\( ?select\b|select\b|['"\d])/,
  }),
  regexSignature({
    id: 'SQLI-155',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 2,
    severity: 4,
    description:
      'Inline comment used as whitespace around a SQL keyword (SELECT/*x*/, */FROM, /*!50000 version comment) or a statement closed by ;-- (CRS 942440)',
    view: 'text',
    anyOf: ['/*', '*/', ';--', ';#'],
    pattern:
      /\b(?:select|union|where|drop|insert|having)\/\*|\*\/(?:select|union|from|where|having|insert|drop|into|limit)\b|\/\*!\d{5}|\b(?:drop|delete|truncate|insert|update|select|union|alter|exec)\b[^;\n]{1,80};(?:--|#)/,
  }),
  regexSignature({
    id: 'SQLI-156',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 2,
    severity: 4,
    description:
      'SQL clause fragments as a value: a VALUES tuple of literals, CASE WHEN … THEN, SELECT … HAVING with a comparison, a lone ORDER BY, a string compared with itself',
    view: 'sql',
    anyOf: ['values', 'case', 'having', ' by', "'", '"'],
    pattern:
      /^ ?values ?\( ?(?:'[^']{0,60}'|-?\d{1,20}|null) ?(?:, ?(?:'[^']{0,60}'|-?\d{1,20}|null) ?){1,50}\) ?;? ?$|^ ?\(? ?case when .{1,100}? then\b|\bselect\b.{1,100}?\bhaving [\w(). ]{1,40}?(?:[<>]=?|!=|=)|^ ?(?:order|group) by ?$|(['"])(\w{1,20})\1 ?=(?!=) ?\1\2\1/,
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
  regexSignature({
    id: 'SQLI-159',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 2,
    severity: 5,
    description:
      "An ODBC escape or MySQL's `{identifier expr}` brace around an identity or string-smuggling function ({fn concat(user(),0x3a)}, select{x user}), or a back-quoted one after a SQL operator (and{`if`1}=1): a WAF bypass, since filters read the brace as a delimiter",
    view: 'sql',
    anyOf: ['{fn', '{ fn', '{x', '{ x', '{`', '{ `'],
    pattern: new RegExp(
      String.raw`\{ ?(?:fn|x) (?:${PROBE_FUNCTIONS}|h2version|currentuser) ?\(|\{ ?x (?:user|version|database|schema|current_user|@@[\w.]{1,40}) ?\}|(?:\b(?:and|or|xor|select|where|having)|[=(,]) ?\{ ?\x60\w{1,30}\x60 ?[\w'"(@][^{}]{0,60}\}`,
    ),
  }),
];

import { followedBy, literalPrefixes, regexSignature } from '../signature.ts';
import type { Signature } from '../types.ts';

/*
 * Code injection into interpreters other than the shell: PHP (CRS 933), Java / Log4Shell / OGNL (944),
 * Node.js and Python (934) and server-side templates. They all end in code execution on the server, so
 * they fold under the RCE toggle, each with its own threatType and rule-id prefix.
 */

/**
 * Class names of the deserialization gadget chains public exploit kits (ysoserial and successors)
 * build on: Commons-Collections transformers, closures and factories, Xalan's TemplatesImpl, the JDK's
 * AnnotationInvocationHandler, JdbcRowSetImpl, Groovy's MethodClosure. No ordinary request names them.
 */
const JAVA_GADGETS =
  '(?:(?:invoker|chained|constant|instantiate|clone|closure|predicate|factory|switch|map)transformer|(?:for|while|if|switch|chained|transformer)closure|(?:instantiate|prototypeclone|prototypeserialization|reflection)factory|templatesimpl|annotationinvocationhandler|jdbcrowsetimpl|badattributevalueexpexception|methodclosure|convertedclosure|beancomparator|comparatortransformer)';

/**
 * The base64 characters that spell `word` wherever it sits in an encoded stream: the word starts at one
 * of three byte offsets modulo 3, and only the characters whose six bits all come from the word are
 * fixed. A gadget name inside a longer base64 blob (an XML element, a text body, a cookie) shows up
 * as one of these three runs without any decoding.
 */
export function base64Spellings(word: string): string[] {
  return [0, 1, 2].map((offset) => {
    const encoded = btoa('\0'.repeat(offset) + word);
    return encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + word.length)) / 6));
  });
}

/** base64Spellings of each word as written and lower-cased (class names are CamelCase, CRS tests lower). */
function base64SpellingsOf(words: readonly string[]): string[] {
  return [...new Set(words.flatMap((word) => [...base64Spellings(word), ...base64Spellings(word.toLowerCase())]))];
}

/** Deserialization gadget classes (JAVA_GADGETS) as they are written in a serialized stream. */
const JAVA_GADGET_CLASSES = [
  'InvokerTransformer',
  'ChainedTransformer',
  'ConstantTransformer',
  'InstantiateTransformer',
  'CloneTransformer',
  'ClosureTransformer',
  'PredicateTransformer',
  'FactoryTransformer',
  'SwitchTransformer',
  'MapTransformer',
  'ForClosure',
  'WhileClosure',
  'IfClosure',
  'SwitchClosure',
  'ChainedClosure',
  'TransformerClosure',
  'InstantiateFactory',
  'PrototypeCloneFactory',
  'PrototypeSerializationFactory',
  'ReflectionFactory',
  'TemplatesImpl',
  'AnnotationInvocationHandler',
  'JdbcRowSetImpl',
  'BadAttributeValueExpException',
  'MethodClosure',
  'ConvertedClosure',
  'BeanComparator',
];
/**
 * The Java serialization stream header AC ED 00 05 in base64 at each byte offset (`rO0AB`, and the
 * `KztAAU` / `Cs7QAF` runs when one or two bytes precede it), as ysoserial output appears in cookies
 * and parameters.
 */
const JAVA_SERIAL_MAGIC_BASE64 = ['rO0AB', 'KztAAU', 'Cs7QAF'];
const JAVA_GADGET_BASE64 = [...JAVA_SERIAL_MAGIC_BASE64, ...base64SpellingsOf(JAVA_GADGET_CLASSES)];
/** Runtime / ProcessBuilder / java.lang. in base64: what a command-running payload names; also ordinary words. */
const JAVA_EXEC_BASE64 = base64SpellingsOf(['Runtime', 'ProcessBuilder', 'java.lang.', 'getRuntime']);

const escapeRegex = (literal: string) => literal.replace(/[+/]/g, '\\$&');

/**
 * The pattern, unless what it matched is an XML element or attribute name (`<java.lang.Runtime a="…">`,
 * `<e rO0AB="…"/>`): XML bodies are inspected as raw text, and markup names are not data, as CRS's
 * XML body parser also treats them.
 */
function outsideXmlNames(pattern: RegExp): RegExp {
  return new RegExp(
    `(?:${pattern.source})(?![\\w.$+/-]{0,100}(?:>| [\\w:.-]{1,60} ?= ?["']| ?= ?["']))`,
    pattern.flags,
  );
}

/** PHP functions that execute code or commands when handed request data. */
const PHP_EXEC_FUNCTIONS = String.raw`(?:system|shell_exec|passthru|popen|proc_open|pcntl_exec|assert|create_function|call_user_func(?:_array)?|preg_replace|base64_decode|gzinflate|gzuncompress|str_rot13|file_get_contents|file_put_contents|fwrite|fopen|readfile|show_source|highlight_file|include|include_once|require_once|unserialize|exec|eval|array_map|usort|ob_start|mail|putenv|ini_set|move_uploaded_file|symlink|chmod)`;
/** Functions only PHP has, whose call alone is an injection (decoders, sockets, introspection). */
const PHP_ONLY_FUNCTIONS = String.raw`(?:shell_exec|passthru|proc_open|pcntl_exec|create_function|call_user_func(?:_array)?|base64_decode|gzinflate|gzuncompress|gzdecode|bzdecompress|zlib_decode|str_rot13|fsockopen|pfsockopen|stream_socket_client|posix_\w{3,20}|phpinfo|phpversion|php_uname|get_defined_functions|get_defined_constants|get_loaded_extensions|curl_init|curl_exec|print_r|var_dump|var_export|strrev|show_source|highlight_file|get_defined_vars|ini_set|putenv|dl|assert_options|preg_replace_callback|array_map|file_put_contents|move_uploaded_file)`;

/** Commands a PHP execution function is handed unquoted in probes (`system(whoami)`: PHP reads the constant as a string). */
const RECON_COMMANDS = '(?:id|whoami|uname|hostname|ls|dir|pwd|ifconfig|ipconfig|netstat|ps|env)';

/**
 * php.ini directives that turn on remote inclusion, prepend a file to every script, lift the sandbox or
 * resource limits, or tune the engine: what PHP-CGI `-d name=value` arguments (CVE-2012-1823,
 * CVE-2024-4577), a `PHP_VALUE` FastCGI parameter or an uploaded `.user.ini` set.
 */
const PHP_INI_DIRECTIVES = String.raw`(?:allow_url_(?:include|fopen)|auto_(?:prepend|append)_file|disable_(?:functions|classes)|open_basedir|extension_dir|include_path|error_log|sendmail_(?:path|from)|unserialize_(?:callback_func|max_depth)|memory_limit|max_(?:execution|input)_time|max_input_(?:vars|nesting_level)|post_max_size|upload_(?:max_filesize|tmp_dir)|file_uploads|short_open_tag|register_globals|safe_mode(?:_\w{1,20})?|enable_dl|doc_root|user_dir|display_(?:startup_)?errors|log_errors|error_reporting|html_errors|output_(?:handler|buffering)|variables_order|request_order|(?:opcache|mbstring|pcre|zend|phar|session|xdebug|assert|cgi|mail|apc|realpath_cache|zlib)\.[a-z_]{2,40})`;

/** Django field lookups that compare a column piecewise (prefix, suffix, substring, range, regex, nullness). */
const ORM_LOOKUPS =
  'startswith|istartswith|endswith|iendswith|contains|icontains|regex|iregex|gt|gte|lt|lte|range|in|isnull|exact|iexact|has_key|has_keys|has_any_keys|contained_by';

/** What PHP skips between tokens: whitespace and comments. */
const PHP_GAP = String.raw`(?:\s|\/\*[^*]{0,40}\*\/|(?:#|\/\/)[^\n]{0,40}\n)`;

export const INJECTION_SIGNATURES: readonly Signature[] = [
  regexSignature({
    id: 'PHP-100',
    family: 'rce',
    threatType: 'php_injection',
    level: 1,
    severity: 5,
    description: 'PHP open tag',
    view: 'text',
    anyOf: ['<?', '[?'],
    // A short open tag needs code after it: `<? should not` is prose that mentions one.
    pattern:
      /<\?(?:php\b|=)|<\?\s{1,10}(?:[$@]|\/[/*]|[a-z_]\w{0,30}\s{0,3}[(;=['"$]|(?:php|echo|print|if|for|foreach|while|include|require|system|exec|eval)\b)|<\?\s*$|\[\?php\b/,
  }),
  regexSignature({
    id: 'PHP-110',
    family: 'rce',
    threatType: 'php_injection',
    level: 1,
    severity: 5,
    description: 'PHP code-execution function called on request data or a string',
    view: 'text',
    anyOf: ['('],
    allOf: [[...literalPrefixes(PHP_EXEC_FUNCTIONS), 'phpinfo']],
    pattern: new RegExp(
      String.raw`(?<![\w.$>-])${PHP_EXEC_FUNCTIONS}\s{0,3}\( ?(?:\$_(?:get|post|request|cookie|server|files|env)|\$\w{1,30} ?\)|['"]|base64_decode|gzinflate|str_rot13|chr ?\(|\$_)|\bphpinfo ?\( ?\)|(?<![\w.$>-])(?:system|exec|shell_exec|passthru|popen|proc_open) ?\( ?${RECON_COMMANDS} ?\)`,
    ),
  }),
  regexSignature({
    id: 'PHP-120',
    family: 'rce',
    threatType: 'php_injection',
    level: 1,
    severity: 5,
    description: 'PHP superglobal or serialized PHP object',
    view: 'text',
    anyOf: ['$', ':{', ':"'],
    pattern:
      /\$_(?:get|post|request|cookie|server|files|env|session)\b ?[[(]|\$globals ?\[|\b[oc]:\d{1,4}:"[\w\\]{1,100}":\d{1,4}:\{|\ba:\d{1,4}:\{[si]:\d/,
  }),
  regexSignature({
    id: 'PHP-130',
    family: 'rce',
    threatType: 'php_injection',
    level: 2,
    severity: 4,
    description: 'PHP variable function call on request data or an obfuscated function name',
    view: 'text',
    anyOf: ['${', '$_', ...followedBy(['chr', 'base64_decode', 'str_rot13'], ['(', ' ('])],
    pattern:
      /\$\{ ?@?(?:system|eval|exec|phpinfo|print|passthru|assert|shell_exec|\$_)|\$_\w{1,20} ?\[[^\]]{0,40}\] ?\(|\b(?:chr|base64_decode|str_rot13) ?\([^)]{0,40}\) ?\. ?(?:chr|base64_decode|str_rot13) ?\(/,
  }),
  regexSignature({
    id: 'PHP-140',
    family: 'rce',
    threatType: 'php_injection',
    level: 1,
    severity: 5,
    description:
      'Call of a PHP-only code-execution, decoding or socket function (gzinflate(, fsockopen(, posix_*(), even with comments before the parenthesis',
    view: 'text',
    anyOf: ['('],
    allOf: [literalPrefixes(PHP_ONLY_FUNCTIONS)],
    pattern: new RegExp(
      String.raw`(?<![\w$>.-])${PHP_ONLY_FUNCTIONS}(?:\s|\/\*[^*]{0,80}\*\/|(?:#|\/\/)[^\n]{0,80}\n){0,5}=?\(`,
    ),
  }),
  regexSignature({
    id: 'PHP-150',
    family: 'rce',
    threatType: 'php_injection',
    level: 2,
    severity: 4,
    description: 'PHP variable function call ($a(1), $$b(2), $_[$x](…))',
    view: 'text',
    anyOf: ['$'],
    // Between the variable, its subscripts and the parenthesis PHP allows whitespace and comments.
    // Words in the parenthesis (`$tmpdir (default /tmp)`, `$a (i.e. source side)`) are a prose aside
    // about a variable; a call's arguments are literals, variables and calls.
    pattern: new RegExp(
      String.raw`\$ {0,20}(?:\$?[a-z_][\w]{0,39}|\{[^}]{1,40}\})(?:${PHP_GAP}{0,3}(?:\[[^\]]{1,30}\]|\{[^}]{1,30}\})){0,4}${PHP_GAP}{0,3}\((?! ?[a-z]{1,20}[ .][a-z/(])`,
    ),
  }),
  regexSignature({
    id: 'PHP-170',
    family: 'rce',
    threatType: 'php_injection',
    level: 1,
    severity: 5,
    description:
      'PHP function called with a comment, control whitespace or padding between its name and the parenthesis (`exec/*x*/(`, `eval\\r(`, `system #c\\n (`)',
    // A changelog line that ends in "file" or "system" and goes on with "(closes: #123)" on the next
    // line is prose: words in the parenthesis are no call's arguments.
    view: 'text',
    anyOf: [
      ...literalPrefixes(PHP_EXEC_FUNCTIONS),
      ...literalPrefixes(PHP_ONLY_FUNCTIONS),
      ...['file', 'substr', 'unpack', 'strip_tags', 'intval', 'checkdate', 'serialize', 'touch', 'range', 'chroot'],
      ...['crypt', 'pi'],
    ],
    pattern: new RegExp(
      String.raw`(?<![\w.$>-])(?:${PHP_EXEC_FUNCTIONS}|${PHP_ONLY_FUNCTIONS}|file|filegroup|substr|unpack|strip_tags|intval|checkdate|serialize|touch|range|chroot|crypt|pi)${PHP_GAP}{0,3}(?:[\t\r\v\f]| {2}|\/\*[^*]{0,80}\*\/|(?:#|\/\/)[^\n]{0,80}\n)${PHP_GAP}{0,5}\((?! ?[a-z]{1,20}[ :,.!-])`,
    ),
  }),
  regexSignature({
    id: 'PHP-171',
    family: 'rce',
    threatType: 'php_injection',
    level: 1,
    severity: 5,
    description:
      'PHP execution function called through a string or an expression (`("system")("id")`, `(system)(ls)`, `"system"(ls)`, `[system][0](ls)`)',
    view: 'sql',
    anyOf: ['system', 'exec', 'passthru', 'popen', 'proc_open', 'assert', 'phpinfo'],
    pattern:
      /(?:['"] ?(?:system|exec|shell_exec|passthru|popen|proc_open|pcntl_exec|assert|phpinfo) ?['"]|\( ?(?:system|exec|shell_exec|passthru|popen|proc_open|pcntl_exec|assert|phpinfo) ?\)|\[ ?(?:system|exec|shell_exec|passthru|popen|proc_open|pcntl_exec|assert|phpinfo) ?\] ?\[ ?\d{1,3} ?\]) ?\)? ?(?:\{[^}]{0,40}\} ?)?\( ?['"]?[\w@./ -]{0,40}['"]? ?\)/,
  }),
  regexSignature({
    id: 'PHP-172',
    family: 'rce',
    threatType: 'php_injection',
    level: 2,
    severity: 4,
    description:
      "PHP variable variable: `$` and a brace apart (`$ {$a}`) or a quoted name in braces (`${'_GET'}`), which JavaScript and the shell never write",
    view: 'text',
    anyOf: ['$ ', '${'],
    pattern: /\$\s{1,20}\{(?! {0,20}\})|\$\{ ?['"]\w{0,40}['"] ?(?:\.|\})|\{\$\{ ?[a-z_]\w{0,30} ?\(/,
  }),
  regexSignature({
    id: 'PHP-180',
    family: 'rce',
    threatType: 'php_injection',
    level: 2,
    severity: 4,
    description:
      'php.ini directive assignment as a value or a PHP-CGI `-d` argument (`allow_url_include=1`, `-d auto_prepend_file=php://input`, `opcache.jit=…`)',
    view: 'text',
    anyOf: [
      ...['allow_url_', 'auto_prepend', 'auto_append', 'disable_', 'open_basedir', 'extension_dir', 'include_path'],
      ...['error_log', 'sendmail_', 'unserialize_', 'memory_limit', 'max_', 'post_max', 'upload_', 'file_uploads'],
      ...['short_open_tag', 'register_globals', 'safe_mode', 'enable_dl', 'doc_root', 'user_dir', 'display_'],
      ...['log_errors', 'error_reporting', 'html_errors', 'output_', 'variables_order', 'request_order'],
      ...['opcache.', 'mbstring.', 'pcre.', 'zend.', 'phar.', 'session.', 'xdebug.', 'assert.', 'cgi.', 'mail.'],
      ...['apc.', 'realpath_cache', 'zlib.'],
    ],
    kinds: ['arg', 'arg-name', 'cookie', 'body', 'header'],
    // The whole value (or a line of an .ini upload) is the assignment; inside prose it is documentation.
    pattern: new RegExp(
      String.raw`(?:^|\n|(?:^|\s)-d ?)\s?${PHP_INI_DIRECTIVES} ?= ?(?:"[^"\n]{0,200}"|[^\s"]{1,200})\s{0,3}(?=$|\n| -d)`,
    ),
  }),
  regexSignature({
    id: 'PHP-160',
    family: 'rce',
    threatType: 'php_injection',
    level: 1,
    severity: 5,
    description:
      'Upload of a server-executable script or a PHP session file announced in a file-name header (X-Filename: shell.php, x.php.jpg, sess_…)',
    view: 'text',
    anyOf: [
      ...['php', 'pht', 'phar', 'jsp', 'asp', 'ashx', 'asmx', 'cer', 'cgi', 'shtml'].flatMap((ext) => [
        `.${ext}`,
        `. ${ext}`,
      ]),
      'sess_',
    ],
    kinds: ['header'],
    matchesPlainWords: true,
    // A relative directory may precede the name (never `scheme:`, so a Referer never matches); Windows
    // drops trailing dots and spaces and some servers a space after the dot; Apache runs `x.php.jpg`
    // as PHP; a `sess_…` name overwrites a PHP session file.
    pattern:
      /^(?![/\\])[^:?=&]{0,200}\. {0,3}(?:php\d{0,3}|phps|phpt|phtml|phar|pht|jspx?|aspx?|ashx|asmx|cer|cgi|shtml)(?:[\s.]{0,40}| {0,3}\.(?:jpe?g|png|gif|bmp|webp|ico|txt|pdf) {0,3})$|(?:^|[/\\])sess_[\w,-]{16,128}\s{0,3}$/,
  }),
  regexSignature({
    id: 'JAVA-100',
    family: 'rce',
    threatType: 'java_injection',
    level: 1,
    severity: 5,
    description: 'Log4Shell-style JNDI / lookup injection (jndi:, nested lower:/upper:/env: lookups)',
    view: 'text',
    anyOf: ['${', 'jndi:'],
    // A JNDI lookup URL needs no braces to be recognised: the braces are what filters strip or encode.
    pattern:
      /jndi ?: ?(?:ldaps?|rmi|dns|iiop|corbaname|nds|nis|https?) ?:\/\/|\$\{[^}]{0,40}(?:jndi|\$\{(?:lower|upper|env|sys|java|date|base64|main|ctx|spring|::-)|::-[a-z]\})|\$\{ ?(?:jndi|env|sys|java|ctx|spring|main|bundle|docker|k8s|log4j|web|marker|sd|lower|upper) ?:/,
  }),
  regexSignature({
    id: 'JAVA-110',
    family: 'rce',
    threatType: 'java_injection',
    level: 1,
    severity: 5,
    description:
      'Java runtime, reflection or class-loader access (Runtime.getRuntime, ProcessBuilder, class.module.classLoader)',
    view: 'text',
    anyOf: [
      'java',
      'runtime',
      'processbuilder',
      'classloader',
      'getclass',
      'forname',
      'getdeclaredmethod',
      'org.apache',
      't(',
      'com.',
      'org.',
      'sun.',
      'bsh.',
      'xmlapplicationcontext',
    ],
    matchesPlainWords: true,
    pattern: outsideXmlNames(
      /\bjava\.(?:lang|io|net|nio|util|beans|rmi|security)\.[a-z]|\bjava\.(?:[a-z]{1,20}\.)?(?:runtime|processbuilder)\b|\bprocessbuilder\b|\b(?:com\.opensymphony\.xwork2|com\.sun\.org\.apache|com\.sun\.jndi|org\.apache\.(?:commons\.(?:collections|beanutils)|xalan|bcel|tomcat\.dbcp)|org\.codehaus\.groovy\.runtime|org\.springframework\.(?:beans\.factory|context\.support)|org\.omg\.corba|sun\.(?:misc\.unsafe|reflect\.annotation|rmi\.)|javax\.script\.scriptengine|bsh\.interpreter)\b|\bruntime ?\. ?(?:getruntime|exec) ?\(|\bprocessbuilder ?\(|\bclass\.(?:module\.)?classloader\b|\.getclass ?\( ?\) ?\.|\bclass ?\. ?forname ?\(|\bgetdeclaredmethod|\bjavax\.(?:script|naming|management)\b|\borg\.apache\.commons\.collections|\bjavax\.el\b|\bt ?\( ?java\.|\b(?:filesystem|classpath)xmlapplicationcontext\b/,
    ),
  }),
  regexSignature({
    id: 'JAVA-120',
    family: 'rce',
    threatType: 'java_injection',
    level: 1,
    severity: 5,
    description: 'OGNL / Struts expression or Java serialized object',
    view: 'text',
    anyOf: ['%{', '#_memberaccess', '@ognl', 'ognlcontext', '#context[', 'xwork', 'ro0ab', 'aced0005', 'h4siaaaaaaaa'],
    matchesPlainWords: true,
    pattern: outsideXmlNames(
      /%\{ ?[#(@(]|#_memberaccess|@ognl|\bognlcontext\b|#context\[|\bxwork\.methodaccessor|\bro0ab|\baced0005\b|\bh4siaaaaaaaa/i,
    ),
  }),
  regexSignature({
    id: 'JAVA-130',
    family: 'rce',
    threatType: 'java_injection',
    level: 1,
    severity: 5,
    description: 'Java deserialization gadget class name (InvokerTransformer, TemplatesImpl, JdbcRowSetImpl, …)',
    view: 'text',
    anyOf: ['transformer', 'closure', 'factory', 'templatesimpl', 'handler', 'rowsetimpl', 'exception', 'comparator'],
    matchesPlainWords: true,
    pattern: outsideXmlNames(new RegExp(`\\b(?:[\\w$]{1,40}\\.){0,8}${JAVA_GADGETS}\\b`)),
  }),
  regexSignature({
    id: 'JAVA-140',
    family: 'rce',
    threatType: 'java_injection',
    level: 1,
    severity: 5,
    description: 'Base64 token that decodes to a Java serialized object, a gadget class or Runtime/ProcessBuilder',
    view: 'base64',
    matchesPlainWords: true,
    pattern: new RegExp(
      `^\\xac\\xed\\x00\\x05|${JAVA_GADGETS}|\\bjava\\.lang\\.|(?:^|[^a-z])(?:runtime|processbuilder)(?:[^a-z]|$)`,
      'm',
    ),
  }),
  regexSignature({
    id: 'JAVA-150',
    family: 'rce',
    threatType: 'java_injection',
    level: 1,
    severity: 5,
    description:
      'Java serialization header or a deserialization gadget class in base64 anywhere in a value, at any byte alignment (rO0AB, KztAAU, base64 of InvokerTransformer)',
    view: 'raw',
    matchesPlainWords: true,
    anyOf: JAVA_GADGET_BASE64,
    pattern: outsideXmlNames(new RegExp(JAVA_GADGET_BASE64.map(escapeRegex).join('|'))),
  }),
  regexSignature({
    id: 'JAVA-151',
    family: 'rce',
    threatType: 'java_injection',
    level: 2,
    severity: 4,
    description:
      'Runtime, ProcessBuilder or java.lang. in base64 anywhere in a value, at any byte alignment (cnVudGltZQ)',
    view: 'raw',
    matchesPlainWords: true,
    anyOf: JAVA_EXEC_BASE64,
    pattern: outsideXmlNames(new RegExp(JAVA_EXEC_BASE64.map(escapeRegex).join('|'))),
  }),
  regexSignature({
    id: 'JAVA-160',
    family: 'rce',
    threatType: 'java_injection',
    level: 1,
    severity: 5,
    description:
      'Fastjson / Jackson polymorphic type set to a Java class in JSON text (`{"@type":"com.sun.rowset.JdbcRowSetImpl"…}`, `["org.apache.xbean…",{…}]`): autoType deserialization gadgets',
    view: 'text',
    anyOf: ['@type', '"com.', '"org.', '"java', '"sun.', '"ch.qos', '"br.com', '"oracle.'],
    // Fastjson reads `@type` as the class to build, Jackson default typing the first element of a pair;
    // a JSON body for an API never names a JDK or Apache implementation class this way.
    pattern:
      /['"]@type['"] ?: ?['"](?:com|org|java|javax|sun|oracle|ch\.qos|br\.com|net|io)\.[a-z][\w$]{0,40}\.[\w.$]{1,200}['"]|\[ ?['"](?:com\.sun|org\.apache|org\.springframework|ch\.qos\.logback|com\.mchange|org\.hibernate|oracle\.jdbc|javax\.(?:management|naming|script)|java\.(?:lang\.(?:runtime|processbuilder)|net\.url|rmi))\.[\w.$]{1,200}['"] ?, ?[{["]/,
  }),
  regexSignature({
    id: 'NODE-100',
    family: 'rce',
    threatType: 'node_injection',
    level: 1,
    severity: 5,
    description: 'Node.js process or module access (require("child_process"), process.mainModule, node-serialize)',
    view: 'text',
    anyOf: ['require', 'child_process', 'process', '_$$nd_func$$_', 'sync', 'constructor', '_load'],
    // A module bound to a name (`const fs = require('fs');`, `import { exec } from 'node:child_process'`)
    // is the header of a code sample; an injection uses the module in the same expression
    // (`require('fs').readFileSync`) or names it as a string to hand to a loader (`x="child_process"`).
    // Backticks around the name are markdown inline code; `._load (file.js:12:5)` is a stack trace frame.
    // A one-line payload may still bind the module first and run it at once (`var cp=require(
    // 'child_process');cp.exec('id')`): the binding followed by a process call on the same line counts.
    pattern:
      /\brequire ?\( ?['"`](?:(?:node:)?child_process|fs|net|vm|os|http)['"`] ?\) ?[.[]|\brequire ?\( ?['"](?:node:)?child_process['"] ?\)[^\n]{0,200}?\. ?(?:exec|execsync|execfile|execfilesync|spawn|spawnsync|fork) ?\(|(?<!\brequire ?\( ?|\bfrom ?)['"](?:node:)?child_process\b|\bprocess ?\. ?(?:mainmodule|binding|dlopen|kill|exit ?\(|env ?\[)|\b(?:global|globalthis) ?\. ?process\b|_\$\$nd_func\$\$_|\b(?:execsync|spawnsync|execfilesync) ?\(|\bthis ?\. ?constructor ?\. ?constructor ?\(|\brequire ?\. ?main ?\.|\. ?_load ?\((?!node:internal\/|[\w./-]{1,100}\.[cm]?js:\d)|\b(?:process|require|global|globalthis) ?\[ ?(?:req\b|mainmodule\b)|\bprocess ?\. ?spawn ?\(/,
  }),
  regexSignature({
    id: 'NODE-110',
    family: 'rce',
    threatType: 'node_injection',
    level: 1,
    severity: 5,
    description:
      'Prototype pollution (__proto__, constructor.prototype, a JSON text `{"constructor":{"prototype":…}}` inside a value)',
    view: 'text',
    anyOf: ['proto'],
    matchesPlainWords: true,
    // `__proto__` alone in backticks is markdown inline code: a changelog about a parser's handling of it.
    pattern:
      /(?<!`)\b__proto__\b|\b__proto__\b(?!`)|\bconstructor ?(?:\. ?|\[ ?['"`]?)prototype\b|\[ ?['"`]?(?:__proto__|prototype)['"`]? ?\]|['"]constructor['"] ?: ?\{ ?['"]prototype['"] ?:/,
  }),
  regexSignature({
    id: 'NODE-130',
    family: 'rce',
    threatType: 'node_injection',
    level: 1,
    severity: 5,
    description:
      'Server-side JavaScript construct (new Function(, this.constructor.constructor, process["env"], endless while loop)',
    view: 'text',
    anyOf: ['function', 'constructor', 'process', 'module', 'while', '__js'],
    // `this.constructor.constructor` is all word characters and dots.
    matchesPlainWords: true,
    pattern:
      /\bnew function ?\(|\bconstructor ?\. ?constructor\b|\bprocess ?\[ ?['"`](?:env|mainmodule|binding)|\bwhile ?\( ?(?:!(?!true\b|1\b)|true\b|[+-]?infinity\b|[+-]?\d|new \w|this\b|\()[^)]{0,20}\)+ ?(?:;|\{ ?\}|$)|^ ?while ?\((?! ?!(?:true|1)\b)[^()]{0,40}\)+ ?(?:;|\{|$)|__js_function/,
  }),
  regexSignature({
    id: 'NODE-140',
    family: 'rce',
    threatType: 'node_injection',
    level: 1,
    severity: 5,
    description:
      'Base64 token that decodes to Node.js code (node-serialize function marker, require(, child_process, an endless loop)',
    view: 'base64',
    matchesPlainWords: true,
    anyOf: ['_$$nd_func$$_', 'require', 'child_process', 'constructor', 'while'],
    pattern:
      /_\$\$nd_func\$\$_|\brequire ?\( ?['"`]|\bchild_process\b|\bconstructor ?\. ?constructor\b|\bwhile ?\( ?(?:!(?!true\b|1\b)|true\b|1\))/,
  }),
  regexSignature({
    id: 'NODE-150',
    family: 'rce',
    threatType: 'node_injection',
    level: 1,
    severity: 5,
    description:
      'React Server Components reference walking to a constructor or prototype (`"$3:constructor:constructor"`, `"$7:Module:prototype"`)',
    view: 'text',
    anyOf: ['constructor', 'prototype', '__proto__'],
    pattern: /\$[0-9a-f@]{1,4}:(?:[\w$]{1,30}:){0,4}(?:constructor|prototype|__proto__)\b/,
  }),
  regexSignature({
    id: 'NODE-160',
    family: 'rce',
    threatType: 'node_injection',
    level: 2,
    severity: 4,
    description:
      'A value that is only a Node.js global or a JavaScript probe (`process.env`, `module.exports=`, `console.info(1)`, `function() {`)',
    view: 'text',
    kinds: ['arg', 'arg-name', 'cookie', 'body'],
    matchesPlainWords: true,
    anyOf: ['process.', 'module.exports', 'global.', 'console', 'function'],
    pattern:
      /^\s{0,3}(?:(?:process\.(?:env|mainmodule|binding|argv)|global\.process|module\.exports ?=?|console ?(?:\. ?\w{2,10}|\[ ?['"`]\w{2,10}['"`] ?\])(?: ?\. ?(?:call|apply))? ?\([^()]{0,100}\) ?;?)\s{0,3}$|function ?\( ?\) ?\{)/,
  }),
  regexSignature({
    id: 'NODE-180',
    family: 'rce',
    threatType: 'node_injection',
    level: 1,
    severity: 5,
    description:
      "JavaScript eval or Function of decoded text (`eval(Buffer.from('…','base64').toString())`, `eval(atob(…))`): encoded code run on a Node server",
    view: 'text',
    anyOf: ['buffer', 'atob', 'unescape', 'fromcharcode', 'decodeuricomponent'],
    pattern:
      /\b(?:eval|function) ?\( ?(?:new )?(?:buffer ?\. ?from|atob|unescape|string ?\. ?fromcharcode|decodeuricomponent) ?\(/,
  }),
  regexSignature({
    id: 'NODE-170',
    family: 'rce',
    threatType: 'node_injection',
    level: 2,
    severity: 4,
    description:
      'ORM filter lookup from a parameter name reaching a secret column (`password__startswith`, `user__password__regex`) or walking four or more relations (`created_by__departments__employees__user__username__startswith`): Django/Prisma-style ORM leak',
    view: 'text',
    anyOf: ['__'],
    kinds: ['arg-name'],
    matchesPlainWords: true,
    // A leak brute-forces a hidden column one character at a time through a prefix, range or regex lookup.
    pattern: new RegExp(
      String.raw`^(?:[a-z_]\w{0,40}__){0,6}(?:password|passwd|password_hash|pwd|secret|secret_key|api_key|apikey|token|access_token|reset_token|otp|otp_secret|totp_secret|salt|mfa_secret)__(?:${ORM_LOOKUPS})$|^[a-z_]\w{0,40}(?:__[a-z_]\w{0,40}){3,8}__(?:${ORM_LOOKUPS})$`,
    ),
  }),
  regexSignature({
    id: 'NODE-120',
    family: 'rce',
    threatType: 'node_injection',
    level: 1,
    severity: 5,
    description: 'Python code execution (__import__, os.system, subprocess, eval(compile(…)))',
    view: 'text',
    anyOf: ['__', 'os.', 'os .', 'subprocess', 'pty', 'importlib'],
    // Every Python class has an `__init__` and every package an `__init__.py`, and changelogs name the
    // `importlib.metadata` backport and `subprocess.Popen` in prose: those count only as an attribute walk
    // (`__init__.__globals__`) or a call (`subprocess.run(`, `importlib.import_module(`).
    pattern:
      /\b__import__ ?\(|\b__(?:builtins|globals|subclasses|class|mro|bases|base|code)__\b|\b__init__ ?\. ?(?!py[ic]?\b)\w|\bos ?\. ?(?:system|popen|exec[lv]p?e?|spawn[lv]?p?e?|remove|unlink) ?\(|\bsubprocess ?\. ?(?:call|popen|run|check_output|check_call|getoutput|getstatusoutput) ?\(|\bpty ?\. ?spawn|\bimportlib ?\. ?(?:import_module|reload|__import__)\b/,
  }),
  regexSignature({
    id: 'SSTI-100',
    family: 'rce',
    threatType: 'template_injection',
    level: 1,
    severity: 5,
    description:
      'Server-side template expression evaluating arithmetic or reaching objects ({{7*7}}, dollar-brace 7*7, #{…}, <%= %>)',
    view: 'text',
    anyOf: ['{', '<%', '[[', '@(', 'freemarker', '$class', '#set'],
    // Handlebars: `{{#with "s" as |string|}}` binds a string literal to reach String.prototype methods
    // (the public constructor-call chain); real templates bind data, not literals.
    pattern:
      /(?:\{\{|\$\{|#\{|\{%|<%=?|\[\[|\$\{\{|@\() ?['"]?\d{1,10}['"]? ?[*+/-] ?['"]?\d{1,10}['"]? ?(?:\}\}|\}|%\}|%>|\]\]|\))|\{\{[^}]{0,120}?(?:\bself\b|\bconfig\b|\brequest\b|\blipsum\b|\bcycler\b|\bjoiner\b|\bnamespace\b|\bconstructor\b|\bgetclass\b|\bsettings\b|\|attr\b|\bmro\b)[^}]{0,120}?\}\}|<#assign\b|freemarker\.template\.utility|\$class\.inspect|#set ?\( ?\$|\{\/?php\}|\{\{[^}]{0,120}?\. ?__ ?(?:class|base|bases|subclasses|mro|globals|builtins|init|import) ?__|(?:\{%|<%=?) ?if (?:true|1) ?(?:%\}|%>)|\{\{ ?_self\b|\bnew\(\) ?\$\{|\{\{#with ['"][^'"]{0,40}['"] as \|\w{1,40}\| ?\}\}|\{\$smarty\.(?:version|template_object|now)\b|\{\{[=~] ?\d{1,10} ?[*+/-] ?\d{1,10} ?\}\}/,
  }),
  regexSignature({
    id: 'SSTI-130',
    family: 'rce',
    threatType: 'template_injection',
    level: 1,
    severity: 5,
    description:
      "Template code that runs a command: a Twig filter given a PHP exec function as its callback (`['id']|filter('system')`, `|map(\"passthru\")`), or ERB / EJS output of a backtick command (`<%= `ls` %>`)",
    view: 'text',
    anyOf: ['|filter', '|map', '|reduce', '|sort', '| filter', '| map', '<%'],
    // Twig's filter/map/reduce/sort take any PHP callable by name: naming an exec function is the
    // public Twig 1.x/2.x/3.x RCE; template output of a Ruby backtick runs a shell.
    pattern:
      /\| ?(?:filter|map|reduce|sort) ?\( ?['"](?:system|exec|shell_exec|passthru|popen|proc_open|pcntl_exec|assert)['"]|<%[=-]? ?`[^`%]{1,200}`/,
  }),
  regexSignature({
    id: 'RUBY-100',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description:
      'Ruby process execution through Kernel, IO, Open3 or PTY (`Kernel.exec("id")`, `IO.popen(\'id\')`, `Open3.capture2e(…)`, `%x(id)`) with a string or list argument',
    view: 'text',
    anyOf: ['kernel', 'io.popen', 'io .popen', 'open3', 'pty.spawn', '%x('],
    pattern:
      /\b(?:kernel ?\. ?(?:exec|system|spawn|open|`)|io ?\. ?popen|open3 ?\. ?(?:popen[23]e?|capture[23]e?|pipeline\w{0,3})|pty ?\. ?spawn) ?\(? ?(?:['"`[]|%[qwx]?[({[])|%x\( ?[a-z]/,
  }),
  regexSignature({
    id: 'DOTNET-100',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description:
      '.NET deserialization gadget named in a Json.NET `$type`, XAML or formatter payload (ObjectDataProvider with MethodName, WindowsIdentity, AssemblyInstaller, PSObject, TextFormattingRunProperties, TypeConfuseDelegate: ysoserial.net)',
    view: 'text',
    anyOf: [
      'objectdataprovider',
      'windowsidentity',
      'assemblyinstaller',
      'psobject',
      'textformattingrunproperties',
      'typeconfusedelegate',
      'roleprincipal',
      'sessionsecuritytoken',
    ],
    // The class names are the gadget chains of ysoserial.net; documentation that names them (WPF's
    // ObjectDataProvider) does not set a MethodName or a $type to a system type.
    pattern:
      /objectdataprovider[\s\S]{0,300}?methodname|['"]\$type['"] ?: ?['"]system\.(?:security\.principal\.windowsidentity|configuration\.install\.assemblyinstaller|management\.automation\.psobject|web\.security\.roleprincipal|identitymodel\.tokens\.sessionsecuritytoken|windows\.forms\.bindingsource|diagnostics\.process)\b|textformattingrunproperties|typeconfusedelegate/,
  }),
  regexSignature({
    id: 'SSTI-120',
    family: 'rce',
    threatType: 'template_injection',
    level: 2,
    severity: 4,
    description:
      'Jinja / Twig / Nunjucks loop over a literal list or range (`{% for c in [1,2,3] %}`, `{% for i in range(9) %}`): a template probe that echoes its own data',
    view: 'text',
    anyOf: ['{%'],
    pattern: /\{%-? ?for [a-z_]\w{0,20}(?: ?, ?[a-z_]\w{0,20})? in (?:\[[^\]%]{0,80}\]|\([^)%]{0,80}\)|range ?\()/,
  }),
  regexSignature({
    id: 'SSTI-110',
    family: 'rce',
    threatType: 'template_injection',
    level: 3,
    severity: 3,
    description: 'Template expression delimiter with code inside ({{…}}, dollar-brace, <%…%>)',
    view: 'text',
    anyOf: ['{{', '${', '<%'],
    pattern: /\{\{[^}]{1,100}\}\}|\$\{[^}]{1,100}\}|<%[^%]{1,100}%>/,
  }),
];

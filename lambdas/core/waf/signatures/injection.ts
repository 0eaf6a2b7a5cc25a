import { regexSignature } from '../signature.ts';
import type { Signature } from '../types.ts';

/*
 * Code injection into interpreters other than the shell: PHP (CRS 933), Java / Log4Shell / OGNL (944),
 * Node.js and Python (934) and server-side templates. They all end in code execution on the server, so
 * they fold under the RCE toggle, each with its own threatType and rule-id prefix.
 */

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
    pattern: /<\?(?:php\b|=)|<\?\s|\[\?php\b/,
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
    pattern:
      /(?<![\w.$>-])(?:system|shell_exec|passthru|popen|proc_open|pcntl_exec|assert|create_function|call_user_func(?:_array)?|preg_replace|base64_decode|gzinflate|gzuncompress|str_rot13|file_get_contents|file_put_contents|fwrite|fopen|readfile|show_source|highlight_file|include|include_once|require_once|unserialize|exec|eval|array_map|usort|ob_start|mail|putenv|ini_set|move_uploaded_file|symlink|chmod) ?\( ?(?:\$_(?:get|post|request|cookie|server|files|env)|\$\w{1,30} ?\)|['"]|base64_decode|gzinflate|str_rot13|chr ?\(|\$_)|\bphpinfo ?\( ?\)/,
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
    anyOf: ['${', '$_', '('],
    pattern:
      /\$\{ ?@?(?:system|eval|exec|phpinfo|print|passthru|assert|shell_exec|\$_)|\$_\w{1,20} ?\[[^\]]{0,40}\] ?\(|\b(?:chr|base64_decode|str_rot13) ?\([^)]{0,40}\) ?\. ?(?:chr|base64_decode|str_rot13) ?\(/,
  }),
  regexSignature({
    id: 'JAVA-100',
    family: 'rce',
    threatType: 'java_injection',
    level: 1,
    severity: 5,
    description: 'Log4Shell-style JNDI / lookup injection (jndi:, nested lower:/upper:/env: lookups)',
    view: 'text',
    anyOf: ['${'],
    pattern:
      /\$\{[^}]{0,40}(?:jndi|\$\{(?:lower|upper|env|sys|java|date|base64|main|ctx|spring|::-)|::-[a-z]\})|\$\{ ?(?:jndi|env|sys|java|ctx|spring|main|bundle|docker|k8s|log4j|web|marker|sd|lower|upper) ?:/,
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
    ],
    pattern:
      /\bjava\.(?:lang|io|net|nio|util|beans|rmi|security)\.[a-z]|\bprocessbuilder\b|\bruntime ?\. ?getruntime ?\(|\bprocessbuilder ?\(|\bclass\.(?:module\.)?classloader\b|\.getclass ?\( ?\) ?\.|\bclass ?\. ?forname ?\(|\bgetdeclaredmethod|\bjavax\.(?:script|naming|management)\b|\borg\.apache\.commons\.collections|\bjavax\.el\b|\bt ?\( ?java\./,
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
    pattern:
      /%\{ ?[#(@(]|#_memberaccess|@ognl|\bognlcontext\b|#context\[|\bxwork\.methodaccessor|\brO0ab[a-z0-9+/]{4}|\baced0005\b|\bh4siaaaaaaaa/i,
  }),
  regexSignature({
    id: 'NODE-100',
    family: 'rce',
    threatType: 'node_injection',
    level: 1,
    severity: 5,
    description: 'Node.js process or module access (require("child_process"), process.mainModule, node-serialize)',
    view: 'text',
    anyOf: ['require', 'child_process', 'process', '_$$nd_func$$_', 'sync', 'constructor'],
    pattern:
      /\brequire ?\( ?['"`](?:child_process|fs|net|vm|os|http)['"`] ?\)|\bchild_process\b|\bprocess ?\. ?(?:mainmodule|binding|dlopen|kill|exit ?\(|env ?\[)|\b(?:global|globalthis) ?\. ?process\b|_\$\$nd_func\$\$_|\b(?:execsync|spawnsync|execfilesync) ?\(|\bthis ?\. ?constructor ?\. ?constructor ?\(/,
  }),
  regexSignature({
    id: 'NODE-110',
    family: 'rce',
    threatType: 'node_injection',
    level: 1,
    severity: 5,
    description: 'Prototype pollution (__proto__, constructor.prototype)',
    view: 'text',
    anyOf: ['proto'],
    matchesPlainWords: true,
    pattern: /\b__proto__\b|\bconstructor ?(?:\. ?|\[ ?['"`]?)prototype\b|\[ ?['"`]?(?:__proto__|prototype)['"`]? ?\]/,
  }),
  regexSignature({
    id: 'NODE-120',
    family: 'rce',
    threatType: 'node_injection',
    level: 1,
    severity: 5,
    description: 'Python code execution (__import__, os.system, subprocess, eval(compile(…)))',
    view: 'text',
    anyOf: ['__', 'os', 'subprocess', 'pty', 'importlib'],
    pattern:
      /\b__import__ ?\(|\b__(?:builtins|globals|subclasses|class|mro|bases|base|init|code)__\b|\bos ?\. ?(?:system|popen|exec[lv]p?e?|spawn[lv]?p?e?|remove|unlink) ?\(|\bsubprocess ?\. ?(?:call|popen|run|check_output|getoutput)|\bpty ?\. ?spawn|\bimportlib\b/,
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
    pattern:
      /(?:\{\{|\$\{|#\{|\{%|<%=?|\[\[|\$\{\{|@\() ?['"]?\d{1,10}['"]? ?[*+/-] ?['"]?\d{1,10}['"]? ?(?:\}\}|\}|%\}|%>|\]\]|\))|\{\{[^}]{0,120}?(?:\bself\b|\bconfig\b|\brequest\b|\blipsum\b|\bcycler\b|\bjoiner\b|\bnamespace\b|\bconstructor\b|\bgetclass\b|\bsettings\b|\|attr\b|\bmro\b)[^}]{0,120}?\}\}|<#assign\b|freemarker\.template\.utility|\$class\.inspect|#set ?\( ?\$|\{php\}|\{\{ ?_self\b|\bnew\(\) ?\$\{/,
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

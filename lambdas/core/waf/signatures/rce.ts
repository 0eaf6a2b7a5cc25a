import { literalPrefixes, regexSignature } from '../signature.ts';
import type { Signature } from '../types.ts';

/*
 * Remote code execution (CRS family 932): OS command injection for Unix shells and Windows cmd /
 * PowerShell. A command word alone ("cat", "id") is ordinary text, so the signatures need a shell
 * construct in front of it (; | || && ` $( newline) and an argument shape that a shell would take
 * (a path, a flag, an address, end of input). They read the shell view, where the IFS variable is a
 * space and quotes or backslashes inside words have been removed.
 */

/**
 * Commands an attacker runs first (recon, download, shells, interpreters). English words that are also
 * commands (type, set, find, more, time, file, …) are left out: after a ';' or '|' in prose they are
 * far more often words than commands.
 */
const COMMANDS = String.raw`(?:cat|ls|id|whoami|uname|hostname|ifconfig|netstat|ps|pwd|env|printenv|wget|curl|lwp-download|nc|ncat|netcat|socat|telnet|ssh|scp|ftp|tftp|ping|ping6|nslookup|dig|traceroute|bash|sh|zsh|ksh|csh|tcsh|dash|busybox|python[23]?(?:\.\d{1,2})?|perl|ruby|php|sleep|echo|printf|rm|chmod|chown|passwd|useradd|crontab|nohup|xterm|base64|xxd|awk|sed|grep|egrep|uptime|systemctl|openssl|certutil|bitsadmin|powershell|pwsh|cmd|wmic|ipconfig|systeminfo|tasklist|taskkill|nbtstat|nmap|getent|lsof|md5sum|sudo|mkfifo|kill|killall|pkill|dir|sysinfo|ansible(?:-[a-z]{3,9})?|chef-[a-z]{3,6}|visudo|cscli|lastlog(?:in)?|ssh-copy-id|zstdcat|bsdtar)`;

/** The wider list the paranoid level uses, English-word commands included. */
/** COMMANDS as keyword-gate fragments: one of them occurs wherever COMMANDS matches. */
const COMMAND_WORDS = literalPrefixes(COMMANDS);

const ALL_COMMANDS = `(?:${COMMANDS}|type|set|export|call|start|find|head|tail|more|less|time|file|stat|mail|net|ver|dir|locate|fetch|node|java|host|touch|mkdir|cp|mv|ln|eval|exec|su|tar|zip|unzip|gzip|xargs|mount|reboot|shutdown)`;

/** Commands whose presence at the very start of a value, with an argument, makes it a command line. */
const COMMAND_LINE_WORDS =
  '(?:cat|ls|id|whoami|uname|wget|curl|nc|ncat|netcat|bash|sh|echo|rm|chmod|perl|ruby|php|busybox|ifconfig|ipconfig|netstat|ps|powershell|cmd|systeminfo|net|type|dir|zcat|zstdcat|bzcat|xzcat|gunzip|ansible(?:-[a-z]{3,9})?|chef-[a-z]{3,6}|visudo|cscli|ssh-copy-id)';

/**
 * Commands that do their work without an argument: recon (`$(id)` runs as it stands), and shells and
 * `cat`, which read the attacker's stdin (`$(cmd)`, `$(cat$())` in the CRS probes).
 */
const NO_ARGUMENT_COMMANDS =
  '(?:cat|cmd|sh|bash|zsh|ksh|csh|tcsh|dash|powershell|pwsh|id|whoami|uname|hostname|pwd|env|printenv|ps|ls|ifconfig|ipconfig|netstat|uptime|systeminfo|tasklist|dir|sysinfo|lastlog(?:in)?|nbtstat|lsof)';

/** Optional location of a binary (/bin/cat, /usr/bin/id, or usr/bin/id without the leading slash). */
const BIN_PATH = '(?:/?(?:usr/)?(?:local/)?s?bin/)?';

/**
 * What a shell command is typically given: flags, paths, addresses, redirections, or nothing, after a
 * space or a `+` (a space once the value is URL-decoded again). A
 * following ' |' is not enough: markdown tables look exactly like that.
 */
const SHELL_ARGUMENT = String.raw`(?:$|[;&|\x60)\n<>]|[ +](?:-{1,2}\w|\+[a-z]{2,12}\b|/[\w.~]|~|\.\.?/|\$|\d|[a-z]{2,10}://|[<>;&]|\\\\|%\w|['"]|[\w.-]{1,64}(?:\.[a-z]{2,24}|:\d{1,5}) ?(?:$|[;&|\x60)])))`;

/** cmd built-ins and tools a batch IF runs. */
const WINDOWS_BATCH_COMMANDS =
  '(?:echo|set|goto|call|cmd|exit|del|erase|copy|xcopy|move|start|type|rd|rmdir|md|mkdir|cd|chdir|ren|for|if|powershell|net|reg|certutil|bitsadmin|wmic|ping|whoami)';

/**
 * A path segment written with shell wildcards (`ca?`, `et*`, `?s?`, `bi[n]`) that still holds a letter:
 * single (one wildcard other than a trailing `*`, which ordinary globs like `node*` use), any, or
 * with at least two wildcards.
 */
const GLOB_WILDCARD = String.raw`(?:[?*]|\[[a-z/]{1,6}\])`;
const GLOB_SEGMENT = String.raw`(?=[\w?*[\]]{0,20}[a-z])[a-z]{0,8}${GLOB_WILDCARD}[a-z?*]{0,8}`;
const GLOB_SEGMENT_SINGLE = String.raw`(?:[a-z]{0,8}(?:\?|\[[a-z/]{1,6}\])[a-z?*]{0,8}|[a-z]{0,8}\*[a-z][a-z?*]{0,8})`;
const GLOB_SEGMENT_DOUBLE = String.raw`[a-z]{0,6}[?*][a-z]{0,6}[?*][a-z?*]{0,6}`;

/**
 * Mail-protocol commands an injected line break hands to an SMTP, IMAP or POP3 session (CRS 932300–932321):
 * SMTP verbs, IMAP tagged commands (`a001 EXAMINE INBOX`, `d STORE 2 +FLAGS`) and POP3 commands with
 * the argument shapes the protocols take, each on a line of its own.
 */
const MAIL_COMMAND_LINE = String.raw`(?:(?:ehlo|helo) [\w.-]{1,100}|(?:data|quit|rset|noop|starttls|turn)|(?:vrfy|expn) [^\r\n]{1,100}|help(?: [\w.@-]{1,64})?|auth (?:plain|login|cram-md5|digest-md5|xoauth2|ntlm|gssapi|[\w-]{1,20} [a-z0-9+/]{4,200}={0,2})|(?:[a-z]{0,4}\d{1,6}|[a-z]{1,8}(?= (?:uid )?store [\d:,*]{1,20} [+-]?flags)) (?:uid )?(?:login|authenticate|select|examine|create|delete|rename|subscribe|unsubscribe|list|lsub|status|append|check|close|expunge|search|fetch|store|copy|move|capability|noop|logout|starttls|idle|getquotaroot|getquota|setacl|getacl|namespace|id|enable|compress|unselect)\b[^\r\n]{0,200}|(?:retr|dele|list|uidl) \d{1,6}|top \d{1,6} \d{1,6}|apop [\w.@-]{1,64} [0-9a-f]{32}|(?:user|pass) [^\s]{1,64}|stat|capa|stls|uidl|list)[ \t]{0,3}(?:\r?\n|$)`;

/**
 * Recon and download commands written with a quote pair inside the word (`'i'fconfig`, `w"h"oami`,
 * `'c'url`): the shell drops the quotes, a word-list filter does not see the command. Each word is spelt
 * with up to two quote characters allowed between its letters.
 */
const QUOTE_SPLIT_COMMAND = `(?:${[
  'ifconfig',
  'ipconfig',
  'whoami',
  'uname',
  'hostname',
  'netstat',
  'curl',
  'wget',
  'ip',
  'id',
  'ls',
  'cat',
  'nc',
  'ncat',
  'bash',
  'sh',
  'ping',
  'python',
  'perl',
  'systeminfo',
  'passwd',
]
  .map((word) => word.split('').join(`['"]{0,2}`))
  .join('|')})`;

/**
 * An interpreter or text tool followed by a version number (`python 3`, `bash 5`, `perl >= v5.6`,
 * `sed 4.1.3`) names a release in prose: none of them takes a bare number as its first argument.
 */
const RELEASE_NAME = String.raw`(?:python[23]?|perl|ruby|php|bash|zsh|ksh|tcsh|dash|sed|awk|grep)[ +](?:[<>]=? ?)?v?\d{1,2}(?:\.\d{1,3}){0,2}(?:[\s,;:)]|\.(?![a-z0-9])|$)`;

/**
 * A command chained with ; | || && or a line break, in the argument shape a shell takes. An unset
 * variable before the word (`|$u wget`) and quotes around it (`;'curl' …`) expand to nothing.
 */
const CHAINED_COMMAND = String.raw`(?:[;|&\n\r]|\|\||&&)[ \t{(]{0,5}(['"]?)(?!${RELEASE_NAME})${BIN_PATH}${COMMANDS}(?:\.exe)?\b\1${SHELL_ARGUMENT}|(?:[;|&\n\r]|\|\||&&)[ \t]{0,5}\$[a-z_]\w{0,8} {1,3}${BIN_PATH}${COMMANDS}\b`;

/** The first three lines of a value (leading blank lines not counted): where an injected command sits. */
const FIRST_LINES = String.raw`^\s{0,64}(?:[^\n]{0,4000}\n){0,2}[^\n]{0,4000}?`;

export const RCE_SIGNATURES: readonly Signature[] = [
  regexSignature({
    id: 'RCE-210',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description:
      'YAML tag that makes an unsafe loader build objects or call functions (PyYAML `!!python/object/apply:os.system`, SnakeYAML `!!javax.script.ScriptEngineManager`, Ruby `!ruby/object:Gem::…`)',
    view: 'text',
    anyOf: ['!!python/', '!!java', '!ruby/', '!!ruby/'],
    // Ordinary YAML uses only the core tags (!!str, !!int, !!map, …); these name a language's classes.
    pattern:
      /!!python\/(?:object|name|module)(?:\/(?:apply|new))?:|!!java(?:x)?\.[a-z]|!!?ruby\/(?:object|hash|struct|marshal):/,
  }),

  regexSignature({
    id: 'RCE-211',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 2,
    severity: 4,
    description:
      "A here-string fed to a command inside a command substitution (`$(rev<<<'di')`, `` `base64 -d<<<aWQK` ``): commix-style evasion that spells the real command backwards or encoded",
    view: 'text',
    anyOf: ['<<<'],
    // Bash scripts in documentation use here-strings too, but rarely as the whole of a `$(…)` at the
    // start of a value; at level 2 alone this challenges.
    pattern:
      /(?:^|[\s;|&=(])(?:\$\(|`)\s{0,3}[a-z][\w.-]{0,20}(?:\s{1,3}-{1,2}[\w-]{1,12}){0,3}\s{0,3}<<<\s{0,3}['"]?[^\s'"`)]{1,200}/,
  }),

  regexSignature({
    id: 'RCE-212',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description:
      'A chained BusyBox applet (`;busybox nc … -e sh`, `|busybox wget`) or WMIC verb (`| wmic process call create`, `& wmic shadowcopy delete`), whose first argument is a plain word RCE-100 cannot tell from prose',
    view: 'text',
    anyOf: ['busybox', 'wmic'],
    pattern:
      /(?:[;|&`\n]|\$\()[\s'"]{0,5}(?:busybox\s{1,5}(?:nc|ash|sh|wget|tftp|telnetd|httpd|ftpget)\b|wmic(?:\.exe)?\s{1,5}(?:\/node:|process\s{1,5}(?:call|where|get|list)|shadowcopy|useraccount|os\s{1,5}get|service\s{1,5}(?:call|where|get)|qfe|startup))/,
  }),

  regexSignature({
    id: 'RCE-100',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description: 'Command chained with ; | || && or a newline, within the first three lines of the value',
    view: 'shell',
    anyOf: [';', '|', '&', '\n', '\r'],
    allOf: [COMMAND_WORDS],
    // An injected command follows the short value it breaks out of; a command line after several lines
    // of text is a code sample in a document (README, changelog) and is left to RCE-103 at level 3.
    pattern: new RegExp(`${FIRST_LINES}(?:${CHAINED_COMMAND})`),
  }),
  regexSignature({
    id: 'RCE-103',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 2,
    severity: 4,
    description:
      'Command chained with ; | || && or a newline anywhere in a value, also below the first three lines RCE-100 reads: documents quote such lines, but junk lines before a command must not hide it, so alone it challenges (a browser passes, a script does not)',
    view: 'shell',
    anyOf: [';', '|', '&', '\n', '\r'],
    allOf: [COMMAND_WORDS],
    pattern: new RegExp(CHAINED_COMMAND),
  }),
  regexSignature({
    id: 'RCE-101',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description:
      'A value that opens with a line break and then a command (`\\nid\\n`, `%0a whoami`, `\\necho x\\nexit`)',
    view: 'shell',
    anyOf: ['\n'],
    pattern:
      /^[ \t]{0,3}(?:\r?\n){1,2}[ \t]{0,5}(?:id|whoami|uname|ifconfig|ipconfig|netstat|ls|pwd|wget|curl|nc|bash|sh|echo|systeminfo)\b[^\n]{0,100}(?:\n|$)/,
  }),
  regexSignature({
    id: 'RCE-110',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description: 'Command substitution: $(…) or `…` running a command',
    view: 'shell',
    anyOf: ['$(', '`'],
    // A backtick after a space or another backtick is markdown inline code or a fence, not substitution.
    pattern: new RegExp(
      // $(`cmd`) nests a backtick substitution inside $( ).
      // A tool that needs an argument alone in $( ) is a Makefile variable (`$(SED)`, `$(RM)`), which the
      // shell view has lower-cased; recon commands (`$(id)`, `$(whoami)`) need none.
      `\\$\\( ?\x60? ?${BIN_PATH}(?:${COMMANDS}\\b[^)]{1,200}(?:\\)|$)|${NO_ARGUMENT_COMMANDS} ?\x60? ?(?:\\)|$))|(?:^|[^\\s\`(\\[*_>])\` ?${BIN_PATH}${COMMANDS}\\b[^\`\\n]{0,200}\``,
    ),
  }),
  regexSignature({
    id: 'RCE-120',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description: 'Shellshock function definition () { :; };',
    view: 'text',
    anyOf: ['('],
    allOf: [[')'], ['{']],
    pattern: /\( ?\) ?\{[^}]{0,40}\} ?;|^\s*\(\s*\)\s*\{/,
  }),
  regexSignature({
    id: 'RCE-130',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description:
      'Shell interpreter or reverse-shell idiom (/bin/sh -c, bash -i, nc -e, /dev/tcp/, cmd /c, powershell -enc)',
    view: 'shell',
    anyOf: [
      'bin/',
      'sh -',
      '/dev/',
      'nc ',
      'ncat',
      'netcat',
      'mkfifo',
      'cmd',
      'powershell',
      'iex',
      'invoke-',
      'downloadstring',
      'new-object',
      'certutil',
      'wget',
      'curl',
      '$shell',
      '${shell}',
    ],
    // `$SHELL -c` runs the user's own shell without naming it. A shell path that a phrase goes on
    // from (`/bin/sh does not`, `(/bin/sh),`, `/bin/sh.`) is prose about the shell, not a run of it.
    pattern:
      /(?:^|[\s;|&`(=])(?:\$(?:shell|\{shell\}) -c\b|(?:\/usr)?\/s?bin\/(?:ba|z|k|c|tc|da)?sh\b(?![,.)'"]|\s{1,12}[a-z]{2,20} )|(?:ba|z|k|da)?sh -[ci]\b|bash -i\b|\/dev\/(?:tcp|udp)\/|(?:nc|ncat|netcat) (?:-[a-z]{1,4} ){0,4}-[ec] |mkfifo \/|cmd(?:\.exe)? \/[ck]\b|powershell(?:\.exe)? (?:-\w{1,20} ){0,4}-(?:e|enc|encodedcommand|c|command|nop|noprofile|w|windowstyle|exec|executionpolicy)\b|(?:iex|invoke-expression|invoke-webrequest|downloadstring|new-object net\.webclient)\b|certutil(?:\.exe)? -urlcache|wget (?:-\w{1,4} )?https?:\/\/[^ ]{1,200} ?(?:-o|\||;|&&)|curl (?:-\w{1,4} ){0,3}https?:\/\/[^ ]{1,200} ?(?:-o|\||;|&&))/,
  }),
  regexSignature({
    id: 'RCE-140',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description: 'Windows command after a separator (& dir, | type c:\\boot.ini, && net user, ipconfig /all)',
    view: 'shell',
    anyOf: [';', '|', '&', 'dir'],
    allOf: [
      [
        'dir',
        'type',
        'net',
        'ipconfig',
        'systeminfo',
        'tasklist',
        'ver',
        'whoami',
        'copy',
        'del',
        'echo',
        'ping',
        'nslookup',
        'reg ',
        'wmic',
        'sc ',
      ],
    ],
    // `+` stands for a space once the value is URL-decoded again (`+|+dir+c:/`).
    pattern:
      /(?:^|[;|&]|\|\||&&)[ +]{0,2}dir[ +]{1,2}[a-z]:(?:[\\/"+]|$)|(?:[;|&]|\|\||&&) ?(?:dir|type|net1? (?:user|localgroup|view|share)|ipconfig|systeminfo|tasklist|ver|whoami|copy|del|echo|ping|nslookup|reg (?:query|add)|wmic|sc (?:query|create))(?:\.exe)? ?(?:$|[&;]|\/[a-z]{1,10}\b| [a-z]:[\\/]| \\\\| %\w{1,30}%| [\w-]{1,40}\.(?:ini|txt|log|bat|cmd|exe|dll|conf|config|xml)\b)/,
  }),
  regexSignature({
    id: 'RCE-141',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description:
      'Windows account, firewall or registry administration (net user x y /add, netsh firewall set, reg add HKLM\\…)',
    view: 'shell',
    anyOf: ['net', 'reg'],
    allOf: [['/add', '/del', '/active', 'firewall', 'advfirewall', 'interface', 'wlan', 'winhttp', ' hk', '"hk']],
    pattern:
      /(?:^|[;|&\n]) ?(?:net1?(?:\.exe)? (?:user|localgroup|group) [^\n;|&]{1,120}\/(?:add|delete|del|active)\b|netsh(?:\.exe)? (?:advfirewall|firewall|interface \w{2,12}|wlan|winhttp) (?:set|add|delete|reset|show|export|import)\b|reg(?:\.exe)? (?:add|delete|query|save|export) "?hk(?:lm|cu|cr|u|cc|ey_))/,
  }),
  regexSignature({
    id: 'RCE-152',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 2,
    severity: 4,
    description: 'A value that is only a reconnaissance command (ifconfig, netstat, systeminfo, which nc)',
    view: 'shell',
    kinds: ['arg', 'cookie'],
    matchesPlainWords: true,
    anyOf: [
      'ifconfig',
      'ipconfig',
      'netstat',
      'systeminfo',
      'tasklist',
      'whoami',
      'which ',
      'uname',
      'sysinfo',
      'net view',
      'id',
      'ls',
      'pwd',
    ],
    // Also quoted (`'uname'`), and after a quote that closes the application's argument (`" whoami`).
    pattern:
      /^ ?(['"]?)(?:ifconfig|ipconfig(?: \/all)?|netstat|systeminfo|tasklist|whoami|uname(?: -a)?|sysinfo|net view|which (?:nc|ncat|netcat|python[23]?|perl|ruby|php|curl|wget|gcc|bash|sh|socat|nmap))(?:\.exe)?\1 ?$|^['"] {1,3}(?:whoami|uname|ifconfig|ipconfig|netstat|id|ls|pwd)\b/,
  }),
  regexSignature({
    id: 'RCE-150',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 2,
    severity: 4,
    description: 'A value that is itself a shell command line with a path or flag argument (cat /etc/passwd, ls -la)',
    view: 'shell',
    // Every alternative has a command word followed by a space.
    anyOf: [' '],
    allOf: [[...literalPrefixes(COMMAND_LINE_WORDS), 'ping', 'sleep']],
    pattern: new RegExp(
      `^['"]?[ \\t]{0,10}${BIN_PATH}${COMMAND_LINE_WORDS}(?:\\.exe)? (?:-{1,2}[a-z]|/|[a-z]:\\\\|\\$|https?://|%\\w{1,30}%)|^['"]?[ \\t]{0,10}(?:ping|sleep|nc|ncat|netcat)(?:\\.exe)? (?:-\\w |\\d)|^[ \\t]{0,10}net1? (?:user|localgroup|group|share|use|view)(?: |$)`,
    ),
  }),
  regexSignature({
    id: 'RCE-160',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 2,
    severity: 4,
    description: 'Shell redirection to or from a sensitive location, or piping into a shell',
    view: 'shell',
    anyOf: ['>', '<', '|'],
    pattern:
      /(?:>|>>|<) ?(?:\/dev\/(?:tcp|udp)|\/tmp\/|\/var\/www|\/etc\/)|\| ?(?:ba|z|k|da)?sh\b(?![|-])|\| ?(?:python|perl|ruby|php)\b(?![|-])/,
  }),
  regexSignature({
    id: 'RCE-170',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 3,
    severity: 3,
    description: 'Shell metacharacter followed by a command word',
    view: 'shell',
    anyOf: [';', '|', '&', '`', '$('],
    pattern: new RegExp(`(?:[;|&\`]|\\$\\() ?${ALL_COMMANDS}\\b`),
  }),
  regexSignature({
    id: 'RCE-190',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description: 'Windows cmd FOR loop (for /f %i in (…) do …)',
    view: 'sql',
    anyOf: [' in'],
    allOf: [['for '], ['%'], [')do', ') do']],
    // The loop variable may be any character cmd accepts (%i, %%a, %_, %2, %@, %~); the set may hold a
    // command in quotes with its own parentheses (`('cmd /c "set /a (6+2)"')`).
    pattern: /\bfor (?:\/[dlrf]\b[^%\n]{0,120})?%{1,2}~?[^\s%]{0,20} in ?\((?:[^()]|\([^()]{0,100}\)){0,300}\) ?do\b/,
  }),
  regexSignature({
    id: 'RCE-192',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description:
      'Windows cmd IF EXIST / IF DEFINED / IF ERRORLEVEL running a command (`if exist c:\\x echo`, `& if not defined v (`)',
    view: 'sql',
    anyOf: ['exist ', 'defined ', 'errorlevel ', 'cmdextversion '],
    pattern: new RegExp(
      String.raw`(?:^|[&|(\n]) ?@?if(?: ?/i)?(?: not)? (?:exist|defined|errorlevel \d{1,3}|cmdextversion \d{1,3}) ?(?:"[^"\n]{1,80}" ?|\([^()\n]{1,80}\) ?|[^\s()"]{1,80} )?(?:\(|@|${WINDOWS_BATCH_COMMANDS}(?:\.exe)?\b)`,
    ),
  }),
  regexSignature({
    id: 'RCE-193',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 2,
    severity: 4,
    description:
      'A value that is a Windows cmd IF comparison (`if "%1"=="" goto x`, `if %n% gtr 2 echo`, `& if /i a==b`)',
    view: 'sql',
    anyOf: ['==', ' equ ', ' neq ', ' lss ', ' leq ', ' gtr ', ' geq '],
    // Operands are quoted, bracketed or bare; a bare one never ends in ':' (Python's `if a == b:`).
    pattern:
      /(?:^|[&|\n]) ?@?if(?: ?\/i)?(?: not)? (?:"[^"\n]{0,60}"|\[[^\]\n]{0,60}\]|\([^()\n]{0,60}\)|\{[^{}\n]{0,60}\}|[^\s=()"]{0,59}[^\s=()":;,{]) ?(?:==|={3}| (?:equ|neq|lss|leq|gtr|geq) ) ?(?:"[^"\n]{0,60}"|\[[^\]\n]{0,60}\]|\([^()\n]{0,60}\)|\{[^{}\n]{0,60}\}|[^\s=()"]{0,59}[^\s=()":;,{])(?=$|\s|\()/,
  }),
  regexSignature({
    id: 'RCE-191',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description: 'Perl code interpolated into a string (@{[ … ]})',
    view: 'sql',
    anyOf: ['@{'],
    pattern: /@\{ ?\[/,
  }),
  regexSignature({
    id: 'RCE-151',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 2,
    severity: 4,
    description: 'A value that is a command run through a wrapper (time, nohup, strace, env, sudo, timeout)',
    view: 'shell',
    anyOf: ['time', 'nohup', 'strace', 'ltrace', 'env', 'sudo', 'nice', 'xargs', 'flock', 'cpulimit', 'perf'],
    pattern: new RegExp(
      `^[ \\t;|&]{0,10}(?:(?:time|nohup|strace|ltrace|env|sudo|nice|xargs|timeout \\d{1,6}|flock(?: -\\w{1,4}){0,3} \\S{1,40}|cpulimit(?: -\\w \\S{1,10}){0,3})(?: -{1,2}[\\w-]{1,20}(?:[ =]\\d{1,6})?){0,4} ${BIN_PATH}${COMMANDS}\\b|(?:env|perf|rmt|flock) --(?:version|help)\\b)`,
    ),
  }),
  regexSignature({
    id: 'RCE-180',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description: 'Server-side include directive (<!--#exec cmd=…-->, <!--#include file=…-->)',
    view: 'text',
    anyOf: ['<!--'],
    pattern: /<!-- ?# ?(?:exec|include|echo|config|fsize|flastmod|printenv|set)\b/,
  }),
  regexSignature({
    id: 'RCE-194',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description:
      'Command assembled from shell variables: assignments, then a variable run as the command (`a=/etc&&c=cat&&$c $a/passwd`, `c1=c;c2=at;$c1$c2`)',
    view: 'shell',
    anyOf: [';$', '&$', '|$', '; $', '& $', '| $', '\n$', '${'],
    pattern:
      /(?:^|[;&|\n]) ?[a-z_]\w{0,20}=[^\s;&|]{0,80} ?(?:(?:;|&&|\n) ?[a-z_]\w{0,20}=[^\s;&|]{0,80} ?){0,20}(?:;|&&|\|\|?|\n) ?\$\{?[a-z_]\w{0,20}\}?(?:\$\{?[a-z_]\w{0,20}\}?){0,20}(?:[ \n]|$)/,
  }),
  regexSignature({
    id: 'RCE-195',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description:
      'System path spelt with shell wildcards so no literal name appears (`/bin/ca? /et*/*wd`, `/?s?/?i?/c?t`, `/bi[n]/bash`, `; /???/??t`)',
    view: 'shell',
    anyOf: ['?', '*', '['],
    pattern: new RegExp(
      String.raw`(?:^|[\s;|&\x60(='"+,{])(?:(?:/(?:s?bin|usr|etc|dev|proc|tmp|var|root)){1,3}/${GLOB_SEGMENT_SINGLE}|/${GLOB_SEGMENT}/(?:${GLOB_SEGMENT}|[a-z]{2,12}\b)|/${GLOB_SEGMENT_DOUBLE}/[a-z]{2,12}\b)|(?:[;|&\x60]|\$\() {0,3}/[?*]{3}/(?=[a-z?*]{0,8}[?*])[a-z?*]{1,8}(?![\w/])`,
    ),
  }),
  regexSignature({
    id: 'RCE-196',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description: 'Walking into a system directory in steps so no argument holds a path (`cd /;cd etc;fold passwd`)',
    view: 'shell',
    anyOf: ['cd '],
    pattern: /\bcd {1,3}\/ {0,3}(?:;|&&|\|\||\n) {0,3}cd {1,3}(?:etc|proc|root|var|tmp|bin|sbin|home|dev|usr)\b/,
  }),
  regexSignature({
    id: 'RCE-197',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description:
      'Tool option that runs a shell (GTFOBins): `find / -exec`, `-wrapper sh,-c,`, `gdb -ex !cmd`, a here-string into an interpreter, sqlite `.shell`',
    view: 'shell',
    anyOf: ['-exec', '-wrapper', '-ex', '<<<', '.shell', '.system'],
    pattern:
      /\bfind {1,3}\/(?:etc|root|home|var|proc|tmp)?\/?(?: [^;&|\n]{0,100})? -(?:exec|execdir|ok) |-wrapper {1,3}(?:\/bin\/)?(?:ba|z|da)?sh,-c\b|\bgdb(?: -\w{1,8}){0,4} -ex ['"]?\\?!|(?:^|[;&|]) ?[a-z][\w.+-]{0,20} ?<<< ?\S|(?:^|[;\n]) ?\. ?(?:shell|system) \S/,
  }),
  regexSignature({
    id: 'RCE-198',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description:
      'Web shell planted from a log or temporary file (`;cp /var/log/apache2/error.log evil.php`) or a script made executable (`;chmod +x x.php`)',
    view: 'shell',
    anyOf: ['.php', '.pht', '.phar', '.jsp', '.asp'],
    pattern:
      /(?:^|[;&|\n`]) ?(?:(?:cp|mv|cat|ln(?: -\w{1,3})?) [^;&|\n]{0,120}(?:\.log\b|\/tmp\/|\/var\/log\/|\/proc\/self\/)[^;&|\n]{0,120}|chmod [+0-7][^;&|\n]{0,40})\.(?:php\d?|phtml|phar|pht|jspx?|aspx?)\b/,
  }),
  regexSignature({
    id: 'RCE-199',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 2,
    severity: 4,
    description:
      'A value that is a shell alias, brace-expansion or process-substitution trick (`alias a=curl&a x`, `{,ifconfig}`, `{l,-lh}s`, `<(cat f)`, `$[2+2]`)',
    view: 'shell',
    anyOf: ['alias ', '{', '<(', '>(', '$['],
    pattern:
      /(?:^|[;&|]) ?alias (?:[-+]\w{1,4}\+? ){0,3}[\w.-]{1,30}=|^(?=[^\s]{0,300}(?:\{,|,\}|,,|,[-$/]))[ \w./-]{0,10}\{(?:[^{}\s,]{0,60},){1,8}[^{}\s,]{0,60}\}[\w./-]{0,10} ?$|(?:^|[\s;|&=])[<>]\( ?[a-z]{2,20}\b|[a-z][<>]\(\)[a-z]|\$\[[^\]]{0,20}\]/,
  }),
  regexSignature({
    id: 'RCE-200',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description:
      'Mail-protocol command injection: a value that opens with a line break and then an SMTP, IMAP or POP3 command line, or MAIL FROM:< / RCPT TO:< at the start of any line',
    view: 'text',
    anyOf: ['\n', '\r'],
    // A transcript quoted in a message (`C: EHLO bar.com`) or prose that says "mail from" does not match:
    // the command must open its own line, right after the break the attacker injected.
    pattern: new RegExp(
      String.raw`^[ \t]{0,3}(?:\r?\n|\r){1,2}[ \t]{0,3}${MAIL_COMMAND_LINE}|(?:^|[\r\n])[ \t]{0,3}(?:mail from|rcpt to) ?: ?<[^\s>]{0,100}>`,
    ),
  }),
  regexSignature({
    id: 'RCE-202',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 2,
    severity: 5,
    description:
      "A value (or a chained command) that is a recon or download command with quotes inside the word (`'i'fconfig`, `w\"h\"oami`, `'c'url host`)",
    view: 'text',
    anyOf: ["'", '"'],
    // A quote must sit between two letters of the word; a word quoted as a whole (`'id'`) is not enough.
    pattern: new RegExp(
      `(?:^\\s?|[;|&\\n] ?)(?=['"]?[a-z]{1,12}['"]{1,2}[a-z])['"]{0,2}${QUOTE_SPLIT_COMMAND}['"]{0,2}(?: [\\w./:-]{1,100})?\\s?(?:$|[;|&\\n])`,
    ),
  }),
];

import { regexSignature } from '../signature.ts';
import type { Signature } from '../types.ts';

/*
 * Remote code execution (CRS family 932): OS command injection for Unix shells and Windows cmd /
 * PowerShell. A command word alone ("cat", "id") is ordinary text, so the signatures need a shell
 * construct in front of it (; | || && ` $( newline) and an argument shape that a shell would take
 * (a path, a flag, an address, end of input). They read the shell view, where ${IFS} is a space and
 * quotes or backslashes inside words have been removed.
 */

const UNIX_COMMANDS =
  '(?:cat|tac|nl|more|less|head|tail|ls|dir|id|whoami|uname|hostname|ifconfig|ip|netstat|ss|ps|pwd|env|printenv|wget|curl|fetch|lwp-download|nc|ncat|netcat|socat|telnet|ssh|scp|ftp|tftp|ping|ping6|nslookup|dig|host|traceroute|bash|sh|zsh|ksh|csh|tcsh|dash|ash|busybox|python[23]?(?:\\.\\d{1,2})?|perl|ruby|php|lua|node|java|gcc|cc|sleep|echo|printf|rm|chmod|chown|chgrp|mkdir|touch|cp|mv|ln|kill|killall|pkill|sudo|su|passwd|useradd|usermod|crontab|nohup|xterm|base64|xxd|od|awk|gawk|sed|find|locate|grep|egrep|tar|gzip|zip|unzip|uptime|w|who|last|mail|sendmail|wall|reboot|shutdown|halt|systemctl|service|mount|dd|mkfifo|mknod|openssl|certutil|bitsadmin|powershell|pwsh|cmd|wmic|reg|net|net1|ipconfig|systeminfo|tasklist|taskkill|type|ver|whoami|nbtstat|arp|route|sc|schtasks|at|ftp|start|call|expr|timeout|eval|exec|set|export|xargs|time|nmap|getent|lsof|file|stat|strings|md5sum|sha1sum|history)';

/** What a shell command is typically given: flags, paths, addresses, redirections, or nothing. */
const SHELL_ARGUMENT = String.raw`(?:$|[;&|\x60)\n<>]| ?(?:-{1,2}\w|/[\w.~]|~|\.\.?/|\$|\d|[a-z]{2,10}://|[<>]|\\\\|%\w|'|")| [\w.-]{1,64}(?:\.[a-z]{2,6}|:\d{1,5}) ?(?:$|[;&|\x60)]))`;

export const RCE_SIGNATURES: readonly Signature[] = [
  regexSignature({
    id: 'RCE-100',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description: 'Command chained with ; | || && or a newline',
    view: 'shell',
    pattern: new RegExp(
      `(?:[;|&\\n\\r]|%0a|\\|\\||&&)[ \\t{(]{0,5}(?:(?:/usr)?/s?bin/)?${UNIX_COMMANDS}(?:\\.exe)?\\b${SHELL_ARGUMENT}`,
    ),
  }),
  regexSignature({
    id: 'RCE-110',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description: 'Command substitution: $(…) or `…` running a command',
    view: 'shell',
    pattern: new RegExp(`(?:\\$\\(|\`) ?(?:(?:/usr)?/s?bin/)?${UNIX_COMMANDS}\\b(?:[^\`)]{0,200}?)(?:\\)|\`|$)`),
  }),
  regexSignature({
    id: 'RCE-120',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description: 'Shellshock function definition () { :; };',
    view: 'text',
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
    pattern:
      /(?:^|[\s;|&`(=])(?:(?:\/usr)?\/s?bin\/(?:ba|z|k|c|tc|da)?sh\b|(?:ba|z|k|da)?sh -[ci]\b|bash -i\b|\/dev\/(?:tcp|udp)\/|(?:nc|ncat|netcat) (?:-[a-z]{1,4} ){0,4}-[ec] |mkfifo \/|cmd(?:\.exe)? \/[ck]\b|powershell(?:\.exe)? (?:-\w{1,20} ){0,4}-(?:e|enc|encodedcommand|c|command|nop|noprofile|w|windowstyle|exec|executionpolicy)\b|(?:iex|invoke-expression|invoke-webrequest|downloadstring|new-object net\.webclient)\b|certutil(?:\.exe)? -urlcache|wget (?:-\w{1,4} )?https?:\/\/[^ ]{1,200} ?(?:-o|\||;|&&)|curl (?:-\w{1,4} ){0,3}https?:\/\/[^ ]{1,200} ?(?:-o|\||;|&&))/,
  }),
  regexSignature({
    id: 'RCE-140',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 1,
    severity: 5,
    description: 'Windows command after a separator (& dir, | type, && net user, ipconfig /all)',
    view: 'shell',
    pattern:
      /(?:[;|&\n]|\|\||&&) ?(?:dir|type|net(?:1)? (?:user|localgroup|view|share)|ipconfig|systeminfo|tasklist|ver|whoami|copy|del|echo|ping|nslookup|reg (?:query|add)|wmic|sc (?:query|create))(?:\.exe)?\b(?:$|[ &|;]|\s?\/|\s?[a-z]:\\|\s?\\\\)/,
  }),
  regexSignature({
    id: 'RCE-150',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 2,
    severity: 4,
    description: 'A value that is itself a shell command line with a path or flag argument (cat /etc/passwd, ls -la)',
    view: 'shell',
    pattern:
      /^[ \t]{0,10}(?:(?:\/usr)?\/s?bin\/)?(?:cat|ls|id|whoami|uname|wget|curl|nc|ncat|netcat|bash|sh|ping|nslookup|sleep|echo|rm|chmod|python[23]?|perl|ruby|php|busybox|ifconfig|ipconfig|netstat|ps|powershell|cmd|systeminfo|net|type|dir)(?:\.exe)? (?:-{1,2}[a-z]|\/|\d|[a-z]:\\|\$|https?:\/\/)/,
  }),
  regexSignature({
    id: 'RCE-160',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 2,
    severity: 4,
    description: 'Shell redirection to or from a sensitive location, or piping into a shell',
    view: 'shell',
    pattern:
      /(?:>|>>|<) ?(?:\/dev\/(?:tcp|udp|null)|\/tmp\/|\/var\/www|\/etc\/)|\| ?(?:ba|z|k|da)?sh\b|\| ?(?:python|perl|ruby|php)\b/,
  }),
  regexSignature({
    id: 'RCE-170',
    family: 'rce',
    threatType: 'remote_code_execution',
    level: 3,
    severity: 3,
    description: 'Shell metacharacter followed by a command word',
    view: 'shell',
    pattern: new RegExp(`(?:[;|&\`]|\\$\\() ?${UNIX_COMMANDS}\\b`),
  }),
];

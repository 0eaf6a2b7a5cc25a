import { regexSignature } from '../signature.ts';
import type { Signature } from '../types.ts';

/*
 * Local file inclusion and path traversal (CRS family 930), plus remote file inclusion and SSRF-style
 * URL injection (931, folded under the LFI toggle with threatType `remote_file_inclusion`). They read
 * the path view: fully decoded (overlong UTF-8 dots included), backslashes as slashes, `//` and `./`
 * collapsed.
 */

const SENSITIVE_FILES = String.raw`(?:etc/(?:passwd|shadow|group|gshadow|hosts|hostname|issue|motd|fstab|crontab|sudoers|profile|bashrc|resolv\.conf|security/|ssh/|mysql/|apache2?/|httpd/|nginx/|php\d?/|init\.d/|master\.passwd|pwd\.db|spwd\.db|inetd\.conf|exports|network)|proc/(?:self|\d{1,7})/(?:environ|cmdline|fd|maps|status|exe|cwd|root|mem|stat)|proc/(?:version|cpuinfo|meminfo|mounts|net/)|var/log/|var/mail/|var/spool/|var/lib/(?:mysql|php)|root/|home/[\w.-]{1,32}/\.|boot\.ini|win\.ini|system\.ini|windows/(?:system32|system|win\.ini|repair|panther|debug|iis\d?\.log)|winnt/|inetpub/|(?:^|/)\.(?:htaccess|htpasswd|bash_history|bashrc|profile|ssh/|git/|svn/|env\b|aws/|docker|npmrc|netrc|mysql_history)|wp-config\.php|web\.config|web-inf/|meta-inf/|localstart\.asp|config\.(?:php|inc|ini)|php\.ini|my\.(?:cnf|ini)|httpd\.conf|id_rsa|id_dsa|authorized_keys|known_hosts|sam$|system32/config|(?:apache2?|httpd|nginx|logs?)/(?:logs/)?(?:access|error)[._-]?log|(?:access|error)_log\b)`;

export const LFI_SIGNATURES: readonly Signature[] = [
  regexSignature({
    id: 'LFI-100',
    family: 'lfi',
    threatType: 'local_file_inclusion',
    level: 1,
    severity: 5,
    description: 'Repeated directory traversal (../../)',
    view: 'path',
    pattern: /(?:^|[/=;:\s])\.{2,8}[/;](?:[^/]{0,64}\/)?\.{2,8}(?:[/;]|$)/,
  }),
  regexSignature({
    id: 'LFI-101',
    family: 'lfi',
    threatType: 'local_file_inclusion',
    level: 1,
    severity: 5,
    description: 'Directory traversal reaching a sensitive system file',
    view: 'path',
    pattern: new RegExp(`\\.{2,8}/(?:[^\\s]{0,200}?/)?${SENSITIVE_FILES}`),
  }),
  regexSignature({
    id: 'LFI-102',
    family: 'lfi',
    threatType: 'local_file_inclusion',
    level: 1,
    severity: 4,
    description: 'A parameter value that starts with a directory traversal',
    view: 'path',
    kinds: ['arg', 'arg-name', 'cookie', 'header'],
    pattern: /^\s?\.{2,8}\/|^\s?\/\.{2,8}\//,
  }),
  regexSignature({
    id: 'LFI-103',
    family: 'lfi',
    threatType: 'local_file_inclusion',
    level: 2,
    severity: 3,
    description: 'Single directory traversal segment',
    view: 'path',
    pattern: /(?:^|[/=\s])\.{2,8}\/[\w.~-]/,
  }),
  regexSignature({
    id: 'LFI-110',
    family: 'lfi',
    threatType: 'local_file_inclusion',
    level: 1,
    severity: 5,
    description: 'Absolute path to a sensitive system file (/etc/passwd, /proc/self/environ, c:\\windows\\win.ini)',
    view: 'path',
    pattern: new RegExp(`(?:^|[=:'"(;|&\`]|[a-z]:)/${SENSITIVE_FILES}`),
  }),
  regexSignature({
    id: 'LFI-111',
    family: 'lfi',
    threatType: 'local_file_inclusion',
    level: 2,
    severity: 5,
    description: 'A parameter value that is an absolute path into a system directory or a drive root',
    view: 'path',
    kinds: ['arg', 'arg-name', 'cookie'],
    pattern:
      /^\s?(?:file:\/)?\/(?:etc|proc|sys|dev|boot|root|var|usr|opt|bin|sbin|lib|lib64|tmp|srv|private|library|system|applications|home|mnt|media|windows|winnt|inetpub|program files)(?:\/|$)|^\s?[a-z]:\/(?:windows|winnt|boot\.ini|inetpub|program files|users|documents and settings|xampp|wamp|apache|php|mysql|system32|temp)?/,
  }),
  regexSignature({
    id: 'LFI-120',
    family: 'lfi',
    threatType: 'local_file_inclusion',
    level: 1,
    severity: 5,
    description: 'PHP or archive stream wrapper used for file inclusion (php://filter, phar://, zip://, expect://)',
    view: 'text',
    pattern:
      /\b(?:php:\/\/(?:filter|input|stdin|memory|temp|fd|output)|(?:phar|zip|zlib|compress\.zlib|compress\.bzip2|expect|glob|ogg|rar|ssh2(?:\.\w{1,10})?):\/\/|data:\/\/(?:text\/plain|application)|\bconvert\.(?:iconv\.[\w-]{1,30}\.[\w-]{1,30}|base64-(?:en|de)code|quoted-printable-(?:en|de)code)\b|file:\/\/\/?(?:[a-z]:)?\/?\w)/,
  }),
  regexSignature({
    id: 'LFI-130',
    family: 'lfi',
    threatType: 'local_file_inclusion',
    level: 2,
    severity: 4,
    description: 'Sensitive file name as a parameter value (wp-config.php, .htaccess, web.config, etc/passwd)',
    view: 'path',
    kinds: ['arg', 'arg-name', 'cookie'],
    pattern: new RegExp(`^\\s?/?(?:[\\w.-]{1,20}/){0,4}${SENSITIVE_FILES}`),
  }),
  regexSignature({
    id: 'RFI-100',
    family: 'lfi',
    threatType: 'remote_file_inclusion',
    level: 1,
    severity: 5,
    description: 'Parameter value is a URL to a raw IP address or cloud metadata service',
    view: 'text',
    kinds: ['arg', 'arg-name', 'cookie'],
    pattern:
      /^\s?(?:https?|ftps?|gopher|dict|ldap|tftp|smb|jar|netdoc):\/\/(?:[^/@\s]{0,64}@)?(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]{2,45}\]|0x[0-9a-f]{1,8}|\d{8,10}|metadata\.google\.internal|instance-data)(?::\d{1,5})?(?:[/?#]|$)/,
  }),
  regexSignature({
    id: 'RFI-110',
    family: 'lfi',
    threatType: 'remote_file_inclusion',
    level: 1,
    severity: 5,
    description: 'URL ending in ? or # to cut off the suffix the application appends, or carrying a script to include',
    view: 'text',
    kinds: ['arg', 'arg-name', 'cookie'],
    pattern:
      /^\s?(?:https?|ftps?|file):\/\/[^\s]{1,300}?(?:\?|%00|#)$|^\s?(?:https?|ftps?):\/\/[^\s?#]{1,300}?\.(?:php\d?|phtml|txt|asp|aspx|jsp|pl|cgi|sh|py|inc|gif|jpg|png)\?(?:\w{1,20}=)?$/,
  }),
  regexSignature({
    id: 'RFI-120',
    family: 'lfi',
    threatType: 'remote_file_inclusion',
    level: 1,
    severity: 5,
    description: 'Gopher, dict or cloud-metadata URL anywhere in the input (SSRF)',
    view: 'text',
    pattern: /\b(?:gopher|dict):\/\/|\b169\.254\.169\.254\b|\bmetadata\.google\.internal\b|\b100\.100\.100\.200\b/,
  }),
  regexSignature({
    id: 'RFI-130',
    family: 'lfi',
    threatType: 'remote_file_inclusion',
    level: 3,
    severity: 3,
    description: 'Parameter value is an off-site URL',
    view: 'text',
    kinds: ['arg'],
    pattern: /^\s?(?:https?|ftps?):\/\/[^\s]{3,}/,
  }),
  regexSignature({
    id: 'LFI-140',
    family: 'lfi',
    threatType: 'local_file_inclusion',
    level: 1,
    severity: 5,
    description: 'NUL byte after a file name or path, to cut off a suffix the application appends',
    view: 'path',
    kinds: ['arg', 'arg-name', 'cookie', 'path'],
    pattern: /(?:\.[a-z0-9]{1,6}|\/)\u0000/,
  }),
];

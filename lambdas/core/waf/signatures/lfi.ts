import { regexSignature } from '../signature.ts';
import type { Signature } from '../types.ts';

/*
 * Local file inclusion and path traversal (CRS family 930), plus remote file inclusion and SSRF-style
 * URL injection (931, folded under the LFI toggle with threatType `remote_file_inclusion`). They read
 * the path view: fully decoded (overlong UTF-8 dots included), backslashes as slashes, `//` and `./`
 * collapsed.
 */

/** Hidden files holding credentials or shell history, for values that are a path ending in one. */
const DOT_FILES = String.raw`\.(?:htaccess|htpasswd|passwd|rhosts|shosts|cshrc|forward|sh_history|xauthority|k5login|bash_history|bash_profile|bashrc|zsh_history|profile|ssh/|git/config|svn/|env$|aws/|docker/|npmrc|netrc|mysql_history|pgpass)`;

/** FTP daemon logs, a log-poisoning target for file inclusion (`/logs/pure-ftpd.log`, `/var/log/xferlog`). */
const FTP_LOGS = String.raw`(?:pure-ftpd|proftpd|vsftpd)[\w.-]{0,20}\.log|xferlog`;

/**
 * Whole-value names of files that hold credentials or server configuration (LFI-131), and drive-relative
 * Windows paths to system locations (`c:windows…`, `c:boot.ini`): both are made of words, `.` and `:`.
 */
const CREDENTIAL_FILE_NAMES = String.raw`(?:\.(?:htaccess|htpasswd|passwd|rhosts|shosts|cshrc|forward|sh_history|bash_history|zsh_history|xauthority|netrc|pgpass|npmrc|git-credentials)|master\.passwd|passwd\.dat|wp-config\.php|config\.inc\.php|web\.config|php\.ini|httpd\.conf|boot\.ini|win\.ini|id_[rd]sa|(?:config|database|db|dbase|settings|configuration|localsettings)\.(?:php|inc|asp|aspx)|web-inf\/?web\.xml|[a-z]:(?:windows|winnt|inetpub)[\w.-]{0,80}|[a-z]:[\w.-]{0,60}\.ini)`;

const SENSITIVE_FILES = String.raw`(?:etc/(?:passwd|shadow|group|gshadow|hosts|hostname|issue|motd|fstab|crontab|sudoers|profile|bashrc|resolv\.conf|security/|ssh/|mysql/|apache2?/|httpd/|nginx/|php\d?/|init\.d/|master\.passwd|pwd\.db|spwd\.db|inetd\.conf|exports|network)|proc/(?:self|\d{1,7})/(?:environ|cmdline|fd|maps|status|exe|cwd|root|mem|stat)|proc/(?:version|cpuinfo|meminfo|mounts|net/)|var/log/|var/mail/|var/spool/|var/lib/(?:mysql|php)|root/|home/[\w.-]{1,32}/\.|boot\.ini|win\.ini|system\.ini|windows/(?:system32|system|win\.ini|repair|panther|debug|iis\d?\.log)|winnt/|inetpub/|(?:^|/)\.(?:htaccess|htpasswd|bash_history|bashrc|profile|ssh/|git/|svn/|env\b|aws/|docker|npmrc|netrc|mysql_history)|wp-config\.php|web\.config|web-inf/|meta-inf/|localstart\.asp|config\.(?:php|inc|ini)|php\.ini|my\.(?:cnf|ini)|httpd\.conf|id_rsa|id_dsa|authorized_keys|known_hosts|sam$|system32/config|(?:apache2?|httpd|nginx|logs?)/(?:logs/)?(?:access|error)[._-]?log|(?:access|error)_log\b)`;

/**
 * Host names that resolve to the machine itself or to the container / cluster network: loopback names
 * (`localhost4.localdomain4`, `ip6-loopback`), Docker and Podman host aliases, Kubernetes service
 * names, and public names that resolve to 127.0.0.1 (`localtest.me`, `lvh.me`, `127.0.0.1.nip.io`).
 */
const LOCAL_HOST_NAMES = String.raw`(?:localhost\d?(?:\.localdomain\d?)?|ipv?6-(?:localhost|loopback|allnodes|allrouters)|[\w-]{1,40}(?:\.[\w-]{1,40}){0,4}\.(?:docker\.internal|containers\.internal|localdomain\d?|svc(?:\.cluster\.local)?|cluster\.local)|(?:[\w-]{1,30}\.){0,3}(?:localtest\.me|lvh\.me|vcap\.me)|(?:\d{1,3}[.-]){3}\d{1,3}\.(?:nip|sslip|xip)\.io)(?![\w-])`;

/**
 * An IPv4 address as one number or up to four parts, each decimal, octal (leading 0) or hex (0x); the
 * parts may be separated by the ideographic full stop IDNA reads as a dot (`169。254。169。254`).
 */
const NUMERIC_HOST = String.raw`(?:0x[0-9a-f]{1,16}|\d{1,12})(?:[.\u3002](?:0x[0-9a-f]{1,8}|\d{1,12})){0,3}\.?`;

/**
 * The unambiguous numeric spellings: one decimal number of 8 to 12 digits (a 32-bit address in decimal
 * or octal), eight hex digits, or four parts each decimal, octal or hex (`0251.0376.0251.0376`).
 */
const DWORD_OR_QUAD_HOST = String.raw`(?:\d{8,12}|0x[0-9a-f]{8}|(?:0x[0-9a-f]{1,2}|\d{1,4})(?:[.\u3002](?:0x[0-9a-f]{1,2}|\d{1,4})){3})\.?`;

/** Internal destinations other than the raw IPv4 spellings. */
const INTERNAL_NAME = String.raw`(?:\[[0-9a-f:.]{2,45}(?:%[\w.-]{1,20})?\]|[0-9a-f]{1,4}(?::[0-9a-f]{0,4}){2,7}|localhost\d?\b[\w.]{0,30}|${LOCAL_HOST_NAMES}|[\w.-]{0,60}\.(?:internal|localdomain\d?|svc\.cluster\.local)|metadata\.google\.internal|metadata\.packet\.net|instance-data)`;

/** Internal destinations: a numeric or IPv6 address (with a zone id), a local name, a metadata service. */
const INTERNAL_HOST = String.raw`(?:${NUMERIC_HOST}|${INTERNAL_NAME})`;

export const LFI_SIGNATURES: readonly Signature[] = [
  regexSignature({
    id: 'LFI-100',
    family: 'lfi',
    threatType: 'local_file_inclusion',
    level: 1,
    severity: 5,
    description: 'Repeated directory traversal (../../)',
    view: 'path',
    anyOf: ['..'],
    // In text with whitespace (documentation, code samples: `npm install ../../pkg`, `cd ../../..`) two or
    // three levels are ordinary relative paths; there it takes four.
    pattern:
      /^[^\s]{0,4096}?(?:^|[/=;:])\.{2,8}[/;](?:[^/\s]{0,64}\/)?\.{2,8}(?:[/;]|$)|(?:^|[/=;:\s])(?:\.{2,8}[/;]){3}\.{2,8}(?:[/;]|$)/,
  }),
  regexSignature({
    id: 'LFI-101',
    family: 'lfi',
    threatType: 'local_file_inclusion',
    level: 1,
    severity: 5,
    description: 'Directory traversal reaching a sensitive system file',
    view: 'path',
    anyOf: ['..'],
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
    anyOf: ['..'],
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
    anyOf: ['..'],
    pattern: /(?:^|[/=\s])\.{2,8}\/[\w.~-]/,
  }),
  regexSignature({
    id: 'LFI-104',
    family: 'lfi',
    threatType: 'local_file_inclusion',
    level: 1,
    severity: 5,
    description: 'System file reached through junk separators (etc%qfpasswd, ..%01boot.ini, c:\\boot.ini)',
    view: 'path',
    anyOf: ['etc', '.ini'],
    pattern:
      /\betc(?=[^\s]{0,3}[^\w\s])[^\s/]{1,4}(?:passwd|shadow|issue|hosts|group)\b|[^\w\s](?:boot|win|system)\.ini\b/,
  }),
  regexSignature({
    id: 'LFI-105',
    family: 'lfi',
    threatType: 'local_file_inclusion',
    level: 1,
    severity: 5,
    description:
      'Traversal padded to slip past a `../` filter: a segment of four or more dots (`..../`), junk after each `..` (`%\\..%\\..`), or a Tomcat path parameter (`..;/`)',
    view: 'path',
    anyOf: ['..'],
    // Windows drops trailing dots from a segment and Tomcat drops `;params`, so both still reach the parent
    // directory; `.../` alone stays out (documentation writes it as an ellipsis: `node_modules/.../baz`).
    pattern:
      /(?:^|[/=:;])\.{4,4096}(?:[/;]|$)|(?:\.{2,8}(?=[^\w.\s]{0,2}[^\w.\s/])[^\w.\s]{1,3}){3}|(?:^|\/)\.\.;[^/\s]{0,30}\//,
  }),
  regexSignature({
    id: 'LFI-106',
    family: 'lfi',
    threatType: 'local_file_inclusion',
    level: 2,
    severity: 4,
    description:
      'Path truncation or stripped-separator traversal: a value starting with dots glued to a name (`....etcpasswd`, `/..{file}`), a run of 16+ dots, or a long filler run before dots (`AAAA…/../`)',
    view: 'path',
    anyOf: ['..'],
    kinds: ['arg', 'arg-name', 'cookie', 'header'],
    // Old PHP cut paths at 4,096 bytes, so a long run of dots or filler pushes an appended suffix off the
    // end; a filter that deletes `/` and `\\` leaves the dots glued to the file name.
    pattern: /^\s?(?:file:)?\/?\.{2,4096}[^\s./;]|(?:^|[/:])\.{16,4096}|(?:^|\/)([a-z0-9])\1{63,4096}\/?\.\./,
  }),
  regexSignature({
    id: 'LFI-107',
    family: 'lfi',
    threatType: 'local_file_inclusion',
    level: 2,
    severity: 4,
    description:
      'A value starting with redundant current-directory segments or mixed slashes (`./\\/./`, `.\\/\\.\\`, `/.//./`)',
    view: 'text',
    anyOf: ['./', '.\\'],
    kinds: ['arg', 'arg-name', 'cookie', 'header'],
    // Normalisation probes: each form resolves to the same directory only after the server folds slashes.
    pattern: /^\s?[/\\]?(?:\.{1,8}[/\\]{1,3}){2}/,
  }),
  regexSignature({
    id: 'LFI-110',
    family: 'lfi',
    threatType: 'local_file_inclusion',
    level: 1,
    severity: 5,
    description: 'Absolute path to a sensitive system file (/etc/passwd, /proc/self/environ, c:\\windows\\win.ini)',
    view: 'path',
    anyOf: ['/'],
    // One of the sensitive locations the alternatives name must be present.
    allOf: [
      [
        'etc/',
        'proc/',
        'var/',
        'root/',
        'home/',
        '.ini',
        'windows/',
        'winnt/',
        'inetpub/',
        '/.',
        'wp-config',
        'web.config',
        'web-inf/',
        'meta-inf/',
        'localstart',
        'config.',
        'my.',
        'httpd.conf',
        'id_rsa',
        'id_dsa',
        'authorized_keys',
        'known_hosts',
        'sam',
        'system32/',
        'log',
      ],
    ],
    // A path after whitespace or a backtick is prose or markdown inline code (`/etc/passwd`); no file
    // API or interpreter reads a path that starts with a backtick.
    pattern: new RegExp(`(?:^|[^\\w\\s.\x60]|[a-z]:)/${SENSITIVE_FILES}`),
  }),
  regexSignature({
    id: 'LFI-111',
    family: 'lfi',
    threatType: 'local_file_inclusion',
    level: 2,
    severity: 5,
    description:
      'A parameter value that is an absolute path into a system directory (macOS volumes and XAMPP/WAMP included) or a Windows drive, also drive-relative (`c:windows`)',
    view: 'path',
    anyOf: ['/'],
    kinds: ['arg', 'arg-name', 'cookie'],
    // A path followed by a space and plain words is a sentence about the file (a search, a note), not
    // a path handed to a file API.
    pattern:
      /^(?![^\s]{1,300}\s{1,3}[a-z]{2,20}[,.;:]?\s[a-z]{2,20}(?:\s|[,.;:]|$))\s?(?:file:\/)?\/(?:etc|proc|sys|dev|boot|root|var|usr|opt|bin|sbin|lib|lib64|tmp|srv|private|library|system|applications|volumes|home|mnt|media|windows|winnt|inetpub|program files|xampp|wamp\d{0,2})(?:\/|$)|^(?![^\s]{1,300}\s{1,3}[a-z]{2,20}[,.;:]?\s[a-z]{2,20}(?:\s|[,.;:]|$))\s?(?:file:\/{0,3})?\/?[a-z]:(?:\/|windows|winnt|inetpub|program files|boot\.ini|[\w.-]{1,60}\.ini$)/,
  }),
  regexSignature({
    id: 'LFI-120',
    family: 'lfi',
    threatType: 'local_file_inclusion',
    level: 1,
    severity: 5,
    // `convert.iconv.ibm278.ibm861` (a php://filter chain link on its own) is made of words and dots.
    matchesPlainWords: true,
    description:
      'PHP or archive stream wrapper used for file inclusion (php://filter, phar://, zip://, expect://), a file:// URL as the value or to a system directory',
    view: 'text',
    anyOf: [
      'php://',
      'phar://',
      'zip://',
      'zlib://',
      'compress.',
      'expect://',
      'glob://',
      'ogg://',
      'rar://',
      'ssh2',
      'data://',
      'convert.',
      'file://',
    ],
    pattern:
      /\b(?:php:\/\/(?:filter|input|stdin|memory|temp|fd|output)|(?:phar|zip|zlib|compress\.zlib|compress\.bzip2|expect|glob|ogg|rar|ssh2(?:\.\w{1,10})?):\/\/|data:\/\/(?:text\/plain|application)|\bconvert\.(?:iconv\.[\w-]{0,30}\.[\w-]{1,30}|base64-(?:en|de)code|quoted-printable-(?:en|de)code)\b|^\s?(?:url:)?file:\/\/\/?(?:[a-z]:)?\/?\w|file:\/\/(?:localhost)?\/{0,2}(?:[a-z]:)?\/?(?:etc|proc|sys|dev|root|home|var|windows|winnt|boot\.ini|inetpub)\b)/,
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
    // A dot-file right after the directories (`members/.htpasswd`) has no `/` left for SENSITIVE_FILES' `(?:^|/)\.`.
    pattern: new RegExp(
      `^\\s?/?(?:[\\w.-]{1,20}/){0,4}(?:${SENSITIVE_FILES}|${DOT_FILES}|${CREDENTIAL_FILE_NAMES}$|${FTP_LOGS})`,
    ),
  }),
  regexSignature({
    id: 'LFI-131',
    family: 'lfi',
    threatType: 'local_file_inclusion',
    level: 2,
    severity: 4,
    description:
      'A value that is only the name of a credential or configuration file (`.htpasswd`, `.rhosts`, `master.passwd`, `config.inc.php`, `web.config`) or a drive-relative Windows system path (`c:windows…`)',
    view: 'text',
    kinds: ['arg', 'arg-name', 'cookie'],
    // `.htaccess` and `config.php` are made of words and single dots, which LFI-130 does not see.
    matchesPlainWords: true,
    anyOf: [
      '.ht',
      'passwd',
      '.rhosts',
      '.shosts',
      '.cshrc',
      '.forward',
      '_history',
      '.xauthority',
      '.netrc',
      '.pgpass',
      '.npmrc',
      '.git-credentials',
      'config',
      '.ini',
      'httpd.conf',
      'id_rsa',
      'id_dsa',
      'database.',
      'db.',
      'dbase.',
      'settings.',
      'web-inf',
      ':windows',
      ':winnt',
      ':inetpub',
    ],
    pattern: new RegExp(`^(?:${CREDENTIAL_FILE_NAMES})$`),
  }),
  regexSignature({
    id: 'LFI-150',
    family: 'lfi',
    threatType: 'local_file_inclusion',
    level: 1,
    severity: 5,
    description: 'XML external entity or XInclude (<!ENTITY x SYSTEM …>, <xi:include href=…>)',
    view: 'text',
    anyOf: ['entity', 'xi:include'],
    pattern: /!entity\s{1,10}(?:%\s{1,10})?[\w.:-]{1,60}\s{1,10}(?:system|public)\b|<xi:include\b/,
  }),
  regexSignature({
    id: 'LFI-151',
    family: 'lfi',
    threatType: 'local_file_inclusion',
    level: 1,
    severity: 5,
    description: 'Base64 token that decodes to a directory traversal or a system file path',
    view: 'base64',
    matchesPlainWords: true,
    pattern:
      /\.\.[/\\]|(?:^|[\n/])etc\/(?:passwd|shadow|hosts|issue|master\.passwd)\b|\/master\.passwd\b|\b(?:boot|win)\.ini\b/,
  }),
  regexSignature({
    id: 'RFI-100',
    family: 'lfi',
    threatType: 'remote_file_inclusion',
    level: 1,
    severity: 5,
    description:
      'Parameter value is a URL to a raw (decimal, octal or hex) IP address, an IPv6 address with or without brackets or zone id, a loopback or container-internal name or a cloud metadata service; `http:host` without slashes too',
    view: 'text',
    anyOf: ['://', 'http:', 'https:', 'ftp:', 'ws:', 'wss:'],
    kinds: ['arg', 'arg-name', 'cookie'],
    // WHATWG URL parsers read `http:host` and `http:/host` as `http://host` for the special schemes.
    pattern: new RegExp(
      String.raw`^\s?(?:[a-z][\w+.-]{1,15}:\/\/(?:[^/@\s]{0,64}@)?${INTERNAL_HOST}|(?:https?|ftps?|wss?):\/?(?:[^/@\s]{0,64}@)?(?:${DWORD_OR_QUAD_HOST}|${INTERNAL_NAME}))(?::\d{1,5})?(?:[/?#\s\\]|$)`,
    ),
  }),
  regexSignature({
    id: 'RFI-150',
    family: 'lfi',
    threatType: 'remote_file_inclusion',
    level: 2,
    severity: 5,
    description:
      'Parameter value that starts with a loopback, container-internal or loopback-resolving host name and a path, without a scheme (`localhost/`, `host.docker.internal/`, `lvh.me/`)',
    view: 'text',
    anyOf: ['localhost', 'ip6-', 'ipv6-', 'internal', 'localdomain', 'cluster.local', 'localtest.me', 'lvh.me'],
    kinds: ['arg', 'arg-name', 'cookie'],
    matchesPlainWords: true,
    pattern: new RegExp(String.raw`^\s?(?:\/\/)?${LOCAL_HOST_NAMES}(?::\d{1,5})?\/`),
  }),
  regexSignature({
    id: 'RFI-151',
    family: 'lfi',
    threatType: 'remote_file_inclusion',
    level: 1,
    severity: 5,
    description:
      'URL anywhere in an input whose host is an IPv4 address spelt unusually: one decimal, octal or hex number (`http://2852039166/`), hex or zero-padded octets, fewer than four parts',
    view: 'text',
    anyOf: ['http:', 'https:', 'ftp:', 'gopher:', 'dict:', 'ldap:', 'rtmp:', 'tftp:'],
    // A dotted quad of plain decimal octets is how addresses are ordinarily written and stays allowed.
    pattern: new RegExp(
      String.raw`(?:^|[^\w.+-])(?:https?|ftps?|gopher|dict|ldaps?|rtmp|tftp):\/{0,2}(?:[^/@\s]{0,64}@)?(?!(?:(?:[1-9]\d{0,2}|0)\.){3}(?:[1-9]\d{0,2}|0)(?![\w.]))${DWORD_OR_QUAD_HOST}(?::\d{1,5})?(?:[/?#\s"'<>\\]|$)`,
    ),
  }),
  regexSignature({
    id: 'RFI-140',
    family: 'lfi',
    threatType: 'remote_file_inclusion',
    level: 1,
    severity: 5,
    description:
      "URL that different parsers resolve to different hosts or files: an encoded slash before `@` (`http://example.com%2f@evil.com/`), a Java `jar:` URL or Python's `local_file://` scheme",
    view: 'raw',
    anyOf: ['%2f', 'jar:', 'local_file:'],
    kinds: ['arg', 'arg-name', 'cookie'],
    // A validator reads the host before `%2f`; the fetching client decodes it and reads the host after `@`.
    pattern:
      /^\s?[a-z][\w+.-]{1,15}:\/\/[^/@\s?#]{1,100}%2f[^/\s?#]{0,100}@|^\s?jar:(?:https?|ftps?|file):|\blocal_file:\/\//i,
  }),
  regexSignature({
    id: 'RFI-141',
    family: 'lfi',
    threatType: 'remote_file_inclusion',
    level: 1,
    severity: 5,
    description:
      'URL whose authority hides a second host: a space or `#` before an `@` (`http://a.com:80 &@10.0.0.1/`, `http://a.com#@b/`), or a host spelt as backslash-escaped characters (`http://\\l\\o\\c…`)',
    view: 'text',
    anyOf: ['://'],
    kinds: ['arg', 'arg-name', 'cookie'],
    // A validator stops the host at the space or `#`; a lenient client reads userinfo up to the `@`.
    pattern:
      /^\s?[a-z][\w+.-]{1,15}:\/\/[^/@\s#]{1,100}[\s#][^/]{0,100}@|^\s?[a-z][\w+.-]{1,15}:\/\/(?:\\{1,2}[\w.-]){4}/,
  }),
  regexSignature({
    id: 'RFI-110',
    family: 'lfi',
    threatType: 'remote_file_inclusion',
    level: 1,
    severity: 5,
    description:
      'URL ending in ? or # to cut off the suffix the application appends, or carrying a script to include (also the classic PHP web shells c99, r57, wso, b374k by name)',
    view: 'text',
    anyOf: ['://'],
    kinds: ['arg', 'arg-name', 'cookie'],
    pattern:
      /^\s?(?:https?|ftps?|file):\/\/[^\s]{1,300}?(?:\?|%00|#)$|^\s?(?:https?|ftps?):\/\/[^\s?#]{1,300}?\.(?:php\d?|phtml|txt|asp|aspx|jsp|pl|cgi|sh|py|inc|gif|jpg|png)\?(?:\w{1,20}=)?$|^\s?(?:https?|ftps?):\/\/[^\s?#]{1,300}?\/(?:c99|c100|r57|wso\d{0,2}|b374k|locus7s)(?:shell)?\.(?:txt|php|gif|jpg)(?:[?#]|$)/,
  }),
  regexSignature({
    id: 'RFI-160',
    family: 'lfi',
    threatType: 'remote_file_inclusion',
    level: 1,
    severity: 5,
    description:
      'Parameter value that is a Windows UNC path to a raw IPv4 address or a WebDAV share (`\\\\203.0.113.5\\share\\x.php`, `\\\\host@SSL\\DavWWWRoot\\`): remote inclusion over SMB/WebDAV, which also leaks the NTLM hash',
    view: 'text',
    anyOf: ['\\\\'],
    kinds: ['arg', 'arg-name', 'cookie'],
    // A share named by a server name (`\\\\fileserver\\docs`) is how intranet forms write paths and stays allowed.
    pattern:
      /^\s?\\\\(?:(?:\d{1,3}\.){3}\d{1,3}(?:@\d{1,5})?\\[^\\\s]|[\w.-]{1,100}@(?:ssl|\d{1,5})(?:@\d{1,5})?\\davwwwroot)/,
  }),
  regexSignature({
    id: 'RFI-120',
    family: 'lfi',
    threatType: 'remote_file_inclusion',
    level: 1,
    severity: 5,
    description: 'Gopher, dict or cloud-metadata URL anywhere in the input (SSRF)',
    view: 'text',
    anyOf: ['gopher://', 'dict://', '169.254', 'metadata', '100.100', 'fd00:ec2'],
    // Also the ECS task endpoint, AWS's IPv6 IMDS and the Equinix Metal / Tencent metadata names.
    pattern:
      /\b(?:gopher|dict):\/\/|\b169\.254\.169\.254\b|\b169\.254\.170\.2\b|\bfd00:ec2::254\b|\bmetadata\.(?:google\.internal|packet\.net|platformequinix\.com|tencentyun\.com)\b|\b100\.100\.100\.200\b/,
  }),
  regexSignature({
    id: 'RFI-130',
    family: 'lfi',
    threatType: 'remote_file_inclusion',
    level: 3,
    severity: 3,
    description: 'Parameter value is an off-site URL',
    view: 'text',
    anyOf: ['://'],
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
    anyOf: ['\u0000'],
    kinds: ['arg', 'arg-name', 'cookie', 'path'],
    pattern: /(?:\.[a-z0-9]{1,6}|\/)\u0000/,
  }),
];

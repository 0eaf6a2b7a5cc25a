import { literalPrefixes, regexSignature } from '../signature.ts';
import type { Signature } from '../types.ts';

/*
 * Automated vulnerability scanners (CRS family 913): tools that announce themselves in the User-Agent.
 * Search-engine crawlers, monitoring and HTTP libraries are not scanners and are not matched here;
 * blocking those is a blockedUserAgents decision for the project.
 */

const SECURITY_TOOLS =
  'nikto|sqlmap|nmap|masscan|zmap|zgrab|nessus|openvas|acunetix|netsparker|invicti|w3af|wpscan|joomscan|droopescan|arachni|skipfish|dirbuster|dirb|gobuster|feroxbuster|ffuf|wfuzz|burp ?suite|burpcollaborator|owasp[ _-]?zap|zaproxy|nuclei|havij|pangolin|sqlninja|bsqlbf|absinthe|commix|fimap|dotdotpwn|jaeles|whatweb|wapiti|webinspect|appscan|qualys|vega|grabber|paros|webshag|crimscanner|mysqloit|morfeus|zmeu|jorgee|muieblackcat|brutus|hydra|medusa|metasploit|meterpreter|nmap scripting engine|nasl|openvas|netcraftsurvey|netcraft ssl server survey|censysinspect|expanse|internet-measurement|netsystemsresearch|bitsightbot|detectify|wanscanner|twinwavescanner|cloudflare-radar-scanner|l9scan|l9explore|leakix|shodan|binaryedge|securitytrails|intrinsec|sucuri|tenable|rapid7|wtotem|project ?honeypot|testssl|sslyze|xenu|typhoeus|fuzz faster|httpx|katana|subfinder|amass|dirsearch|cgichk|n-stealth|nsauditor|webvulnscan|grendel-scan|blackwidow|teh forest lobster|floodgate|springenwerk|webtrends security analyzer|security-?research|vulnerability|pentest';

/*
 * Attack-surface management, security-rating and CERT scanners, named as part of a longer word
 * (`asnriskscorer`, `ISSCyberRiskCrawler`, `csirt.cz`): these stems never occur in a browser, search
 * engine or HTTP-library User-Agent.
 */
const SECURITY_TOOL_STEMS = 'watchtowr|bitdiscovery|riskscor|cyberrisk|csirt|cert\\.pl|cert pl|riddler\\.io';

/*
 * File types a web server never serves as content (in the spirit of CRS 920440 and the backup lists of
 * Nikto and dirsearch): server-side source and project files (.java, .class, .cs, .vb, .csproj, .sln),
 * ASP/IIS internals (.asa, .asax, .ascx, .htr, .idc, .printer), configuration (.conf, .config, .cfg,
 * .ini), databases and dumps (.mdb, .dbf, .sql, .sqlite), logs and shell history. Extensions that are
 * also ordinary downloads or routes (.dll for ISAPI, .sh installers, .key, .pem, .cer, .db) are left
 * out. A dump may be compressed (`backup.sql.zip`).
 */
const RESTRICTED_EXTENSIONS =
  'java|class|jsa|cs|csproj|vb|vbs|vbproj|sln|suo|asa|asax|ascx|htr|htw|ida|idc|idq|printer|licx|resx|resources|vsdisco|webinfo|cdx|pdb|pol|rdb|mdb|accdb|dbf|sql|sqlite3?|conf|config|cfg|ini|log|bash_history|history';
const ARCHIVE_EXTENSIONS = 'zip|gz|tgz|bz2|xz|7z|rar|tar';

/** Files a web server sends as they are; nothing follows them in a path that a server honours. */
const STATIC_EXTENSIONS = 'gif|jpe?g|png|bmp|ico|svg|webp|tiff?|css|swf|woff2?|ttf|eot';
/** Server pages; a path continued after them into a static file name is web cache deception. */
const SERVER_PAGE_EXTENSIONS = 'php|phtml|jspx?|jsf|aspx?|asmx|ashx|do|action|cfm|cgi|shtml';

/** What SCAN-202 needs in the path: a static-file or server-page extension followed by a slash. */
const PATH_CONTINUATION_FRAGMENTS = [
  ...[
    'gif',
    'jpg',
    'jpeg',
    'png',
    'bmp',
    'ico',
    'svg',
    'webp',
    'tif',
    'tiff',
    'css',
    'swf',
    'woff',
    'woff2',
    'ttf',
    'eot',
  ],
  ...['php', 'phtml', 'jsp', 'jspx', 'jsf', 'asp', 'aspx', 'asmx', 'ashx', 'do', 'action', 'cfm', 'cgi', 'shtml'],
].map((extension) => `.${extension}/`);

/*
 * Default, sample and administration resources that scanners (Nikto, Nessus, whatweb) request to
 * fingerprint a server and find forgotten demo code: FrontPage and IIS samples and MDAC tools, Lotus
 * Domino system databases, BEA WebLogic examples, consoles and internal servlets, servlet-engine sample
 * servlets (Tomcat, WebSphere) and the JRun 4 sample applications (compass, travelnet, techniques,
 * SmarTicket). Lower case: the path view is case-folded.
 */
const DEFAULT_RESOURCES = [
  '_private\\/',
  '_vti_(?:txt|cnf|log|script)',
  'iishelp\\/',
  'iisprotect\\/',
  'samples\\/(?:isapi|sampsite|htmlsamp|dbsamp|search|sdk|fpsample|issamples)\\/',
  'scripts\\/tools\\/(?:dsnform|drvrs|getdrvrs|newdsn)\\.exe',
  'scripts\\/(?:samples|iisadmin)\\/',
  '(?:names|log|domlog|webadmin|catalog|admin4?|statmail|statrep|mtatbls|bookmarks|homepage|domcfg|events[45]|busytime|certlog|certsrv|cldbdir|dbdirman|ddm|doladmin|mab|ntsync4|qpadmin|reports|schema|setupweb|smtp|smtpibwq|smtpobwq|stauths|stautht|userreg|webuser|decsadm|activity|billing|dirassist|agentrunner|help\\/help\\w{0,6}|helplt4|readme|lccon|mailw46|certa|nntppost)\\.nsf',
  'exampleswebapp\\/',
  'wliconsole',
  'e2eportalproject\\/',
  'uddiexplorer',
  'wls-wsat\\/',
  'bea_wls_deployment_internal',
  'console\\/login\\/loginform\\.jsp',
  'servlet\\/(?:snoop|snoopservlet|helloworldservlet|sessionservlet|simpleservlet|errorservlet|sessionmanager|invoker)',
  'servlet\\/(?:org\\.apache|com\\.ibm|com\\.sun)\\.',
  'examples\\/(?:servlets?|jsp)\\/',
  'jsp-examples\\/',
  'servlets-examples\\/',
  'webapp\\/examples\\/',
  'webspheresamples',
  'ibmwebas\\/',
  'snoop\\.jsp',
  'tomcat-docs\\/',
  'host-manager\\/',
  // WebLogic internals. (Sample-application routes with everyday names — MedRec's /patient/login.do,
  // JRun's /travelnet/ — are left out: a real application may well use them.)
  'bea_wls_internal',
  'wl_management',
  '(?:filerealm|weblogic)\\.properties',
  'portalappadmin\\/',
  // The Vite development server's file-system and module routes (arbitrary file read, CVE-2025-30208).
  '@fs\\/',
  '@id\\/__x00__',
  // Macromedia JRun sample applications.
  'compass\\/logon\\.jsp',
  'techniques\\/servlets\\/',
  'flash\\/java\\/javabean\\/',
  'ws-client\\/loancalculation\\.jsp',
  'smarticketapp\\/',
  'jstl-war\\/',
  'jrunscripts',
]
  // A name that does not end in `/` or `.` must end the path or a segment (`/wliconsole`, `/log.nsf/`).
  .map((entry) => (entry.endsWith('\\/') || entry.endsWith('\\.') ? entry : `${entry}(?:[/;]|$)`))
  .join('|');

export const SCANNER_SIGNATURES: readonly Signature[] = [
  regexSignature({
    id: 'SCAN-100',
    family: 'scanner',
    threatType: 'scanner',
    level: 1,
    severity: 5,
    description: 'User-Agent of a known vulnerability or port scanner',
    view: 'text',
    kinds: ['user-agent'],
    anyOf: [...literalPrefixes(SECURITY_TOOLS), ...literalPrefixes(SECURITY_TOOL_STEMS)],
    // A tool name stands alone or is glued to the suffix crawlers add (`WanscannerBot`,
    // `NetcraftSurveyAgent`); the stems are distinctive enough to match inside a longer word. A
    // Python library named after a tool (`python-httpx/0.16.1`) is an HTTP client, not the tool.
    pattern: new RegExp(
      `(?:^|[^a-z])(?<!python-)(?:${SECURITY_TOOLS})(?:[^a-z]|bot|agent|crawler|$)|${SECURITY_TOOL_STEMS}`,
    ),
  }),
  regexSignature({
    id: 'SCAN-110',
    family: 'scanner',
    threatType: 'scanner',
    level: 1,
    severity: 5,
    description: 'User-Agent that declares internet-wide scanning',
    view: 'text',
    kinds: ['user-agent'],
    anyOf: ['scan', 'port', 'survey', 'asset discovery', 'attack surface'],
    pattern:
      /(?:^|[^a-z])(?:scanner|scanning|scan bot|port ?check|security scan|survey ?agent|asset discovery|attack surface)(?:[^a-z]|$)/,
  }),
  regexSignature({
    id: 'SCAN-230',
    family: 'scanner',
    threatType: 'scanner',
    level: 3,
    severity: 4,
    description:
      'GraphQL introspection query (`{__schema{types{name}}}`, `__type(name:…)`): schema discovery by InQL, graphql-cop, clairvoyance. Level 3: code generators and IDEs (Apollo, GraphiQL, Postman) introspect too, so an API that keeps introspection on would be challenged at the default',
    view: 'text',
    anyOf: ['__schema', '__type'],
    pattern: /\b__schema\s{0,3}\{|\b__type\s{0,3}\(\s{0,3}name\s{0,3}:/,
  }),
  regexSignature({
    id: 'SCAN-200',
    family: 'scanner',
    threatType: 'scanner',
    level: 1,
    severity: 5,
    description: 'Forced browsing for backup, editor-swap or include files (.bak, .old, .orig, .swp, .inc, ~)',
    view: 'path',
    anyOf: ['.', '~'],
    kinds: ['path'],
    pattern:
      /\.(?:bak|old|orig|original|save|sav|swp|swo|tmp|temp|copy|backup|bkp|inc|dist)$|[^/]~$|\/\.(?:bak|old|orig|swp|inc)$|\.(?:php|jsp|asp|aspx|cfm|pl|py|rb|config|conf|ini)\.(?:txt|bak|old|orig|save|inc|[0-9])$/,
  }),
  regexSignature({
    id: 'SCAN-210',
    family: 'scanner',
    threatType: 'scanner',
    level: 1,
    severity: 5,
    description:
      'Probe for a well-known administrative, sample or source-control path, or the endpoint of a mass-scanned exploit (PHPUnit eval-stdin.php, Laravel Ignition, D-Link HNAP1, GPON and Boa router forms, FortiGate, Pulse Secure, Citrix, F5 iControl)',
    view: 'path',
    anyOf: ['/'],
    kinds: ['path'],
    pattern:
      /\/(?:cfide\/(?:administrator|adminapi|componentutils)|iisadmpwd|iissamples|iisadmin|_vti_(?:bin|pvt|inf)|_cti_pvt|msadc|scripts\/(?:\.\.|root\.exe|cmd\.exe)|cgi-bin\/(?:test-cgi|phf|php|printenv|nph-test-cgi)|phpmyadmin|pma\/|myadmin|\.git\/(?:config|head|index)|\.svn\/(?:entries|wc\.db)|\.hg\/|\.ds_store|\.env$|\.htpasswd|server-status|server-info|manager\/html|jmx-console|web-console|invoker\/|axis2?\/|solr\/admin|actuator\/(?:env|heapdump|gateway\/routes|jolokia|logfile|threaddump|configprops|mappings)|wp-config\.php|xmlrpc\.php|phpunit\/src\/util\/php\/eval-stdin\.php|_ignition\/execute-solution|hnap1|boaform\/admin|gponform\/diag_form|cgi-bin\/luci\/;stok=|remote\/fgt_lang|dana-na\/|vpns\/cfg\/smb\.conf|mgmt\/tm\/util\/bash|api\/v1\/cluster-info|druid\/indexer\/v1\/sampler|\.aws\/credentials|telescope\/requests|php[-_]?info\.php|phpversion\.php|info\.php|docker-compose\.ya?ml|jenkins\/script|manager\/text\/list|cgi-bin\/test\.cgi|samples\/(?:gbook|search)|sitemgr|webdav)(?:\/|$|\?)/,
  }),
  regexSignature({
    id: 'SCAN-220',
    family: 'scanner',
    threatType: 'scanner',
    level: 2,
    severity: 4,
    description: 'Forced browsing for a hidden file or directory (/.env, /.git/, /.vscode/, tool configuration)',
    view: 'path',
    anyOf: ['/.'],
    kinds: ['path'],
    pattern: /\/\.(?!well-known(?:\/|$))[\w-][\w.-]{0,40}(?:\/|$)/,
  }),
  regexSignature({
    id: 'SCAN-201',
    family: 'scanner',
    threatType: 'scanner',
    level: 2,
    severity: 4,
    description:
      'Request for a file type a web server never serves: source, project, configuration, database, dump or log files (CRS 920440)',
    view: 'path',
    anyOf: literalPrefixes(RESTRICTED_EXTENSIONS).map((extension) => `.${extension}`),
    kinds: ['path'],
    pattern: new RegExp(`[^/]\\.(?:${RESTRICTED_EXTENSIONS})(?:\\.(?:${ARCHIVE_EXTENSIONS}))?$`),
  }),
  regexSignature({
    id: 'SCAN-202',
    family: 'scanner',
    threatType: 'scanner',
    level: 2,
    severity: 4,
    description:
      'Path continued after a static file (`/logo.gif/`, `/a.jpg/x.php`) or a JSP page (`/index.jsp/`): path-info confusion, JSP source disclosure, web cache deception',
    view: 'path',
    anyOf: PATH_CONTINUATION_FRAGMENTS,
    kinds: ['path'],
    pattern: new RegExp(
      `[^/]\\.(?:${STATIC_EXTENSIONS})\\/(?:~?$|[^/]{1,200}\\.(?:${STATIC_EXTENSIONS}|${SERVER_PAGE_EXTENSIONS})\\/?$)` +
        `|[^/]\\.(?:jspx?|jsf)\\/` +
        `|[^/]\\.(?:${SERVER_PAGE_EXTENSIONS})\\/[^?]{0,200}\\.(?:${STATIC_EXTENSIONS}|js)$`,
    ),
  }),
  regexSignature({
    id: 'SCAN-211',
    family: 'scanner',
    threatType: 'scanner',
    level: 1,
    severity: 5,
    description:
      'Probe for a default, sample or administration resource of a web or application server (Nikto-style: IIS samples, Lotus Domino system databases, WebLogic, JRun and servlet examples)',
    view: 'path',
    anyOf: [
      '_private/',
      '_vti_',
      'iishelp/',
      'iisprotect/',
      'samples/',
      'webspheresamples',
      'scripts/',
      '.nsf',
      'exampleswebapp/',
      'wliconsole',
      'e2eportalproject/',
      'uddiexplorer',
      'wls-wsat/',
      'bea_wls_deployment_internal',
      'loginform.jsp',
      'servlet/',
      'examples/',
      'ibmwebas/',
      'snoop.jsp',
      'tomcat-docs/',
      'host-manager/',
      'bea_wls_internal',
      'wl_management',
      '.properties',
      'portalappadmin/',
      'patient/',
      'physician/',
      'compass/',
      'travelnet/',
      'techniques/',
      'flash/',
      'ws-client/',
      'smarticketapp/',
      'worldmusic/',
      'jstl-war/',
      'jrunscripts',
      '@fs/',
      '@id/',
    ],
    kinds: ['path'],
    pattern: new RegExp(`\\/(?:${DEFAULT_RESOURCES})`),
  }),
  regexSignature({
    id: 'SCAN-212',
    family: 'scanner',
    threatType: 'scanner',
    level: 2,
    severity: 4,
    description:
      "Request for a file of a server's default landing page (Tomcat's asf-logo-wide and tomcat-power, IIS iisstart, Apache's apache_pb): server fingerprinting",
    view: 'path',
    anyOf: ['asf-logo', 'tomcat', 'apache_pb', 'iisstart', 'pagerror'],
    kinds: ['path'],
    pattern:
      /\/(?:asf-logo(?:-wide)?|tomcat-power|apache_pb2?|iisstart|pagerror)(?:[./~]|$)|\/tomcat\.(?:gif|png|svg|css)$/,
  }),
];

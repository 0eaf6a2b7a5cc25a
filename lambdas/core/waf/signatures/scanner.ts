import { literalPrefixes, regexSignature } from '../signature.ts';
import type { Signature } from '../types.ts';

/*
 * Automated vulnerability scanners (CRS family 913): tools that announce themselves in the User-Agent.
 * Search-engine crawlers, monitoring and HTTP libraries are not scanners and are not matched here;
 * blocking those is a blockedUserAgents decision for the project.
 */

const SECURITY_TOOLS =
  'nikto|sqlmap|nmap|masscan|zmap|zgrab|nessus|openvas|acunetix|netsparker|invicti|w3af|wpscan|joomscan|droopescan|arachni|skipfish|dirbuster|dirb|gobuster|feroxbuster|ffuf|wfuzz|burp ?suite|burpcollaborator|owasp[ _-]?zap|zaproxy|nuclei|havij|pangolin|sqlninja|bsqlbf|absinthe|commix|fimap|dotdotpwn|jaeles|whatweb|wapiti|webinspect|appscan|qualys|vega|grabber|paros|webshag|crimscanner|mysqloit|morfeus|zmeu|jorgee|muieblackcat|brutus|hydra|medusa|metasploit|meterpreter|nmap scripting engine|nasl|openvas|netcraftsurvey|netcraft ssl server survey|censysinspect|expanse|internet-measurement|netsystemsresearch|bitsightbot|detectify|wanscanner|twinwavescanner|cloudflare-radar-scanner|l9scan|l9explore|leakix|shodan|binaryedge|securitytrails|intrinsec|sucuri|tenable|rapid7|wtotem|project ?honeypot|testssl|sslyze|xenu|typhoeus|fuzz faster|httpx|katana|subfinder|amass|dirsearch|cgichk|n-stealth|nsauditor|webvulnscan|grendel-scan|blackwidow|teh forest lobster|floodgate|springenwerk|webtrends security analyzer|security-?research|vulnerability|pentest';

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
    anyOf: literalPrefixes(SECURITY_TOOLS),
    pattern: new RegExp(`(?:^|[^a-z])(?:${SECURITY_TOOLS})(?:[^a-z]|$)`),
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
    description: 'Probe for a well-known administrative, sample or source-control path',
    view: 'path',
    anyOf: ['/'],
    kinds: ['path'],
    pattern:
      /\/(?:cfide\/(?:administrator|adminapi|componentutils)|iisadmpwd|iissamples|iisadmin|_vti_(?:bin|pvt|inf)|_cti_pvt|msadc|scripts\/(?:\.\.|root\.exe|cmd\.exe)|cgi-bin\/(?:test-cgi|phf|php|printenv|nph-test-cgi)|phpmyadmin|pma\/|myadmin|\.git\/(?:config|head|index)|\.svn\/(?:entries|wc\.db)|\.hg\/|\.ds_store|\.env$|\.htpasswd|server-status|server-info|manager\/html|jmx-console|web-console|invoker\/|axis2?\/|solr\/admin|actuator\/(?:env|heapdump)|wp-config\.php|xmlrpc\.php|samples\/(?:gbook|search)|sitemgr|webdav)(?:\/|$|\?)/,
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
];

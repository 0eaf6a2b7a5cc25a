import { regexSignature } from '../signature.ts';
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
    pattern:
      /(?:^|[^a-z])(?:scanner|scanning|scan bot|port ?check|security scan|survey ?agent|asset discovery|attack surface)(?:[^a-z]|$)/,
  }),
];

import { regexSignature } from '../signature.ts';
import type { Signature, ThreatType, WafFamily } from '../types.ts';

/*
 * Character anomalies in short, identifier-like values (in the spirit of CRS 920230, 942432 and
 * 920270/920272). Real attacks start with probes: a quote glued to a number (`1'`), a pipe or quote
 * tacked onto a word (`insertar|`), a characteristic character percent-encoded twice so that a single
 * decoding layer misses it (`%2527`). None of these carry a full payload, so they score 4 (challenge at
 * the default sensitivity, block only with other evidence) and only look at values that have no
 * spaces: prose with apostrophes and punctuation never matches.
 */

interface ProbeFamily {
  family: WafFamily;
  threatType: ThreatType;
  idPrefix: string;
  label: string;
  /** Characters (a regex class body) whose presence as the probe points at this threat. */
  chars: string;
  /** The same characters as literals: one must occur (the engine's keyword gate). */
  literals: readonly string[];
  /** Lower-case hex codes of the same characters, for the double-encoding check. */
  hex: string;
  /**
   * What is a probe even as the whole value (a regex alternative; empty for none): the lone quote,
   * pipe or angle bracket fuzzers send first to see whether the application breaks, or a bare command
   * separator followed by a space (`| `, `; `). Not a quoted separator (`'-'`, `'*'`: SQLi rounds keep
   * those as ordinary settings). Not a lone backslash or `;` (escape characters and CSV
   * separators are ordinary settings).
   */
  alone: string;
}

const PROBES: readonly ProbeFamily[] = [
  {
    family: 'sqli',
    threatType: 'sql_injection',
    idPrefix: 'SQLI',
    label: 'quote',
    chars: `'"`,
    literals: ["'", '"'],
    hex: '22|27',
    alone: `['"]{1,2}`,
  },
  {
    family: 'rce',
    threatType: 'remote_code_execution',
    idPrefix: 'RCE',
    label: 'shell metacharacter (| ; `)',
    chars: '|;`',
    literals: ['|', ';', '`'],
    hex: '7c|3b|60|0a|0d',
    alone: '[|`]{1,2} ?|; ',
  },
  {
    family: 'lfi',
    threatType: 'local_file_inclusion',
    idPrefix: 'LFI',
    label: 'NUL byte or backslash',
    chars: '\\x00\\\\',
    literals: ['\0', '\\'],
    hex: '00|5c|2e',
    alone: '',
  },
  {
    family: 'xss',
    threatType: 'xss',
    idPrefix: 'XSS',
    label: 'angle bracket',
    chars: '<>',
    literals: ['<', '>'],
    hex: '3c|3e',
    alone: '[<>]{1,2}',
  },
];

function probeSignatures(probe: ProbeFamily): Signature[] {
  const c = `[${probe.chars}]`;
  return [
    regexSignature({
      id: `${probe.idPrefix}-300`,
      family: probe.family,
      threatType: probe.threatType,
      level: 2,
      severity: 4,
      description: `A short identifier or number with a ${probe.label} glued to its start or end, or the ${probe.label} alone (injection probe)`,
      view: 'text',
      kinds: ['arg'],
      anyOf: probe.literals,
      pattern: new RegExp(
        `^(?:[\\w.@-]{1,40}${c}{1,2}|${c}{1,2}[\\w.@-]{1,40}${probe.alone === '' ? '' : `|${probe.alone}`})$`,
      ),
    }),
    regexSignature({
      id: `${probe.idPrefix}-301`,
      family: probe.family,
      threatType: probe.threatType,
      level: 2,
      severity: 4,
      description: `A ${probe.label} percent-encoded twice (%25xx), to slip past one decoding layer`,
      view: 'raw',
      anyOf: ['%25'],
      kinds: ['arg', 'arg-name', 'cookie', 'path'],
      pattern: new RegExp(`%25(?:${probe.hex})`, 'i'),
    }),
  ];
}

export const ANOMALY_SIGNATURES: readonly Signature[] = [
  ...PROBES.flatMap(probeSignatures),
  regexSignature({
    id: 'SQLI-302',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 2,
    severity: 4,
    description: "A number followed by a quote and more text (1'INJECTED, numeric-context break-out probe)",
    view: 'text',
    anyOf: ["'", '"', '`'],
    kinds: ['arg'],
    pattern: /^-?\d{1,10}(?:\.\d{1,4})?['"`](?![\d"'\s]|$)\S{1,60}$/,
  }),
  regexSignature({
    id: 'SQLI-303',
    family: 'sqli',
    threatType: 'sql_injection',
    level: 2,
    severity: 4,
    description: 'A number with a trailing metacharacter (42/, 7), 3*): a tampered numeric parameter',
    view: 'text',
    kinds: ['arg'],
    anyOf: ['/', '+', '*', '?', '|', ';', "'", '"', '\\', '(', ')'],
    pattern: /^-?\d{1,20}[/+*?|;'"\\()]$/,
  }),
  regexSignature({
    id: 'SESS-120',
    family: 'xss',
    threatType: 'session_fixation',
    level: 1,
    severity: 5,
    description: 'A Set-Cookie header smuggled into a parameter value (header injection / session fixation)',
    view: 'text',
    anyOf: ['set-cookie'],
    kinds: ['arg', 'arg-name', 'cookie', 'path'],
    // The space may arrive as a `+` that a second decoding round no longer reads as one (`%253A%2B`).
    pattern: /set-cookie[ +]{0,3}:[ +]{0,3}[\w.-]{1,64}=/,
  }),
  regexSignature({
    id: 'SCAN-300',
    family: 'scanner',
    threatType: 'scanner',
    level: 2,
    severity: 4,
    description:
      'A plain word or number ending in one character percent-encoded twice (`Entrar%253F`, `6195%2520`, `%252B`): a fuzzer appending a double-encoded probe',
    view: 'raw',
    anyOf: ['%25'],
    kinds: ['arg'],
    // Nothing else in the value is encoded twice and it is no URL or path (no `%2F`, `%3A`): a client
    // that double-encodes by mistake encodes every escape twice, and twice-encoded redirect targets
    // carry slashes and colons.
    pattern: /^(?:[\w.@+-]|%(?!25|2f|3a)[0-9a-f]{2}){0,80}%25[0-9a-f]{2}$/i,
  }),
];

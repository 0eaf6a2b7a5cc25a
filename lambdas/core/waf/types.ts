import type { GatedSignature, GatePlan, KeywordGate } from './gate.ts';

/** The five families a project can switch on and off (SPEC §2 `owasp*Enabled`). */
export type WafFamily = 'sqli' | 'xss' | 'rce' | 'lfi' | 'scanner';

/** What a decision reports as `threatType`; several threat types fold under one family toggle. */
export type ThreatType =
  | 'sql_injection'
  | 'ldap_injection'
  | 'xpath_injection'
  | 'xss'
  | 'session_fixation'
  | 'response_splitting'
  | 'remote_code_execution'
  | 'php_injection'
  | 'java_injection'
  | 'node_injection'
  | 'template_injection'
  | 'local_file_inclusion'
  | 'remote_file_inclusion'
  | 'scanner';

/** Which normalised rendering of a value a signature reads (see decode.ts). */
export type InputView = 'text' | 'sql' | 'path' | 'shell' | 'base64' | 'raw';

/** Where a value came from; some signatures only make sense in some places. */
export type InputKind = 'path' | 'arg-name' | 'arg' | 'body' | 'header' | 'cookie' | 'user-agent';

export type Severity = 5 | 4 | 3 | 2;

export interface Signature {
  /** Stable id reported in decisions and events, e.g. `SQLI-100`. */
  id: string;
  family: WafFamily;
  threatType: ThreatType;
  /** Lowest paranoia level (1–4) at which the signature is active. */
  level: 1 | 2 | 3 | 4;
  /** Anomaly points added when it matches: 5 critical, 4 error, 3 warning, 2 notice. */
  severity: Severity;
  description: string;
  view: InputView;
  /** Input kinds the signature reads; all kinds except `user-agent`-only checks when omitted. */
  kinds?: readonly InputKind[];
  /**
   * Substrings of the view of which at least one must occur for the signature to match: a cheap
   * necessary condition checked before the regex.
   */
  anyOf?: readonly string[];
  /**
   * Further necessary conditions: from each group at least one fragment must occur in the view too
   * (e.g. a quote *and* a boolean operator). Checked, with `anyOf`, by the engine's keyword automaton
   * before the regex runs; `test` alone does not check them.
   */
  allOf?: readonly (readonly string[])[];
  /** The regex without any prefilter, for the engine once the fragments are known to be present. */
  pattern?: RegExp;
  /** Also run on values made only of word characters (most signatures need punctuation to match). */
  matchesPlainWords?: boolean;
  /** Linear-time test over the chosen view (bounded quantifiers only, no nested repetition). */
  test(view: string): boolean;
}

export interface WafMatch {
  ruleId: string;
  category: ThreatType;
  /** e.g. `query:id`, `body.json:user.name`, `header:user-agent`, `path`. */
  location: string;
  /** The decoded value that matched, cut to MATCH_VALUE_MAX characters. */
  value: string;
}

export type WafAction = 'allow' | 'challenge' | 'block';

export interface WafDecision {
  action: WafAction;
  reason: string;
  threatType: ThreatType | 'none';
  ruleIds: string[];
  score: number;
  matches: WafMatch[];
}

export type AccessListResult =
  | { kind: 'allow-bypass' }
  | { kind: 'block'; reason: string; threatType: 'ip_blocklist' | 'country_blocklist' | 'user_agent_blocklist' }
  | { kind: 'none' };

export interface CompiledWaf {
  sensitivity: number;
  paranoiaLevel: 1 | 2 | 3 | 4;
  blockThreshold: number;
  /** Scores in [challengeThreshold, blockThreshold) challenge instead of block. */
  challengeThreshold: number;
  /** Active signatures, grouped by the view they read so each view is computed once per value. */
  signatures: readonly Signature[];
  /** The subset of `signatures` that can match a value without punctuation. */
  plainWordSignatures: readonly Signature[];
  /** `signatures` and `plainWordSignatures` split by the input kinds they read, so the hot loop does not filter. */
  signaturesByKind: Readonly<Record<InputKind, readonly Signature[]>>;
  plainWordSignaturesByKind: Readonly<Record<InputKind, readonly Signature[]>>;
  /** The same lists with each signature's fragment groups resolved to automaton ids (see gate.ts). */
  gatedByKind: Readonly<Record<InputKind, readonly GatedSignature[]>>;
  plainWordGatedByKind: Readonly<Record<InputKind, readonly GatedSignature[]>>;
  /** The same lists indexed by anchor group, so a value visits only the signatures its keywords point to. */
  gatePlanByKind: Readonly<Record<InputKind, GatePlan>>;
  plainWordGatePlanByKind: Readonly<Record<InputKind, GatePlan>>;
  keywordGate: KeywordGate;
  isAllowedIp(ip: string): boolean;
  isBlockedIp(ip: string): boolean;
  blockedCountries: ReadonlySet<string>;
  /** Lower-cased substrings. */
  blockedUserAgents: readonly string[];
}

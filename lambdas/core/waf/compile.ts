import type { WafConfig } from '../config/waf-config.ts';
import { compileIpMatcher } from '../net/ip.ts';
import {
  buildKeywordGate,
  type GatedSignature,
  type GatePlan,
  gateSignature,
  type KeywordGate,
  planGate,
} from './gate.ts';
import { sensitivitySettings } from './sensitivity.ts';
import { ALL_SIGNATURES } from './signatures/index.ts';
import type { CompiledWaf, InputKind, Signature, WafFamily } from './types.ts';

const INPUT_KINDS: readonly InputKind[] = ['path', 'arg-name', 'arg', 'body', 'header', 'cookie', 'user-agent'];

function byKind(signatures: readonly Signature[]): Record<InputKind, readonly Signature[]> {
  const entries = INPUT_KINDS.map((kind) => [kind, signatures.filter((s) => !s.kinds || s.kinds.includes(kind))]);
  return Object.fromEntries(entries) as Record<InputKind, readonly Signature[]>;
}

function gatedByKind(
  gate: KeywordGate,
  lists: Record<InputKind, readonly Signature[]>,
): Record<InputKind, readonly GatedSignature[]> {
  const entries = INPUT_KINDS.map((kind) => [kind, lists[kind].map((s) => gateSignature(gate, s))]);
  return Object.fromEntries(entries) as Record<InputKind, readonly GatedSignature[]>;
}

function plansByKind(
  gate: KeywordGate,
  lists: Record<InputKind, readonly GatedSignature[]>,
): Record<InputKind, GatePlan> {
  const entries = INPUT_KINDS.map((kind) => [kind, planGate(gate, lists[kind])]);
  return Object.fromEntries(entries) as Record<InputKind, GatePlan>;
}

function familyEnabled(config: WafConfig, family: WafFamily): boolean {
  switch (family) {
    case 'sqli':
      return config.owaspSqlEnabled;
    case 'xss':
      return config.owaspXssEnabled;
    case 'rce':
      return config.owaspRceEnabled;
    case 'lfi':
      return config.owaspLfiEnabled;
    case 'scanner':
      return config.owaspScannerEnabled;
  }
}

/** Does the work that depends only on the configuration, once per configuration version. */
export function compileWaf(config: WafConfig, signatures: readonly Signature[] = ALL_SIGNATURES): CompiledWaf {
  const settings = sensitivitySettings(config.sensitivityScore);
  const active = signatures.filter((s) => s.level <= settings.paranoiaLevel && familyEnabled(config, s.family));
  const plainWordSignatures = active.filter((s) => s.matchesPlainWords === true);
  const signaturesByKind = byKind(active);
  const plainWordSignaturesByKind = byKind(plainWordSignatures);
  const keywordGate = buildKeywordGate(active);
  const gated = gatedByKind(keywordGate, signaturesByKind);
  const plainWordGated = gatedByKind(keywordGate, plainWordSignaturesByKind);
  return {
    sensitivity: config.sensitivityScore,
    ...settings,
    signatures: active,
    plainWordSignatures,
    signaturesByKind,
    plainWordSignaturesByKind,
    gatedByKind: gated,
    plainWordGatedByKind: plainWordGated,
    gatePlanByKind: plansByKind(keywordGate, gated),
    plainWordGatePlanByKind: plansByKind(keywordGate, plainWordGated),
    keywordGate,
    isAllowedIp: compileIpMatcher(config.allowedIps),
    isBlockedIp: compileIpMatcher(config.blockedIps),
    blockedCountries: new Set(config.blockedCountries.map((c) => c.toUpperCase())),
    blockedUserAgents: config.blockedUserAgents.map((ua) => ua.toLowerCase()),
  };
}

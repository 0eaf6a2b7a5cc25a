import type { EdgeRequest } from '../edge-request.ts';
import { normalizeValue, toBase64View, toPathView, toShellView, toSqlView } from './decode.ts';
import { collectInputs, type InspectedInput } from './inputs.ts';
import { charMask } from './trigger-mask.ts';
import type { CompiledWaf, InputView, Signature, ThreatType, WafDecision, WafMatch } from './types.ts';

/** Characters of a matched value kept in a decision (events store it; payloads can be huge). */
export const MATCH_VALUE_MAX = 80;
const MAX_MATCHES = 16;

const THREAT_LABELS: Record<ThreatType, string> = {
  sql_injection: 'SQL injection',
  xss: 'Cross-site scripting',
  session_fixation: 'Session fixation',
  response_splitting: 'HTTP response splitting',
  remote_code_execution: 'Remote command execution',
  php_injection: 'PHP code injection',
  java_injection: 'Java code injection',
  node_injection: 'Server-side JavaScript/Python injection',
  template_injection: 'Server-side template injection',
  local_file_inclusion: 'Local file inclusion / path traversal',
  remote_file_inclusion: 'Remote file inclusion / SSRF',
  scanner: 'Automated vulnerability scanner',
};

/**
 * A value made only of word characters and single dots cannot carry the structure most signatures need
 * (hex-escaped separators like 0x2e0x2f aside), so only the plain-word signatures look at it.
 */
const PLAIN_WORDS = /^[\w@:-]{0,128}(?:\.[\w@:-]{1,128}){0,8}$/;

function isPlainWords(raw: string): boolean {
  return PLAIN_WORDS.test(raw) && !raw.includes('0x');
}

class ViewCache {
  private textMask = -1;
  private sqlMask = -1;
  private pathMask = -1;
  private shellMask = -1;
  private base64Mask = -1;
  private rawMask = -1;
  private sql: string | undefined;
  private path: string | undefined;
  private shell: string | undefined;
  private base64: string | undefined;
  constructor(
    readonly text: string,
    private readonly raw: string,
  ) {}

  /** Trigger characters present in a view; a view that came out unchanged shares the text's mask. */
  mask(view: InputView): number {
    if (this.textMask < 0) this.textMask = charMask(this.text);
    switch (view) {
      case 'text':
        return this.textMask;
      case 'sql':
        if (this.sqlMask < 0) this.sqlMask = this.derivedMask('sql');
        return this.sqlMask;
      case 'path':
        if (this.pathMask < 0) this.pathMask = this.derivedMask('path');
        return this.pathMask;
      case 'shell':
        if (this.shellMask < 0) this.shellMask = this.derivedMask('shell');
        return this.shellMask;
      case 'base64':
        if (this.base64Mask < 0) this.base64Mask = this.derivedMask('base64');
        return this.base64Mask;
      case 'raw':
        if (this.rawMask < 0) this.rawMask = this.derivedMask('raw');
        return this.rawMask;
    }
  }

  private derivedMask(view: InputView): number {
    const rendered = this.get(view);
    return rendered === this.text ? this.textMask : charMask(rendered);
  }

  get(view: InputView): string {
    switch (view) {
      case 'text':
        return this.text;
      case 'sql':
        this.sql ??= toSqlView(this.text);
        return this.sql;
      case 'path':
        this.path ??= toPathView(this.text);
        return this.path;
      case 'shell':
        this.shell ??= toShellView(this.text);
        return this.shell;
      case 'raw':
        return this.raw;
      case 'base64':
        this.base64 ??= toBase64View(this.raw);
        return this.base64;
    }
  }
}

interface Hit {
  signature: Signature;
  match: WafMatch;
}

/**
 * User-Agent strings repeat across requests far more than any other input (a handful of browser builds
 * make up most traffic), and their verdict depends only on the string and the compiled WAF, so it is
 * remembered per compiled WAF. Bounded: the map is dropped when full, so a flood of unique agents costs
 * what it would cost without the memo.
 */
const USER_AGENT_MEMO_SIZE = 256;
const userAgentMemo = new WeakMap<CompiledWaf, Map<string, readonly Hit[]>>();

/** Signature hits of one input; `skip` holds rules already matched elsewhere in the request. */
function scanInput(waf: CompiledWaf, input: InspectedInput, skip: ReadonlyMap<string, Hit> | undefined): Hit[] {
  const signatures =
    input.kind !== 'user-agent' && isPlainWords(input.raw)
      ? waf.plainWordSignaturesByKind[input.kind]
      : waf.signaturesByKind[input.kind];
  const hits: Hit[] = [];
  if (signatures.length === 0) return hits;
  const views = new ViewCache(normalizeValue(input.raw, input.urlEncoded), input.raw);
  for (const signature of signatures) {
    if (skip?.has(signature.id)) continue;
    const trigger = signature.triggerMask;
    if (trigger !== undefined && (views.mask(signature.view) & trigger) === 0) continue;
    if (!signature.test(views.get(signature.view))) continue;
    hits.push({
      signature,
      match: {
        ruleId: signature.id,
        category: signature.threatType,
        location: input.location,
        value: views.text.length > MATCH_VALUE_MAX ? views.text.slice(0, MATCH_VALUE_MAX) : views.text,
      },
    });
  }
  return hits;
}

function scanUserAgent(waf: CompiledWaf, input: InspectedInput): readonly Hit[] {
  let memo = userAgentMemo.get(waf);
  if (!memo) {
    memo = new Map();
    userAgentMemo.set(waf, memo);
  }
  const known = memo.get(input.raw);
  if (known) return known;
  const hits = scanInput(waf, input, undefined);
  if (memo.size >= USER_AGENT_MEMO_SIZE) memo.clear();
  memo.set(input.raw, hits);
  return hits;
}

/** Runs every active signature over every input of the request and turns the anomaly score into a decision. */
export function inspectRequest(waf: CompiledWaf, req: EdgeRequest): WafDecision {
  const matched = new Map<string, Hit>();
  for (const input of collectInputs(req)) {
    const hits = input.kind === 'user-agent' ? scanUserAgent(waf, input) : scanInput(waf, input, matched);
    for (const hit of hits) if (!matched.has(hit.signature.id)) matched.set(hit.signature.id, hit);
  }
  return decide(waf, [...matched.values()]);
}

function decide(waf: CompiledWaf, hits: Hit[]): WafDecision {
  if (hits.length === 0) {
    return { action: 'allow', reason: 'No signature matched', threatType: 'none', ruleIds: [], score: 0, matches: [] };
  }
  const score = hits.reduce((sum, hit) => sum + hit.signature.severity, 0);
  // The reported threat is the one whose signatures contributed most, ties going to the most severe hit.
  const byThreat = new Map<ThreatType, number>();
  for (const { signature } of hits) {
    byThreat.set(signature.threatType, (byThreat.get(signature.threatType) ?? 0) + signature.severity);
  }
  const lead = [...hits].sort(
    (a, b) =>
      (byThreat.get(b.signature.threatType) ?? 0) - (byThreat.get(a.signature.threatType) ?? 0) ||
      b.signature.severity - a.signature.severity,
  )[0]!;
  const action = score >= waf.blockThreshold ? 'block' : score >= waf.challengeThreshold ? 'challenge' : 'allow';
  const label = THREAT_LABELS[lead.signature.threatType];
  const verdict =
    action === 'allow' ? `below the challenge threshold ${waf.challengeThreshold}` : `threshold ${waf.blockThreshold}`;
  return {
    action,
    reason: `${label} suspected in ${lead.match.location} (${lead.signature.id}: ${lead.signature.description}); anomaly score ${score}, ${verdict}`,
    threatType: action === 'allow' ? 'none' : lead.signature.threatType,
    ruleIds: hits.map((hit) => hit.signature.id),
    score,
    matches: hits.slice(0, MAX_MATCHES).map((hit) => hit.match),
  };
}

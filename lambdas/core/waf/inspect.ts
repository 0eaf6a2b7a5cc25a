import type { EdgeRequest } from '../edge-request.ts';
import { normalizeValue, toBase64View, toPathView, toShellView, toSqlView } from './decode.ts';
import { collectInputs, type InspectedInput } from './inputs.ts';
import { type GatedSignature, gateOpen, type KeywordGate, scanKeywords, VIEW_INDEX } from './gate.ts';

const TEXT = VIEW_INDEX.text;
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

/**
 * The views of one value, each computed on first use, and the keyword marks of each: a view that came
 * out identical to the text reuses the text's marks instead of being scanned again. Indexed by
 * VIEW_INDEX (arrays, not records: this runs for every signature of every value).
 */
class ViewCache {
  // Written out as literals on purpose: `new Array(n).fill(…)` builds holey arrays, and the JSON POST
  // bench measured ~1.7× slower with them (bench:waf, same run); one slot per VIEW_INDEX entry.
  private readonly rendered: Array<string | undefined> = [
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
  ];
  private readonly stamps = [0, 0, 0, 0, 0, 0];
  private readonly marks: Array<Int32Array | undefined> = [
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
  ];
  constructor(
    private readonly gate: KeywordGate,
    readonly text: string,
    private readonly raw: string,
  ) {
    this.rendered[VIEW_INDEX.text] = text;
    this.rendered[VIEW_INDEX.raw] = raw;
  }

  /** Whether every fragment group of the signature occurs in its view. */
  open(gated: GatedSignature): boolean {
    if (gated.groups.length === 0) return true;
    const index = gated.viewIndex;
    let stamp = this.stamps[index]!;
    if (stamp === 0) {
      const rendered = this.get(gated);
      if (index !== TEXT && rendered === this.text) {
        stamp = this.scanned(TEXT, 'text', this.text);
        this.marks[index] = this.marks[TEXT];
        this.stamps[index] = stamp;
      } else {
        stamp = this.scanned(index, gated.view, rendered);
      }
    }
    return gateOpen(this.marks[index]!, gated, stamp);
  }

  private scanned(index: number, view: InputView, rendered: string): number {
    let stamp = this.stamps[index]!;
    if (stamp === 0) {
      stamp = scanKeywords(this.gate, view, rendered);
      this.stamps[index] = stamp;
      this.marks[index] = this.gate.seen[view];
    }
    return stamp;
  }

  get(gated: GatedSignature): string {
    const known = this.rendered[gated.viewIndex];
    if (known !== undefined) return known;
    let rendered: string;
    switch (gated.view) {
      case 'sql':
        rendered = toSqlView(this.text);
        break;
      case 'path':
        rendered = toPathView(this.text);
        break;
      case 'shell':
        rendered = toShellView(this.text);
        break;
      case 'base64':
        rendered = toBase64View(this.raw);
        break;
      default:
        rendered = this.text;
    }
    this.rendered[gated.viewIndex] = rendered;
    return rendered;
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
      ? waf.plainWordGatedByKind[input.kind]
      : waf.gatedByKind[input.kind];
  const hits: Hit[] = [];
  if (signatures.length === 0) return hits;
  const views = new ViewCache(waf.keywordGate, normalizeValue(input.raw, input.urlEncoded), input.raw);
  // Most requests match nothing, and a Map lookup per signature per value would cost more than the gate.
  const skipping = skip !== undefined && skip.size > 0;
  for (const gated of signatures) {
    const signature = gated.signature;
    if (skipping && skip.has(signature.id)) continue;
    if (!views.open(gated)) continue;
    const view = views.get(gated);
    // An empty view (most values have no base64 reading) matches nothing.
    if (view === '' || !gated.regex.test(view)) continue;
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

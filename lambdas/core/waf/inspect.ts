import type { EdgeRequest } from '../edge-request.ts';
import { normalizeValue, toBase64View, toPathView, toShellView, toSqlView } from './decode.ts';
import { collectInputs, type InspectedInput } from './inputs.ts';
import { type GatedSignature, type KeywordGate, reserveStamps, VIEW_INDEX, VIEWS } from './gate.ts';
import type { CompiledWaf, Signature, ThreatType, WafDecision, WafMatch } from './types.ts';

const TEXT = VIEW_INDEX.text;
const RAW = VIEW_INDEX.raw;

/** Characters of a matched value kept in a decision (events store it; payloads can be huge). */
export const MATCH_VALUE_MAX = 80;
const MAX_MATCHES = 16;

const THREAT_LABELS: Record<ThreatType, string> = {
  sql_injection: 'SQL injection',
  ldap_injection: 'LDAP injection',
  xpath_injection: 'XPath injection',
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

export function isPlainWords(raw: string): boolean {
  return PLAIN_WORDS.test(raw) && !raw.includes('0x');
}

/** Non-ASCII characters whose lower case contains an ASCII letter (İ → i̇, the Kelvin sign → k). */
const LOWERS_TO_ASCII = /[\u0130\u212a]/;

/**
 * Whether the keyword automaton reads `raw` exactly as `text`: true when `text` is `raw` lower-cased
 * (nothing decoded) and `raw` holds no character that lower-cases to ASCII, since the automaton folds
 * ASCII case and reads every non-ASCII character as a break. Native `toLowerCase` and one regex: a JS
 * character loop over a 2 KB value cost several times more.
 */
function foldsToText(raw: string, text: string): boolean {
  return raw.length === text.length && raw.toLowerCase() === text && !LOWERS_TO_ASCII.test(raw);
}

/**
 * The views of one value, each computed on first use, and the keyword marks of each: a view that came
 * out identical to the text (the raw value: identical but for ASCII case) reuses the text's marks and
 * its list of marked groups instead of being scanned again. Indexed by VIEW_INDEX (arrays, not
 * records: this runs for every candidate signature of every value).
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
  /** The group ids a view's scan newly marked are `gate.marked[markedFrom[v] … markedTo[v])`. */
  readonly markedFrom = [0, 0, 0, 0, 0, 0];
  readonly markedTo = [0, 0, 0, 0, 0, 0];
  private markedEnd = 0;
  private gate!: KeywordGate;
  text = '';
  private raw = '';

  /** Starts on a new value (one instance serves every value: the engine is synchronous). */
  reset(gate: KeywordGate, text: string, raw: string): void {
    this.gate = gate;
    this.text = text;
    this.raw = raw;
    const rendered = this.rendered;
    const stamps = this.stamps;
    for (let i = 0; i < stamps.length; i++) {
      rendered[i] = undefined;
      stamps[i] = 0;
    }
    rendered[TEXT] = text;
    rendered[RAW] = raw;
    this.markedEnd = 0;
    reserveStamps(gate);
  }

  /** Renders and scans a view (once), so its marks and marked-group list are known. */
  scan(index: number): void {
    if (this.stamps[index] !== 0) return;
    const rendered = this.render(index);
    if (index !== TEXT && (rendered === this.text || (index === RAW && foldsToText(rendered, this.text)))) {
      this.scan(TEXT);
      this.stamps[index] = this.stamps[TEXT]!;
      this.marks[index] = this.marks[TEXT];
      this.markedFrom[index] = this.markedFrom[TEXT]!;
      this.markedTo[index] = this.markedTo[TEXT]!;
      return;
    }
    const gate = this.gate;
    const marks = gate.seen[VIEWS[index]!];
    const stamp = ++gate.stamp;
    this.stamps[index] = stamp;
    this.marks[index] = marks;
    this.markedFrom[index] = this.markedEnd;
    this.markedEnd = gate.automaton.scanListing(rendered, marks, stamp, gate.marked, this.markedEnd);
    this.markedTo[index] = this.markedEnd;
  }

  /** Whether the groups of the signature after its anchor are marked too (its view is scanned). */
  restOpen(gated: GatedSignature): boolean {
    const groups = gated.groups;
    if (groups.length < 2) return true;
    const index = gated.viewIndex;
    const marks = this.marks[index]!;
    const stamp = this.stamps[index]!;
    for (let i = 1; i < groups.length; i++) if (marks[groups[i]!] !== stamp) return false;
    return true;
  }

  render(index: number): string {
    const known = this.rendered[index];
    if (known !== undefined) return known;
    let rendered: string;
    switch (index) {
      case VIEW_INDEX.sql:
        rendered = toSqlView(this.text);
        break;
      case VIEW_INDEX.path:
        rendered = toPathView(this.text);
        break;
      case VIEW_INDEX.shell:
        rendered = toShellView(this.text);
        break;
      case VIEW_INDEX.base64:
        rendered = toBase64View(this.raw);
        break;
      default:
        rendered = this.text;
    }
    this.rendered[index] = rendered;
    return rendered;
  }
}

const VIEWS_OF_VALUE = new ViewCache();

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
  const plan =
    input.kind !== 'user-agent' && isPlainWords(input.raw)
      ? waf.plainWordGatePlanByKind[input.kind]
      : waf.gatePlanByKind[input.kind];
  const hits: Hit[] = [];
  const signatures = plan.signatures;
  if (signatures.length === 0) return hits;
  const gate = waf.keywordGate;
  const views = VIEWS_OF_VALUE;
  views.reset(gate, normalizeValue(input.raw, input.urlEncoded), input.raw);

  // Candidates, as a bitmap over signature positions so they come out in signature order: the
  // signatures without groups, and those anchored on a group that a scan of their view marked.
  const candidates = plan.candidates;
  candidates.fill(0);
  const ungated = plan.ungated;
  for (let i = 0; i < ungated.length; i++) {
    const position = ungated[i]!;
    candidates[position >>> 5] = candidates[position >>> 5]! | (1 << (position & 31));
  }
  const marked = gate.marked;
  const planViews = plan.views;
  for (let v = 0; v < planViews.length; v++) {
    const index = planViews[v]!;
    views.scan(index);
    const anchorStart = plan.anchorStart[index]!;
    const anchored = plan.anchored[index]!;
    const to = views.markedTo[index]!;
    for (let k = views.markedFrom[index]!; k < to; k++) {
      const group = marked[k]!;
      const end = anchorStart[group + 1]!;
      for (let j = anchorStart[group]!; j < end; j++) {
        const position = anchored[j]!;
        candidates[position >>> 5] = candidates[position >>> 5]! | (1 << (position & 31));
      }
    }
  }

  // Most requests match nothing, and a Map lookup per signature per value would cost more than the gate.
  const skipping = skip !== undefined && skip.size > 0;
  for (let w = 0; w < candidates.length; w++) {
    let word = candidates[w]!;
    while (word !== 0) {
      const lowest = word & -word;
      word ^= lowest;
      const gated = signatures[(w << 5) | (31 - Math.clz32(lowest))]!;
      const signature = gated.signature;
      if (skipping && skip.has(signature.id)) continue;
      if (!views.restOpen(gated)) continue;
      const view = views.render(gated.viewIndex);
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

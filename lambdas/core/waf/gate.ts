import { buildKeywordAutomaton, type KeywordAutomaton } from './keyword-automaton.ts';
import type { InputView, Signature } from './types.ts';

/**
 * A signature ready for the hot loop: its `anyOf` and `allOf` groups as automaton ids. The regex runs
 * only when every group has a fragment present in the view (a group is a disjunction, the groups a
 * conjunction), so the common case — ordinary text — costs one automaton pass per view and a few
 * array reads per signature.
 */
export interface GatedSignature {
  readonly signature: Signature;
  readonly view: InputView;
  readonly viewIndex: number;
  /** Automaton group ids, all of which must be marked for the regex to run. */
  readonly groups: Int32Array;
  readonly regex: RegExp | { test(view: string): boolean };
}

/**
 * The automaton over every fragment of the active signatures plus the scratch arrays its scans write
 * to, one per view so the marks of one view of a value do not overwrite another's.
 */
export interface KeywordGate {
  readonly automaton: KeywordAutomaton;
  readonly seen: Readonly<Record<InputView, Int32Array>>;
  /** Last stamp handed out; stamps only grow, so an old mark never reads as present. */
  stamp: number;
}

const VIEWS: readonly InputView[] = ['text', 'sql', 'path', 'shell', 'base64', 'raw'];
/** Position of each view in the engine's per-value arrays. */
export const VIEW_INDEX: Readonly<Record<InputView, number>> = {
  text: 0,
  sql: 1,
  path: 2,
  shell: 3,
  base64: 4,
  raw: 5,
};

function groupsOf(signature: Signature): readonly (readonly string[])[] {
  const groups: (readonly string[])[] = [];
  if (signature.anyOf && signature.anyOf.length > 0) groups.push(signature.anyOf);
  for (const group of signature.allOf ?? []) if (group.length > 0) groups.push(group);
  return groups;
}

export function buildKeywordGate(signatures: readonly Signature[]): KeywordGate {
  const automaton = buildKeywordAutomaton(signatures.flatMap((s) => groupsOf(s)));
  const size = Math.max(1, automaton.groupCount);
  const seen = Object.fromEntries(VIEWS.map((view) => [view, new Int32Array(size)])) as Record<InputView, Int32Array>;
  return { automaton, seen, stamp: 0 };
}

export function gateSignature(gate: KeywordGate, signature: Signature): GatedSignature {
  const groups = Int32Array.from(new Set(groupsOf(signature).map((group) => gate.automaton.groupIdOf(group))));
  return {
    signature,
    view: signature.view,
    viewIndex: VIEW_INDEX[signature.view],
    groups,
    regex: signature.pattern ?? signature,
  };
}

/** Scans `text` into the marks of `view` and returns the stamp under which its fragments are marked. */
export function scanKeywords(gate: KeywordGate, view: InputView, text: string): number {
  if (gate.stamp >= 0x7ffffff0) {
    for (const marks of Object.values(gate.seen)) marks.fill(0);
    gate.stamp = 0;
  }
  const stamp = ++gate.stamp;
  gate.automaton.scan(text, gate.seen[view], stamp);
  return stamp;
}

/** True when every fragment group of the signature is marked with `stamp` in `seen`. */
export function gateOpen(seen: Int32Array, gated: GatedSignature, stamp: number): boolean {
  const groups = gated.groups;
  for (let i = 0; i < groups.length; i++) if (seen[groups[i]!] !== stamp) return false;
  return true;
}

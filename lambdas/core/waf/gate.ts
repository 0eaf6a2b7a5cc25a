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
  /**
   * Automaton group ids, all of which must be marked for the regex to run; the first is the anchor
   * (see GatePlan), the group least likely to occur in ordinary text.
   */
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
  /** Scratch for the group ids newly marked by the scans of one value: room for every view's. */
  readonly marked: Int32Array;
  /** Last stamp handed out; stamps only grow, so an old mark never reads as present. */
  stamp: number;
}

/**
 * The gated signatures of one input kind, indexed so that a value costs work in proportion to the
 * signatures whose anchor group its views contain rather than to all of them. Each signature with
 * groups is filed under its anchor (its first group) in the view it reads; the candidates of a value
 * are the signatures without groups plus those filed under a group one of their view's scans newly
 * marked, visited in signature order (so hits, rule ids and the lead threat come out as a full pass
 * over the list would produce them).
 */
export interface GatePlan {
  readonly signatures: readonly GatedSignature[];
  /** Positions in `signatures` of those without groups: candidates for every value. */
  readonly ungated: Int32Array;
  /** VIEW_INDEX of each view some signature with groups reads, in VIEW_INDEX order (text first). */
  readonly views: Int32Array;
  /**
   * Per VIEW_INDEX (undefined for a view no signature with groups reads): the positions of the
   * signatures anchored on group g in that view are `anchored[v][anchorStart[v][g] … anchorStart[v][g + 1])`.
   */
  readonly anchorStart: readonly (Int32Array | undefined)[];
  readonly anchored: readonly (Int32Array | undefined)[];
  /** Scratch bitmap of candidate positions, 32 per word. */
  readonly candidates: Int32Array;
}

/** The views in VIEW_INDEX order. */
export const VIEWS: readonly InputView[] = ['text', 'sql', 'path', 'shell', 'base64', 'raw'];
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
  return { automaton, seen, marked: new Int32Array(size * VIEWS.length), stamp: 0 };
}

/**
 * How unlikely a group is to occur in ordinary text, for choosing anchors: a group is as common as its
 * most common fragment, and a longer fragment is rarer than a shorter one (`union select` against `'`);
 * among equally long ones, a group with fewer alternatives is rarer. Only speed depends on this choice.
 */
function rarity(group: readonly string[]): number {
  const shortest = Math.min(...group.map((fragment) => fragment.length));
  return Math.min(shortest, 64) * 1024 - Math.min(group.length, 1023);
}

export function gateSignature(gate: KeywordGate, signature: Signature): GatedSignature {
  const byRarity = [...groupsOf(signature)]
    .map((group, order) => ({ group, order, rarity: rarity(group) }))
    .sort((a, b) => b.rarity - a.rarity || a.order - b.order);
  const groups = Int32Array.from(new Set(byRarity.map(({ group }) => gate.automaton.groupIdOf(group))));
  return {
    signature,
    view: signature.view,
    viewIndex: VIEW_INDEX[signature.view],
    groups,
    regex: signature.pattern ?? signature,
  };
}

/** Indexes the gated signatures of one input kind by anchor (see GatePlan). */
export function planGate(gate: KeywordGate, signatures: readonly GatedSignature[]): GatePlan {
  const groupCount = gate.automaton.groupCount;
  const ungated: number[] = [];
  const byView: (number[][] | undefined)[] = VIEWS.map(() => undefined);
  signatures.forEach((gated, position) => {
    if (gated.groups.length === 0) {
      ungated.push(position);
      return;
    }
    const lists = (byView[gated.viewIndex] ??= Array.from({ length: groupCount }, () => []));
    lists[gated.groups[0]!]!.push(position);
  });
  const anchorStart: (Int32Array | undefined)[] = [];
  const anchored: (Int32Array | undefined)[] = [];
  const views: number[] = [];
  byView.forEach((lists, viewIndex) => {
    if (!lists) {
      anchorStart.push(undefined);
      anchored.push(undefined);
      return;
    }
    views.push(viewIndex);
    const start = new Int32Array(groupCount + 1);
    lists.forEach((list, group) => {
      start[group + 1] = start[group]! + list.length;
    });
    anchorStart.push(start);
    anchored.push(Int32Array.from(lists.flat()));
  });
  return {
    signatures,
    ungated: Int32Array.from(ungated),
    views: Int32Array.from(views.sort((a, b) => a - b)),
    anchorStart,
    anchored,
    candidates: new Int32Array(Math.max(1, Math.ceil(signatures.length / 32))),
  };
}

/** Stamps one value's scans may take: a wrap-around clears the marks, so it must not fall between them. */
const STAMPS_PER_VALUE = VIEWS.length;

/** Makes sure the next `STAMPS_PER_VALUE` stamps come without a wrap-around (call before a value's scans). */
export function reserveStamps(gate: KeywordGate): void {
  if (gate.stamp >= 0x7ffffff0 - STAMPS_PER_VALUE) {
    for (const marks of Object.values(gate.seen)) marks.fill(0);
    gate.stamp = 0;
  }
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

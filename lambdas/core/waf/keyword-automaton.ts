/**
 * One pass over a view finds which fragment groups of the active signatures occur in it (Aho-Corasick
 * over ASCII, case folded; a group is a set of alternative fragments and occurs when any member does).
 * The engine then skips each signature whose groups are absent without touching the text again: on a
 * 2 KB prose value that replaces some fifty `includes` scans, and the regexes they would have let
 * through, with one linear pass.
 *
 * Presence is recorded by writing a stamp into `seen[groupId]`; a new stamp per scanned view makes
 * clearing unnecessary.
 */
export interface KeywordAutomaton {
  /** Number of distinct groups; ids are 0 … groupCount-1 in the order `groupIdOf` hands them out. */
  readonly groupCount: number;
  /** Id of a group given as passed to the builder (lower-cased, order and duplicates ignored). */
  groupIdOf(group: readonly string[]): number;
  /** Marks `seen[id] = stamp` for every group occurring in `text` (ASCII letters compared case-insensitively). */
  scan(text: string, seen: Int32Array, stamp: number): void;
  /**
   * As `scan`, and also appends to `marked` (from index `at`) the id of each group it marks that was
   * not already marked with `stamp`; returns the index after the last id written. `marked` needs room
   * for `groupCount` ids after `at`.
   */
  scanListing(text: string, seen: Int32Array, stamp: number, marked: Int32Array, at: number): number;
}

/**
 * Fragments are cut to their first characters: any prefix of a fragment is still a necessary condition
 * (the gate only ever says "cannot match"), so verdicts do not change, while the table — one row per
 * trie state — stays small. Long fragments (base64 spellings of gadget classes, scanner resource
 * paths, function names) otherwise made it several megabytes per compiled WAF; eight characters are rare
 * enough in ordinary text that the gate opens about as often as with the whole fragment.
 */
export const MAX_GATE_FRAGMENT = 8;

function groupKey(group: readonly string[]): string {
  return [...new Set(group.map((f) => f.toLowerCase()))].sort().join('\u0001');
}

/** Characters no fragment contains share one column of the transition table; non-ASCII resets to the root. */
function alphabetOf(fragments: readonly string[]): { classOf: Uint8Array; classes: number } {
  const classOf = new Uint8Array(128);
  let classes = 1;
  for (const fragment of fragments) {
    for (let i = 0; i < fragment.length; i++) {
      const code = fragment.charCodeAt(i);
      if (classOf[code] === 0) classOf[code] = classes++;
    }
  }
  // Upper-case letters read as their lower-case class.
  for (let code = 65; code <= 90; code++) classOf[code] = classOf[code + 32]!;
  return { classOf, classes };
}

interface TransitionTables {
  /** Next state, per (state × classes + character class); 16 bits halve the table. */
  delta: Uint16Array;
  /** States from this id on end at least one fragment. */
  firstOutput: number;
  /** Group ids of output state j are flatOut[outStart[j] … outStart[j + 1]). */
  outStart: Int32Array;
  flatOut: Int32Array;
}

/**
 * Builds the flat tables in a function of their own, so the per-state rows and lists it needs on the
 * way are garbage once it returns instead of living on in the scan closures' context.
 */
function transitionTables(ids: ReadonlyMap<string, number[]>, classOf: Uint8Array, classes: number): TransitionTables {
  // Trie: children per state as a dense row of `classes` entries (-1: none yet).
  const rows: Int32Array[] = [new Int32Array(classes).fill(-1)];
  const outputs: number[][] = [[]];
  for (const [fragment, owners] of ids) {
    let state = 0;
    for (let i = 0; i < fragment.length; i++) {
      const c = classOf[fragment.charCodeAt(i)]!;
      let next = rows[state]![c]!;
      if (next < 0) {
        next = rows.length;
        rows.push(new Int32Array(classes).fill(-1));
        outputs.push([]);
        rows[state]![c] = next;
      }
      state = next;
    }
    outputs[state]!.push(...owners);
  }

  // Breadth-first failure links turn the trie into a complete transition function.
  const fail = new Int32Array(rows.length);
  const queue: number[] = [];
  const root = rows[0]!;
  for (let c = 0; c < classes; c++) {
    const child = root[c]!;
    if (child < 0) {
      root[c] = 0;
    } else {
      fail[child] = 0;
      queue.push(child);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head]!;
    const row = rows[state]!;
    const fallback = rows[fail[state]!]!;
    outputs[state] = [...new Set([...outputs[state]!, ...outputs[fail[state]!]!])];
    for (let c = 0; c < classes; c++) {
      const child = row[c]!;
      if (child < 0) {
        row[c] = fallback[c]!;
      } else {
        fail[child] = fallback[c]!;
        queue.push(child);
      }
    }
  }

  // States are renumbered so that those with outputs come last: the scan steps with one table read per
  // character, and one comparison tells whether the state reached ends any fragment (most do not).
  if (rows.length > 0xffff) throw new Error(`keyword automaton: ${rows.length} states do not fit 16 bits`);
  const order = [...rows.keys()].sort((a, b) => Math.sign(outputs[a]!.length) - Math.sign(outputs[b]!.length) || a - b);
  const renumbered = new Int32Array(rows.length);
  order.forEach((state, id) => {
    renumbered[state] = id;
  });
  const firstWithOutput = order.findIndex((state) => outputs[state]!.length > 0);
  const firstOutput = firstWithOutput < 0 ? rows.length : firstWithOutput;
  const delta = new Uint16Array(rows.length * classes);
  order.forEach((state, id) => {
    const row = rows[state]!;
    for (let c = 0; c < classes; c++) delta[id * classes + c] = renumbered[row[c]!]!;
  });
  /** Outputs of the state with new id `firstOutput + j` are flatOut[outStart[j] … outStart[j + 1]). */
  const withOutput = order.slice(firstOutput);
  const outStart = new Int32Array(withOutput.length + 1);
  const outIds: number[] = [];
  withOutput.forEach((state, j) => {
    outStart[j] = outIds.length;
    outIds.push(...outputs[state]!);
  });
  outStart[withOutput.length] = outIds.length;
  const flatOut = Int32Array.from(outIds);
  return { delta, firstOutput, outStart, flatOut };
}

export function buildKeywordAutomaton(groupList: readonly (readonly string[])[]): KeywordAutomaton {
  const groupIds = new Map<string, number>();
  /** Fragment → the groups it belongs to. */
  const ids = new Map<string, number[]>();
  for (const group of groupList) {
    const key = groupKey(group);
    if (groupIds.has(key)) continue;
    const groupId = groupIds.size;
    groupIds.set(key, groupId);
    for (const raw of new Set(group.map((f) => f.toLowerCase().slice(0, MAX_GATE_FRAGMENT)))) {
      if (raw === '' || [...raw].some((c) => c.charCodeAt(0) >= 128)) {
        throw new Error(`keyword fragment must be non-empty ASCII: ${JSON.stringify(raw)}`);
      }
      const owners = ids.get(raw);
      if (owners) owners.push(groupId);
      else ids.set(raw, [groupId]);
    }
  }
  const fragments = [...ids.keys()];
  const { classOf, classes } = alphabetOf(fragments);

  const { delta, firstOutput, outStart, flatOut } = transitionTables(ids, classOf, classes);
  const withOutputCount = outStart.length - 1;
  // Prose reaches the same few output states over and over (`on`, `or`, a space after a word); the
  // number of the scan that last emitted a state's outputs lets a repeat cost one comparison.
  const emitted = new Int32Array(withOutputCount);
  let scans = 0;
  function nextScan(): number {
    if (scans >= 0x7ffffff0) {
      emitted.fill(0);
      scans = 0;
    }
    return ++scans;
  }

  let scratch: Int32Array | undefined;
  return {
    groupCount: groupIds.size,
    groupIdOf(group) {
      const id = groupIds.get(groupKey(group));
      if (id === undefined) throw new Error(`unknown keyword group ${JSON.stringify(group)}`);
      return id;
    },
    scan(text, seen, stamp) {
      // Outside the engine's hot path (tests, tools): the listing goes to a scratch array.
      scratch ??= new Int32Array(groupIds.size);
      this.scanListing(text, seen, stamp, scratch, 0);
    },
    scanListing(text, seen, stamp, marked, at) {
      const scan = nextScan();
      let state = 0;
      let next = at;
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        state = code < 128 ? delta[state * classes + classOf[code]!]! : 0;
        if (state < firstOutput) continue;
        const j = state - firstOutput;
        if (emitted[j] === scan) continue;
        emitted[j] = scan;
        const end = outStart[j + 1]!;
        for (let k = outStart[j]!; k < end; k++) {
          const id = flatOut[k]!;
          if (seen[id] !== stamp) {
            seen[id] = stamp;
            marked[next++] = id;
          }
        }
      }
      return next;
    },
  };
}

/**
 * A one-pass prefilter: which of the characters the signatures key on occur in a string, as a bit
 * set. Each signature's `anyOf` fragments reduce to the bits of a character every fragment contains,
 * so one AND tells that none of its fragments can be present and the substring checks and the regex
 * are skipped. Most values of ordinary traffic (words, numbers, a User-Agent) set only a few bits.
 */

const TRIGGER_CHARS = `<>'"();|&$\`{}[]\\/%=:*!#@+?\n.\0`;
/** charCode → bit + 1 (0: not a trigger character). */
const BIT_OF = new Uint8Array(128);
[...TRIGGER_CHARS].forEach((c, i) => {
  BIT_OF[c.charCodeAt(0)] = i + 1;
});
// CR shares the newline bit: signatures that look for a line break accept either.
BIT_OF[13] = BIT_OF[10]!;

/** Beyond this length prose has nearly every trigger character anyway; the pass would not pay for itself. */
const MAX_MASKED_LENGTH = 256;

/** Bit set of the trigger characters in `text` (all bits for long text). */
export function charMask(text: string): number {
  if (text.length > MAX_MASKED_LENGTH) return -1;
  let mask = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128) {
      const bit = BIT_OF[code]!;
      if (bit !== 0) mask |= 1 << (bit - 1);
    }
  }
  return mask;
}

/**
 * The bits of which at least one must be present for any fragment to occur, or undefined when some
 * fragment contains no trigger character (a plain keyword such as `sleep`): then nothing can be skipped.
 */
export function triggerMaskOf(anyOf: readonly string[] | undefined): number | undefined {
  if (!anyOf || anyOf.length === 0) return undefined;
  let mask = 0;
  for (const fragment of anyOf) {
    let bit = 0;
    for (let i = 0; i < fragment.length && bit === 0; i++) {
      const code = fragment.charCodeAt(i);
      if (code < 128) bit = BIT_OF[code]!;
    }
    if (bit === 0) return undefined;
    mask |= 1 << (bit - 1);
  }
  return mask;
}

import { triggerMaskOf } from './trigger-mask.ts';
import type { Signature } from './types.ts';

export type SignatureDefinition = Omit<Signature, 'test'> & { pattern: RegExp };

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\]/g;

/**
 * The `anyOf` check before the regex: a few fragments are cheapest as `includes`; many are one pass of
 * a literal alternation, which on long text costs about half of the separate scans.
 */
function withPrefilter(anyOf: readonly string[], pattern: RegExp): (view: string) => boolean {
  if (anyOf.length <= 2) {
    const [first, second] = anyOf;
    return second === undefined
      ? (view) => view.includes(first ?? '') && pattern.test(view)
      : (view) => (view.includes(first ?? '') || view.includes(second)) && pattern.test(view);
  }
  const fragments = new RegExp(anyOf.map((f) => f.replace(REGEX_SPECIAL, '\\$&')).join('|'));
  return (view) => fragments.test(view) && pattern.test(view);
}

/** Wraps a non-global regex (global ones keep `lastIndex` state between calls). */
export function regexSignature({ pattern, ...rest }: SignatureDefinition): Signature {
  if (pattern.global || pattern.sticky) throw new Error(`signature ${rest.id}: pattern must not be global or sticky`);
  const anyOf = rest.anyOf;
  const test = anyOf ? withPrefilter(anyOf, pattern) : (view: string) => pattern.test(view);
  const triggerMask = triggerMaskOf(anyOf);
  return { ...rest, test, pattern, ...(triggerMask === undefined ? {} : { triggerMask }) } as Signature;
}

import type { Signature } from './types.ts';

export type SignatureDefinition = Omit<Signature, 'test'> & { pattern: RegExp };

/** Wraps a non-global regex (global ones keep `lastIndex` state between calls). */
export function regexSignature({ pattern, ...rest }: SignatureDefinition): Signature {
  if (pattern.global || pattern.sticky) throw new Error(`signature ${rest.id}: pattern must not be global or sticky`);
  const anyOf = rest.anyOf;
  const test = anyOf
    ? (view: string) => anyOf.some((fragment) => view.includes(fragment)) && pattern.test(view)
    : (view: string) => pattern.test(view);
  return { ...rest, test, pattern } as Signature;
}

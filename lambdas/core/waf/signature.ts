import type { Signature } from './types.ts';

export type SignatureDefinition = Omit<Signature, 'test'> & { pattern: RegExp };

/** Wraps a non-global regex (global ones keep `lastIndex` state between calls). */
export function regexSignature({ pattern, ...rest }: SignatureDefinition): Signature {
  if (pattern.global || pattern.sticky) throw new Error(`signature ${rest.id}: pattern must not be global or sticky`);
  return { ...rest, test: (view) => pattern.test(view), pattern } as Signature;
}

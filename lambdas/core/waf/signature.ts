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
  return { ...rest, test, pattern };
}

const QUANTIFIERS = new Set(['?', '*', '{']);
const META = new Set(['?', '*', '+', '{', '[', '(', ')', '\\', '|', '.', '^', '$']);

/**
 * The literal start of each alternative of a regex alternation (`burp ?suite` → `burp`,
 * `python[23]?` → `python`), for use as keyword-gate fragments: one of them must occur wherever the
 * alternation matches. Keeps the word lists in one place (the regex) instead of copying them.
 */
export function literalPrefixes(alternation: string): string[] {
  const body = alternation.startsWith('(?:') && alternation.endsWith(')') ? alternation.slice(3, -1) : alternation;
  const alternatives: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') i++;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === '|' && depth === 0) {
      alternatives.push(body.slice(start, i));
      start = i + 1;
    }
  }
  alternatives.push(body.slice(start));
  return alternatives.map((alternative) => {
    let end = 0;
    while (end < alternative.length && !META.has(alternative[end]!)) end++;
    if (QUANTIFIERS.has(alternative[end] ?? '')) end--;
    const prefix = alternative.slice(0, end).trimEnd();
    if (prefix === '') throw new Error(`alternative without a literal start: ${alternative}`);
    return prefix;
  });
}

/** Each word followed by each suffix (`fn(`, `fn (`): fragments for a call or an operator after a word. */
export function followedBy(words: readonly string[], suffixes: readonly string[]): string[] {
  return words.flatMap((word) => suffixes.map((suffix) => word + suffix));
}

/** The words of an alternation of plain words (`\.` allowed), exactly; throws on any other regex syntax. */
export function literalAlternatives(alternation: string): string[] {
  const body = alternation.startsWith('(?:') && alternation.endsWith(')') ? alternation.slice(3, -1) : alternation;
  return body.split('|').map((word) => {
    const literal = word.replaceAll('\\.', '.');
    if (/[\\?*+{}[\]()^$|]/.test(literal) || literal === '') throw new Error(`not a plain word: ${word}`);
    return literal;
  });
}

import { safeDecode, splitQuery } from '../edge-request.ts';

/**
 * Cache keys only apply the RFC 3986 §6.2.2 normalisations that never change what an origin sees:
 * percent-escapes of unreserved characters are decoded, the remaining escapes upper-cased, and characters
 * that are not allowed raw are percent-encoded. Dot segments and repeated slashes are left alone: an
 * origin may treat `/a/../b` differently from `/b`, and a missed hit is cheap while a wrong hit is not.
 * A side effect the key format relies on: the normalised text never contains `|`, space or `%` alone.
 */

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const PATH_RAW_ALLOWED = /[A-Za-z0-9\-._~!$&'()*+,;=:@/]/;
const QUERY_RAW_ALLOWED = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?]/;
const HEX2 = /^[0-9A-Fa-f]{2}$/;

const utf8 = new TextEncoder();

function encodeChar(ch: string): string {
  let out = '';
  for (const byte of utf8.encode(ch)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

function normaliseComponent(text: string, rawAllowed: RegExp): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '%') {
      const hex = text.slice(i + 1, i + 3);
      if (HEX2.test(hex)) {
        const decoded = String.fromCharCode(Number.parseInt(hex, 16));
        out += UNRESERVED.test(decoded) ? decoded : `%${hex.toUpperCase()}`;
        i += 3;
        continue;
      }
      out += '%25';
      i++;
      continue;
    }
    const cp = text.codePointAt(i)!;
    const full = String.fromCodePoint(cp);
    out += rawAllowed.test(full) && full.length === 1 ? full : encodeChar(full);
    i += full.length;
  }
  return out;
}

/** The path as it appears in a cache key and as cache rules and purges compare it. */
export function normalisePath(rawPath: string): string {
  const path = normaliseComponent(rawPath, PATH_RAW_ALLOWED);
  return path.startsWith('/') ? path : `/${path}`;
}

/** A cache-rule glob normalised like paths (keeping `?` as the wildcard), so `/caf%c3%a9/*` and `/café/*` agree. */
export function normaliseGlobPattern(pattern: string): string {
  return normaliseComponent(pattern, QUERY_RAW_ALLOWED);
}

export interface NormalisedQuery {
  /** `name=value` pairs joined with `&`, sorted by name then value, duplicates kept. */
  query: string;
  /** Decoded names of parameters left out of the key by `varyByQueryParams` (sorted, unique). */
  ignored: string[];
}

/**
 * Filters by `varyByQueryParams` (empty = every parameter counts; names compared after decoding, case
 * sensitive as origins read them) and sorts, so `?b=2&a=1` and `?a=1&b=2` share an entry.
 */
export function normaliseQuery(rawQuery: string, varyByQueryParams: readonly string[]): NormalisedQuery {
  const allowed = varyByQueryParams.length > 0 ? new Set(varyByQueryParams) : undefined;
  const kept: Array<[string, string]> = [];
  const ignored = new Set<string>();
  for (const [name, value] of splitQuery(rawQuery)) {
    const decodedName = safeDecode(name);
    if (allowed && !allowed.has(decodedName)) {
      ignored.add(decodedName);
      continue;
    }
    kept.push([normaliseComponent(name, QUERY_RAW_ALLOWED), normaliseComponent(value, QUERY_RAW_ALLOWED)]);
  }
  kept.sort(([an, av], [bn, bv]) => compareCodeUnits(an, bn) || compareCodeUnits(av, bv));
  return {
    query: kept.map(([n, v]) => `${n}=${v}`).join('&'),
    ignored: [...ignored].sort(compareCodeUnits),
  };
}

/** Locale-independent ordering, so every runtime builds the same key. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

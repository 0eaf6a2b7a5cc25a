/**
 * Cache-Control parsing (RFC 9111 §5.2): directive names are case-insensitive, values may be quoted,
 * repeated headers are one list. The first occurrence of a directive wins, as RFC 9111 §4.2.1 asks for
 * duplicated freshness directives.
 */
export type CacheControl = Map<string, string | true>;

export type HeaderValue = string | readonly string[] | undefined;

export function headerText(value: HeaderValue): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : value.join(', ');
}

/** Splits on commas that are not inside a quoted string. */
function splitDirectives(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    if (c === '\\' && quoted) {
      current += c + (text[i + 1] ?? '');
      i++;
      continue;
    }
    if (c === ',' && !quoted) {
      parts.push(current);
      current = '';
      continue;
    }
    current += c;
  }
  parts.push(current);
  return parts;
}

export function parseCacheControl(value: HeaderValue): CacheControl {
  const directives: CacheControl = new Map();
  const text = headerText(value);
  if (!text) return directives;
  for (const part of splitDirectives(text)) {
    const eq = part.indexOf('=');
    const name = (eq < 0 ? part : part.slice(0, eq)).trim().toLowerCase();
    if (!name || directives.has(name)) continue;
    if (eq < 0) {
      directives.set(name, true);
      continue;
    }
    let arg = part.slice(eq + 1).trim();
    if (arg.startsWith('"') && arg.endsWith('"') && arg.length >= 2) {
      arg = arg.slice(1, -1).replace(/\\(.)/g, '$1');
    }
    directives.set(name, arg);
  }
  return directives;
}

/**
 * A delta-seconds directive: a number, `undefined` when absent. A present but malformed value counts as
 * 0, the conservative reading RFC 9111 §4.2.1 recommends for max-age.
 */
export function deltaSeconds(cc: CacheControl, name: string): number | undefined {
  const value = cc.get(name);
  if (value === undefined) return undefined;
  if (value === true || !/^\d+$/.test(value)) return 0;
  return Math.min(Number.parseInt(value, 10), 2_147_483_648);
}

export function formatCacheControl(cc: CacheControl): string {
  return [...cc]
    .map(([name, value]) =>
      value === true
        ? name
        : /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(value)
          ? `${name}=${value}`
          : `${name}="${value.replace(/(["\\])/g, '\\$1')}"`,
    )
    .join(', ');
}

// RFC 9110 §5.6.7: IMF-fixdate, obsolete RFC 850 and asctime forms. Date.parse alone accepts "0".
const HTTP_DATE =
  /^(?:[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT|[A-Za-z]+, \d{2}-[A-Za-z]{3}-\d{2} \d{2}:\d{2}:\d{2} GMT|[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4})$/;

/** Epoch ms of an HTTP-date, or undefined when the text is not one. */
export function parseHttpDate(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  if (!HTTP_DATE.test(trimmed)) return undefined;
  const ms = Date.parse(trimmed.endsWith('GMT') ? trimmed : `${trimmed} GMT`);
  return Number.isNaN(ms) ? undefined : ms;
}

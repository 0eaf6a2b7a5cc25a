/**
 * The runtime-neutral request every edge decision is made on. Adapters (node:http server, CloudFront
 * events) build it once; core code never touches a runtime object.
 */
export interface EdgeRequest {
  method: string;
  /** Raw path as sent on the wire (still percent-encoded), without the query string. */
  path: string;
  /** Raw query string without the leading `?` ('' when absent). */
  query: string;
  /** Header names lower-cased; repeated headers joined with ', ' (cookies with '; '). */
  headers: Record<string, string>;
  ip: string;
  /** ISO-3166-1 alpha-2, upper case, when the geo port knows it. */
  country?: string;
  /** Request body, possibly truncated to `bodyTruncated` bytes by the runtime. */
  body?: Uint8Array;
  bodyTruncated?: boolean;
}

export function header(req: Pick<EdgeRequest, 'headers'>, name: string): string | undefined {
  return req.headers[name.toLowerCase()];
}

/** Parses a Cookie header into name → value (first occurrence wins, values not decoded). */
export function parseCookies(cookieHeader: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!cookieHeader) return out;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name && !out.has(name)) out.set(name, part.slice(eq + 1).trim());
  }
  return out;
}

/** Splits a raw query string into [name, value] pairs, keeping order and the raw (encoded) text. */
export function splitQuery(query: string): Array<[string, string]> {
  if (!query) return [];
  const out: Array<[string, string]> = [];
  for (const part of query.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    out.push(eq < 0 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)]);
  }
  return out;
}

/** Percent-decodes leniently: a malformed escape is kept literally instead of throwing. */
export function safeDecode(text: string): string {
  if (!text.includes('%') && !text.includes('+')) return text;
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced.replace(/%([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
}

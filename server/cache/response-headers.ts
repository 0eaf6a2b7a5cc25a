import { stripHopByHop } from '../http-util.ts';

export type ResponseHeaders = Record<string, string | string[]>;

/** Purge tags are for the gateway; clients never see them (as with Cloudflare and Fastly). */
const GATEWAY_ONLY: ReadonlySet<string> = new Set(['cache-tag', 'surrogate-key']);

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Lower-cased names without hop-by-hop, tag, and any `extraDrop` headers. */
export function clientHeaders(headers: ResponseHeaders, extraDrop: readonly string[] = []): ResponseHeaders {
  const lower: ResponseHeaders = {};
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;
  return stripHopByHop(lower, extraDrop.length === 0 ? GATEWAY_ONLY : new Set([...GATEWAY_ONLY, ...extraDrop]));
}

export function singleHeader(headers: ResponseHeaders, name: string): string | undefined {
  return first(headers[name]);
}

export function headerBytes(headers: ResponseHeaders): number {
  let bytes = 0;
  for (const [name, value] of Object.entries(headers)) {
    for (const v of Array.isArray(value) ? value : [value]) bytes += name.length + Buffer.byteLength(v) + 4;
  }
  return bytes;
}

/** RFC 9110 §15.4.5: what a 304 carries. */
const NOT_MODIFIED_HEADERS = ['cache-control', 'content-location', 'date', 'etag', 'expires', 'vary', 'last-modified'];

export function notModifiedHeaders(headers: ResponseHeaders): ResponseHeaders {
  const out: ResponseHeaders = {};
  for (const name of NOT_MODIFIED_HEADERS) {
    const value = headers[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** Headers a 304 from the origin refreshes on the stored response (RFC 9111 §3.2). */
export function mergeRevalidated(stored: ResponseHeaders, fresh: ResponseHeaders): ResponseHeaders {
  const merged: ResponseHeaders = { ...stored };
  for (const [name, value] of Object.entries(
    clientHeaders(fresh, ['content-length', 'content-encoding', 'set-cookie']),
  )) {
    merged[name] = value;
  }
  return merged;
}

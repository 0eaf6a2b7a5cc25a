import { type EdgeRequest, safeDecode, splitQuery } from '../edge-request.ts';
import type { InputKind } from './types.ts';
import { looksLikeXml, xmlValues } from './xml-values.ts';

/** Bytes of a body that are inspected; the rest is ignored (documented in docs/WAF.md). */
export const MAX_INSPECTED_BODY_BYTES = 64 * 1024;
/** Characters of one header value that are inspected. */
export const MAX_HEADER_CHARS = 8 * 1024;
/** Values collected from one request; a request with more is inspected up to this many. */
export const MAX_INPUTS = 1024;
const MAX_JSON_DEPTH = 32;
const MAX_LOCATION_NAME = 64;

export interface InspectedInput {
  kind: InputKind;
  location: string;
  raw: string;
  /** '+' means space in the first decoding round (query strings and form bodies). */
  urlEncoded: boolean;
}

/**
 * Headers that carry protocol structure or credentials rather than application data; scanning them
 * costs time and only produces false positives (an Authorization token is random base64).
 */
const STRUCTURAL_HEADERS = new Set([
  'accept',
  'accept-charset',
  'accept-encoding',
  'accept-language',
  'authorization',
  'cache-control',
  'connection',
  'content-length',
  'content-type',
  'content-encoding',
  'host',
  'if-match',
  'if-modified-since',
  'if-none-match',
  'if-range',
  'if-unmodified-since',
  'keep-alive',
  'pragma',
  'priority',
  'proxy-authorization',
  'range',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'upgrade-insecure-requests',
  'dnt',
  'via',
  'x-api-key',
  'x-amz-cf-id',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-request-id',
  'traceparent',
  'tracestate',
]);

function isStructuralHeader(name: string): boolean {
  return STRUCTURAL_HEADERS.has(name) || name.startsWith('sec-') || name.startsWith('cloudfront-');
}

function label(name: string): string {
  const decoded = safeDecode(name);
  return decoded.length > MAX_LOCATION_NAME ? decoded.slice(0, MAX_LOCATION_NAME) : decoded;
}

class InputCollector {
  readonly inputs: InspectedInput[] = [];

  add(kind: InputKind, location: string, raw: string, urlEncoded: boolean): void {
    if (raw === '' || this.inputs.length >= MAX_INPUTS) return;
    this.inputs.push({ kind, location, raw, urlEncoded });
  }

  addPairs(prefix: string, pairs: Array<[string, string]>): void {
    for (const [name, value] of pairs) {
      const where = label(name);
      this.add('arg-name', `${prefix}-name:${where}`, name, true);
      this.add('arg', `${prefix}:${where}`, value, true);
    }
  }
}

function mediaType(contentType: string | undefined): string {
  if (!contentType) return '';
  const semi = contentType.indexOf(';');
  return (semi < 0 ? contentType : contentType.slice(0, semi)).trim().toLowerCase();
}

function walkJson(collector: InputCollector, value: unknown, path: string, depth: number): void {
  if (typeof value === 'string') {
    collector.add('arg', `body.json:${path || '$'}`, value, false);
    return;
  }
  if (value === null || typeof value !== 'object' || depth >= MAX_JSON_DEPTH) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      walkJson(collector, item, `${path}[${index}]`, depth + 1);
    });
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    const childPath = path ? `${path}.${key.slice(0, MAX_LOCATION_NAME)}` : key.slice(0, MAX_LOCATION_NAME);
    collector.add('arg-name', `body.json-key:${childPath}`, key, false);
    walkJson(collector, item, childPath, depth + 1);
  }
}

function collectJson(collector: InputCollector, text: string, truncated: boolean): void {
  if (!truncated) {
    try {
      walkJson(collector, JSON.parse(text) as unknown, '', 0);
      return;
    } catch {
      // Not valid JSON: inspected as raw text below, so a broken document cannot hide a payload.
    }
  }
  collector.add('body', 'body', text, false);
}

const MULTIPART_BOUNDARY = /boundary=(?:"([^"]{1,200})"|([^;\s]{1,200}))/i;
const PART_NAME = /\bname="([^"]{0,200})"/i;
const PART_FILENAME = /\bfilename="([^"]{0,500})"/i;

function collectMultipart(collector: InputCollector, text: string, contentType: string): void {
  const match = MULTIPART_BOUNDARY.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) {
    collector.add('body', 'body', text, false);
    return;
  }
  for (const part of text.split(`--${boundary}`)) {
    const headerEnd = part.indexOf('\r\n\r\n') >= 0 ? part.indexOf('\r\n\r\n') : part.indexOf('\n\n');
    if (headerEnd < 0) continue;
    const head = part.slice(0, headerEnd);
    const name = label(PART_NAME.exec(head)?.[1] ?? 'part');
    const filename = PART_FILENAME.exec(head)?.[1];
    if (filename) {
      collector.add('arg', `body.multipart-filename:${name}`, filename, false);
      // The file name is also a part-header value, read like the X-Filename request header.
      collector.add('header', `body.multipart-filename:${name}`, filename, false);
    }
    const partType = /content-type:\s*([^\r\n;]{1,100})/i.exec(head)?.[1]?.trim().toLowerCase();
    // Binary uploads (images, archives) are not text an injection could be parsed from.
    if (partType && !partType.startsWith('text/') && !partType.includes('json') && !partType.includes('xml')) continue;
    const body = part
      .slice(headerEnd)
      .replace(/^\r?\n\r?\n/, '')
      .replace(/\r?\n$/, '');
    collector.add('arg', `body.multipart:${name}`, body, false);
  }
}

function isXmlType(type: string): boolean {
  return type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml');
}

/**
 * An XML body gives the application its attribute values and text, entity references resolved, so
 * those are inspected as values; the raw document is inspected too (DOCTYPE / ENTITY declarations,
 * markup injected as a whole).
 */
function collectXml(collector: InputCollector, text: string): void {
  for (const { name, value } of xmlValues(text, MAX_INPUTS)) {
    collector.add('arg', `body.xml:${name.slice(0, MAX_LOCATION_NAME)}`, value, false);
  }
  collector.add('body', 'body', text, false);
}

const FORM_SHAPE = /^[^\s=&]{1,256}=/;
const ENCODED_FORM_SHAPE = /^[\w.[\]-]{1,64}%3d/i;
const URL_ENCODED_SHAPE = /%[0-9a-f]{2}/i;

function collectBody(collector: InputCollector, req: EdgeRequest): void {
  if (!req.body || req.body.length === 0) return;
  const truncated = req.bodyTruncated === true || req.body.length > MAX_INSPECTED_BODY_BYTES;
  const bytes = req.body.length > MAX_INSPECTED_BODY_BYTES ? req.body.subarray(0, MAX_INSPECTED_BODY_BYTES) : req.body;
  // fatal: false turns a multi-byte character cut by truncation into U+FFFD instead of throwing.
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const contentType = req.headers['content-type'];
  const type = mediaType(contentType);
  if (type === 'application/json' || type.endsWith('+json')) {
    collectJson(collector, text, truncated);
  } else if (type === 'application/x-www-form-urlencoded') {
    collector.addPairs('body.form', splitQuery(text));
  } else if (type === 'multipart/form-data') {
    collectMultipart(collector, text, contentType ?? '');
  } else if (isXmlType(type) || (type === '' && looksLikeXml(text))) {
    collectXml(collector, text);
  } else {
    // No or unknown content type: servers differ in how they parse it, so inspect both readings.
    if (type === '' && FORM_SHAPE.test(text)) collector.addPairs('body.form', splitQuery(text));
    // A whole form percent-encoded once more (`pay%3DAND+1%3D1`): a server that decodes the body before
    // parsing it reads `pay=AND 1=1`, so the decoded pairs are inspected too.
    else if (type === '' && ENCODED_FORM_SHAPE.test(text))
      collector.addPairs('body.form', splitQuery(safeDecode(text)));
    // Percent-escapes and no whitespace: URL-encoded data sent without its type, where '+' is a space.
    collector.add('body', 'body', text, type === '' && URL_ENCODED_SHAPE.test(text) && !/\s/.test(text));
  }
}

/** Like parseCookies, but a part without '=' is inspected too: the application may still read it. */
function collectCookies(collector: InputCollector, header: string): void {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    const name = (eq < 0 ? '' : part.slice(0, eq)).trim();
    const value = (eq < 0 ? part : part.slice(eq + 1)).trim();
    if (name) collector.add('cookie', `cookie-name:${label(name)}`, name, false);
    collector.add('cookie', `cookie:${label(name || '(unnamed)')}`, value, false);
  }
}

/** Every value of a request the signatures look at, in a stable order. */
export function collectInputs(req: EdgeRequest): InspectedInput[] {
  const collector = new InputCollector();
  collector.add('path', 'path', req.path, false);
  collector.addPairs('query', splitQuery(req.query));
  for (const [name, value] of Object.entries(req.headers)) {
    if (isStructuralHeader(name)) continue;
    const bounded = value.length > MAX_HEADER_CHARS ? value.slice(0, MAX_HEADER_CHARS) : value;
    if (name === 'cookie') {
      collectCookies(collector, bounded);
    } else {
      collector.add(name === 'user-agent' ? 'user-agent' : 'header', `header:${name}`, bounded, false);
    }
  }
  collectBody(collector, req);
  return collector.inputs;
}

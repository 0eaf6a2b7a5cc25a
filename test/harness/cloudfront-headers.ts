import type { CloudFrontHeaders } from 'aws-lambda';

/**
 * What CloudFront lets an edge function see and touch, from the developer guide's "Restrictions on all
 * edge functions". Disallowed headers never reach a function and may not be added by one; read-only
 * headers may be read but not added, changed or removed. Breaking either rule answers the viewer 502.
 */
const DISALLOWED = new Set([
  'connection',
  'expect',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'trailer',
  'upgrade',
  'x-accel-buffering',
  'x-accel-charset',
  'x-accel-limit-rate',
  'x-accel-redirect',
  'x-amzn-auth',
  'x-amzn-cf-billing',
  'x-amzn-cf-id',
  'x-amzn-cf-xff',
  'x-amzn-errortype',
  'x-amzn-fle-profile',
  'x-amzn-header-count',
  'x-amzn-header-order',
  'x-amzn-lambda-integration-tag',
  'x-amzn-requestid',
  'x-cache',
  'x-forwarded-proto',
  'x-real-ip',
]);
const DISALLOWED_PREFIXES = ['x-amz-cf-', 'x-edge-'];

export function isDisallowedHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return DISALLOWED.has(lower) || DISALLOWED_PREFIXES.some((p) => lower.startsWith(p));
}

export type TriggerName = 'viewer-request' | 'origin-request' | 'origin-response' | 'viewer-response';

export const READ_ONLY_HEADERS: Record<TriggerName, readonly string[]> = {
  'viewer-request': ['content-length', 'host', 'transfer-encoding', 'via'],
  'origin-request': [
    'accept-encoding',
    'content-length',
    'if-modified-since',
    'if-none-match',
    'if-range',
    'if-unmodified-since',
    'range',
    'transfer-encoding',
    'via',
  ],
  'origin-response': ['transfer-encoding', 'via'],
  'viewer-response': ['content-encoding', 'content-length', 'transfer-encoding', 'warning', 'via'],
};

/** Node's incoming headers (name → string | string[]) in CloudFront's event shape, minus what functions never see. */
export function toCloudFrontHeaders(rawHeaders: readonly string[]): CloudFrontHeaders {
  const out: CloudFrontHeaders = {};
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const key = rawHeaders[i]!;
    const value = rawHeaders[i + 1]!;
    if (isDisallowedHeader(key)) continue;
    const lower = key.toLowerCase();
    const entries = out[lower] ?? [];
    entries.push({ key, value });
    out[lower] = entries;
  }
  return out;
}

/** Headers for node:http from CloudFront's shape, keeping repeated values (Set-Cookie) apart. */
export function toNodeHeaders(headers: CloudFrontHeaders | undefined): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, entries] of Object.entries(headers ?? {})) {
    if (!entries || entries.length === 0) continue;
    const values = entries.map((e) => e.value);
    out[name.toLowerCase()] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

export function headerValue(headers: CloudFrontHeaders | undefined, name: string): string | undefined {
  return headers?.[name.toLowerCase()]?.[0]?.value;
}

export function setCloudFrontHeader(headers: CloudFrontHeaders, key: string, value: string): void {
  headers[key.toLowerCase()] = [{ key, value }];
}

function signature(headers: CloudFrontHeaders, name: string): string | undefined {
  const entries = headers[name];
  return entries ? JSON.stringify(entries.map((e) => e.value)) : undefined;
}

/** The first rule a trigger's output breaks, as CloudFront's validation would report it; undefined when valid. */
export function headerViolation(
  trigger: TriggerName,
  before: CloudFrontHeaders,
  after: CloudFrontHeaders | undefined,
): string | undefined {
  const output = after ?? {};
  for (const [name, entries] of Object.entries(output)) {
    if (name !== name.toLowerCase()) return `header name ${name} is not lower case`;
    if (isDisallowedHeader(name)) return `${trigger} added the disallowed header ${name}`;
    for (const entry of entries ?? []) {
      if (entry.key !== undefined && entry.key.toLowerCase() !== name) return `header ${name} has key ${entry.key}`;
    }
  }
  for (const name of READ_ONLY_HEADERS[trigger]) {
    if (signature(before, name) !== signature(output, name)) return `${trigger} changed the read-only header ${name}`;
  }
  return undefined;
}

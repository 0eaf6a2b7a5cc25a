import { parseHttpDate } from '../../lambdas/core/cache/cache-control.ts';

export interface Validators {
  etag?: string;
  lastModified?: string;
}

function opaqueTag(tag: string): string {
  const trimmed = tag.trim();
  return trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed;
}

/**
 * RFC 9110 §13.1.2 / §13.1.3 for a cached GET/HEAD: If-None-Match (weak comparison) decides when present,
 * otherwise If-Modified-Since against Last-Modified.
 */
export function isNotModified(
  requestHeaders: Readonly<Record<string, string | undefined>>,
  validators: Validators,
): boolean {
  const ifNoneMatch = requestHeaders['if-none-match'];
  if (ifNoneMatch !== undefined) {
    if (validators.etag === undefined) return false;
    if (ifNoneMatch.trim() === '*') return true;
    const current = opaqueTag(validators.etag);
    return ifNoneMatch.split(',').some((candidate) => opaqueTag(candidate) === current);
  }
  const since = parseHttpDate(requestHeaders['if-modified-since']);
  const modified = parseHttpDate(validators.lastModified);
  return since !== undefined && modified !== undefined && modified <= since;
}

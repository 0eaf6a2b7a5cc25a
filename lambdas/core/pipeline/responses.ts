import type { EdgeResponse } from './types.ts';

/** JSON error in the API's error envelope, with the request id so support can find the request. */
export function jsonError(
  status: number,
  code: string,
  message: string,
  requestId: string,
  headers: Record<string, string> = {},
  details?: unknown,
): EdgeResponse {
  const error: Record<string, unknown> = { code, message, requestId };
  if (details !== undefined) error.details = details;
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify({ success: false, error }),
  };
}

/** Browsers asked for HTML; API clients get JSON. */
export function wantsHtml(acceptHeader: string | undefined): boolean {
  return acceptHeader !== undefined && /\btext\/html\b/i.test(acceptHeader);
}

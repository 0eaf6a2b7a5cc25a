import type { CloudFrontHeaders, CloudFrontRequest, CloudFrontResultResponse } from 'aws-lambda';
import type { EdgeRequest } from '../core/edge-request.ts';
import type { EdgeResponse } from '../core/pipeline/types.ts';

/** CloudFront keeps headers as `name → [{ key, value }]`; the core wants one lower-cased string per name. */
export function flattenHeaders(headers: CloudFrontHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, entries] of Object.entries(headers)) {
    if (!entries || entries.length === 0) continue;
    const lower = name.toLowerCase();
    out[lower] = entries.map((e) => e.value).join(lower === 'cookie' ? '; ' : ', ');
  }
  return out;
}

export function getHeader(headers: CloudFrontHeaders, name: string): string | undefined {
  return headers[name.toLowerCase()]?.[0]?.value;
}

export function setHeader(headers: CloudFrontHeaders, name: string, value: string): void {
  headers[name.toLowerCase()] = [{ key: name, value }];
}

export function deleteHeader(headers: CloudFrontHeaders, name: string): void {
  delete headers[name.toLowerCase()];
}

export function toEdgeRequest(request: CloudFrontRequest, country?: string): EdgeRequest {
  const req: EdgeRequest = {
    method: request.method,
    path: request.uri,
    query: request.querystring,
    headers: flattenHeaders(request.headers),
    ip: request.clientIp,
  };
  if (country) req.country = country;
  // Present only when the trigger has "include body"; CloudFront cuts it at 40 KB for viewer triggers.
  const body = request.body;
  if (body?.data) {
    req.body = Buffer.from(body.data, body.encoding === 'base64' ? 'base64' : 'utf8');
    if (body.inputTruncated) req.bodyTruncated = true;
  }
  return req;
}

const REASONS: Record<number, string> = {
  200: 'OK',
  301: 'Moved Permanently',
  302: 'Found',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** A response generated at the edge, in the shape CloudFront accepts from a request trigger. */
export function toCloudFrontResponse(response: EdgeResponse): CloudFrontResultResponse {
  const headers: CloudFrontHeaders = {};
  for (const [name, value] of Object.entries(response.headers)) setHeader(headers, name, value);
  return {
    status: String(response.status),
    statusDescription: REASONS[response.status] ?? 'Response',
    headers,
    body: response.body,
    bodyEncoding: 'text',
  };
}

import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { toErrorBody } from '../../core/errors.ts';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function jsonResult(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 {
  return { statusCode: status, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

export function successResult(
  data: unknown,
  meta: Record<string, unknown> | undefined,
  requestId: string,
  status = 200,
): APIGatewayProxyStructuredResultV2 {
  return jsonResult(status, meta ? { success: true, data, meta } : { success: true, data }, {
    'x-request-id': requestId,
  });
}

export function errorResult(err: unknown, requestId: string): APIGatewayProxyStructuredResultV2 {
  const { status, headers, body } = toErrorBody(err, requestId);
  return jsonResult(status, body, { ...headers, 'x-request-id': requestId });
}

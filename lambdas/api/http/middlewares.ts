import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { AppError, MalformedJsonError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { errorResult } from './respond.ts';

export type ApiEvent = APIGatewayProxyEventV2 & { parsedBody?: unknown };
type Middleware = MiddlewareObj<ApiEvent, APIGatewayProxyResultV2>;

export const MAX_BODY_BYTES = 1024 * 1024;

export function requestIdOf(event: ApiEvent): string {
  return event.requestContext?.requestId ?? 'unknown';
}

/** Gives every request an id (API Gateway's, or a fresh one) that errors and logs quote. */
export function requestIdMiddleware(): Middleware {
  return {
    before: (request) => {
      if (!request.event.requestContext) request.event.requestContext = {} as ApiEvent['requestContext'];
      if (!request.event.requestContext.requestId) request.event.requestContext.requestId = newId('req_', 16);
    },
  };
}

/** Turns every thrown error into the error envelope; unknown errors are logged with the id, never returned. */
export function errorEnvelopeMiddleware(log: (line: string) => void = console.error): Middleware {
  return {
    onError: (request) => {
      const requestId = requestIdOf(request.event);
      const err = request.error;
      // The same test toErrorBody uses: whatever it answers as internal_error is logged here.
      if (!(err instanceof AppError)) {
        log(`[${requestId}] unhandled error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      }
      request.response = errorResult(err, requestId);
    },
  };
}

/** Enforces JSON bodies: 415 for another content type, 413 over the limit, 400 for malformed JSON. */
export function jsonBodyMiddleware(maxBytes = MAX_BODY_BYTES): Middleware {
  return {
    before: (request) => {
      const event = request.event;
      const raw = event.body;
      if (raw === undefined || raw === null || raw === '') return;
      const bytes = event.isBase64Encoded ? Math.floor((raw.length * 3) / 4) : Buffer.byteLength(raw);
      if (bytes > maxBytes) throw new PayloadTooLargeError(maxBytes);
      const contentType = event.headers?.['content-type'] ?? '';
      if (!/^application\/(.+\+)?json\s*(;|$)/i.test(contentType)) throw new UnsupportedMediaTypeError();
      const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
      try {
        event.parsedBody = JSON.parse(text);
      } catch {
        throw new MalformedJsonError();
      }
    },
  };
}

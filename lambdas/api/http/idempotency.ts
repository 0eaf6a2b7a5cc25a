import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyResultV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ConflictError, ValidationError } from '../../core/errors.ts';
import { sha256Hex } from '../../core/ids.ts';
import type { Services } from '../services/services.ts';
import type { ApiEvent } from './middlewares.ts';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * `Idempotency-Key` on POST: a retry with the same key, credential, path and body gets the first
 * answer again (marked `idempotent-replayed: true`) instead of creating a second record. Reusing a key
 * with another body is a 409. Server errors are not remembered, so they can be retried for real.
 */
export function idempotencyMiddleware(
  services: () => Services | Promise<Services>,
): MiddlewareObj<ApiEvent, APIGatewayProxyResultV2> {
  const scopeOf = (event: ApiEvent): { scope: string; requestHash: string } | undefined => {
    const key = event.headers?.['idempotency-key'];
    if (key === undefined || event.requestContext?.http?.method !== 'POST') return undefined;
    if (!KEY_PATTERN.test(key)) {
      throw new ValidationError('Invalid Idempotency-Key', [
        { path: 'headers.idempotency-key', message: 'must be 1-255 visible ASCII characters' },
      ]);
    }
    const credential = event.headers?.authorization ?? event.headers?.['x-api-key'] ?? '';
    return {
      scope: sha256Hex(`${credential}\n${event.rawPath}\n${key}`),
      requestHash: sha256Hex(event.body ?? ''),
    };
  };

  return {
    before: async (request) => {
      const scoped = scopeOf(request.event);
      if (!scoped) return undefined;
      const { repos } = await services();
      const stored = await repos.idempotency.get(scoped.scope, Date.now());
      if (!stored) return undefined;
      if (stored.requestHash !== scoped.requestHash) {
        throw new ConflictError('This Idempotency-Key was already used with a different request body');
      }
      return {
        statusCode: stored.statusCode,
        headers: { ...stored.headers, 'idempotent-replayed': 'true' },
        body: stored.body,
      };
    },
    after: async (request) => {
      const scoped = scopeOf(request.event);
      const response = request.response as APIGatewayProxyStructuredResultV2 | undefined;
      if (!scoped || !response || (response.statusCode ?? 200) >= 500) return;
      if (response.headers?.['idempotent-replayed']) return;
      const { repos } = await services();
      await repos.idempotency.put(
        scoped.scope,
        {
          requestHash: scoped.requestHash,
          statusCode: response.statusCode ?? 200,
          headers: (response.headers ?? {}) as Record<string, string>,
          body: response.body ?? '',
        },
        Date.now(),
      );
    },
  };
}

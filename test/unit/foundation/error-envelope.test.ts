import type { Request } from '@middy/core';
import type { APIGatewayProxyResultV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { type ApiEvent, errorEnvelopeMiddleware } from '../../../lambdas/api/http/middlewares.ts';
import { NotFoundError } from '../../../lambdas/core/errors.ts';

function failedRequest(error: unknown): Request<ApiEvent, APIGatewayProxyResultV2, Error, Context> {
  return {
    event: { requestContext: { requestId: 'req_env' } } as ApiEvent,
    context: {} as Context,
    response: null,
    error: error as Error,
    internal: {},
  };
}

describe('error envelope middleware', () => {
  it('logs an unexpected error that merely carries code and status, and answers it as internal_error', async () => {
    // Prepare
    const lines: string[] = [];
    const middleware = errorEnvelopeMiddleware((line) => lines.push(line));
    const request = failedRequest(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET', status: 502 }));
    // Act
    await middleware.onError!(request);
    // Assess
    const response = request.response as APIGatewayProxyStructuredResultV2;
    expect(response.statusCode).toBe(500);
    expect(JSON.parse(response.body ?? '').error.code).toBe('internal_error');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('[req_env]');
    expect(lines[0]).toContain('socket hang up');
  });

  it('does not log an error the API reports on purpose', async () => {
    // Prepare
    const lines: string[] = [];
    const middleware = errorEnvelopeMiddleware((line) => lines.push(line));
    const request = failedRequest(new NotFoundError('Project'));
    // Act
    await middleware.onError!(request);
    // Assess
    expect((request.response as APIGatewayProxyStructuredResultV2).statusCode).toBe(404);
    expect(lines).toEqual([]);
  });
});

import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';

describe('meta Lambda entry point', () => {
  it('loads as the first module of a fresh graph and serves the OpenAPI document', async () => {
    // Act: the handler file alone, as the meta Lambda's bundle starts from it.
    const { handler } = await import('../../../lambdas/api/handlers/meta.ts');
    const res = (await handler(
      {
        version: '2.0',
        routeKey: 'GET /v1/openapi.json',
        rawPath: '/v1/openapi.json',
        headers: {},
        requestContext: { requestId: 'r1' },
      } as never,
      {} as Context,
    )) as APIGatewayProxyStructuredResultV2;
    // Assess
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body ?? '{}').paths['/v1/projects/{projectId}']).toBeDefined();
  });
});

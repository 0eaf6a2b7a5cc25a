import { readFileSync } from 'node:fs';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { handler as metaHandler } from '../../../lambdas/api/handlers/meta.ts';
import { handler as projectsHandler } from '../../../lambdas/api/handlers/projects.ts';
import type { ApiEvent } from '../../../lambdas/api/http/middlewares.ts';
import { hashApiKey, KEY_PREFIX } from '../../../lambdas/data/api-key-repository.ts';

const dynamo = mockClient(DynamoDBDocumentClient);
const context = { functionName: 'api-projects', awsRequestId: 'unit' } as unknown as Context;

function fixture(name: string): ApiEvent {
  return JSON.parse(readFileSync(new URL(`../../events/apigw/${name}.json`, import.meta.url), 'utf8')) as ApiEvent;
}
async function invoke(h: typeof projectsHandler, event: ApiEvent) {
  const res = (await h(event, context)) as APIGatewayProxyStructuredResultV2;
  return { ...res, json: JSON.parse(res.body ?? 'null') };
}

const KEY = 'egk_unit_test_key_000000000000000000';
const keyItem = {
  pk: 'PROJECT#p-unit',
  sk: 'KEY#k_unit',
  gsi1pk: `KEYHASH#${hashApiKey(KEY)}`,
  keyId: 'k_unit',
  projectId: 'p-unit',
  accountId: 'a_unit',
  name: 'unit',
  scope: 'project',
  prefix: KEY.slice(0, KEY_PREFIX.length + 6),
  createdAt: '2026-01-01T00:00:00.000Z',
};
const projectItem = {
  pk: 'PROJECT#p-unit',
  sk: 'META',
  id: 'p-unit',
  accountId: 'a_unit',
  name: 'Unit',
  originUrl: 'https://api.example.com',
  plan: 'free',
  wafEnabled: false,
  cacheEnabled: false,
  configVersion: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('management API Lambda handlers with API Gateway HTTP API v2 events', () => {
  beforeEach(() => {
    dynamo.reset();
  });
  afterAll(() => {
    dynamo.restore();
  });

  it('answers GET /v1/health with the envelope and API Gateway’s request id', async () => {
    // Prepare
    dynamo.on(GetCommand).resolves({});
    // Act
    const res = await invoke(metaHandler, fixture('get-health'));
    // Assess
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ success: true, data: { status: 'ok' } });
    expect(res.headers?.['x-request-id']).toBe('Ab1CdEfGhIjKlMn=');
  });

  it('answers 500 internal_error without the underlying message when the table fails', async () => {
    // Prepare
    dynamo.on(GetCommand).rejects(new Error('table arn:aws:dynamodb:secret-detail unreachable'));
    // Act
    const res = await invoke(metaHandler, fixture('get-health'));
    // Assess
    expect(res.statusCode).toBe(500);
    expect(res.json.error).toMatchObject({ code: 'internal_error', requestId: 'Ab1CdEfGhIjKlMn=' });
    expect(res.body).not.toContain('secret-detail');
  });

  it('answers 401 without credentials, before touching the table', async () => {
    // Act
    const res = await invoke(projectsHandler, fixture('get-project-no-credentials'));
    // Assess
    expect(res.statusCode).toBe(401);
    expect(res.json).toMatchObject({ success: false, error: { code: 'unauthorized' } });
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('PATCHes a project: looks the key up by hash, bumps the version, answers {id, wafEnabled}', async () => {
    // Prepare
    dynamo.on(QueryCommand).resolves({ Items: [keyItem] });
    dynamo.on(GetCommand).resolves({ Item: projectItem });
    dynamo.on(UpdateCommand).resolves({ Attributes: { ...projectItem, wafEnabled: true, configVersion: 4 } });
    // Act
    const res = await invoke(projectsHandler, fixture('patch-project'));
    // Assess
    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ success: true, data: { id: 'p-unit', wafEnabled: true } });
    const query = dynamo.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(query.ExpressionAttributeValues).toEqual({ ':pk': `KEYHASH#${hashApiKey(KEY)}` });
    const update = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.UpdateExpression).toContain('configVersion = configVersion + :one');
    expect(update.ConditionExpression).toBe('attribute_exists(pk)');
  });

  it('accepts a base64-encoded JSON body as API Gateway sends binary payloads', async () => {
    // Prepare
    dynamo.on(QueryCommand).resolves({ Items: [keyItem] });
    dynamo.on(GetCommand).resolves({ Item: projectItem });
    dynamo.on(UpdateCommand).resolves({ Attributes: { ...projectItem, cacheEnabled: true } });
    const event = { ...fixture('patch-project'), body: Buffer.from('{"cacheEnabled":true}').toString('base64') };
    event.isBase64Encoded = true;
    // Act
    const res = await invoke(projectsHandler, event);
    // Assess
    expect(res.json).toEqual({ success: true, data: { id: 'p-unit', cacheEnabled: true } });
  });

  it('answers 415 for a non-JSON content type, before authenticating', async () => {
    // Prepare
    const event = fixture('patch-project');
    event.headers['content-type'] = 'text/plain';
    // Act
    const res = await invoke(projectsHandler, event);
    // Assess
    expect(res.statusCode).toBe(415);
    expect(res.json.error.code).toBe('unsupported_media_type');
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('answers 400 validation_error for malformed JSON', async () => {
    // Prepare
    const event = { ...fixture('patch-project'), body: '{"wafEnabled":' };
    // Act
    const res = await invoke(projectsHandler, event);
    // Assess
    expect(res.statusCode).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'validation_error', requestId: 'Pa1TcHpRoJeCt0=' });
  });

  it('answers 413 for a body over 1 MB', async () => {
    // Prepare
    const event = { ...fixture('patch-project'), body: JSON.stringify({ name: 'x'.repeat(1024 * 1024) }) };
    // Act
    const res = await invoke(projectsHandler, event);
    // Assess
    expect(res.statusCode).toBe(413);
    expect(res.json.error.code).toBe('payload_too_large');
  });

  it('answers 400 naming unknown fields, without writing', async () => {
    // Prepare
    dynamo.on(QueryCommand).resolves({ Items: [keyItem] });
    const event = { ...fixture('patch-project'), body: '{"wafEnabled":true,"turbo":1}' };
    // Act
    const res = await invoke(projectsHandler, event);
    // Assess
    expect(res.statusCode).toBe(400);
    expect(res.json.error.details).toContainEqual({ path: 'turbo', message: 'unknown field' });
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('answers 404 for a route this resource does not serve', async () => {
    // Prepare
    const event = { ...fixture('get-health'), routeKey: 'GET /v1/unknown' };
    // Act
    const res = await invoke(projectsHandler, event);
    // Assess
    expect(res.statusCode).toBe(404);
    expect(res.json.error.code).toBe('not_found');
  });

  it('gives a request id to an event that lacks one', async () => {
    // Prepare
    dynamo.on(GetCommand).resolves({});
    const event = fixture('get-health');
    delete (event.requestContext as { requestId?: string }).requestId;
    // Act
    const res = await invoke(metaHandler, event);
    // Assess
    expect(res.headers?.['x-request-id']).toMatch(/^req_/);
  });
});

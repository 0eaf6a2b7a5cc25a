import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { CloudFrontRequest, CloudFrontRequestEvent, CloudFrontResultResponse } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { cacheStage } from '../../../lambdas/core/cache/cache-stage.ts';
import { STAGES } from '../../../lambdas/core/pipeline/pipeline.ts';
import type { SecurityEvent, Stage } from '../../../lambdas/core/pipeline/types.ts';
import type { EdgeDataSource } from '../../../lambdas/edge/data-source.ts';
import { createViewerRequestHandler } from '../../../lambdas/edge/viewer-request.ts';
import { loadEvent } from '../../events/index.ts';
import { fakeDataSource, lambdaContext, projectConfig, publishToSqs } from './fakes.ts';

const sqs = mockClient(SQSClient);
const SETTINGS = {
  proxyDomain: 'edge.example.com',
  homeRegion: 'eu-west-1',
  wafEventQueueName: 'edge-gateway-waf-events',
};

function handlerWith(data: EdgeDataSource, stages?: readonly Stage[]) {
  return createViewerRequestHandler({
    settings: SETTINGS,
    data,
    now: () => Date.parse('2025-01-13T20:12:38.000Z'),
    publish: publishToSqs(SETTINGS),
    ...(stages ? { stages } : {}),
  });
}

const header = (req: CloudFrontRequest, name: string) => req.headers[name]?.[0]?.value;

describe('viewer-request Lambda@Edge handler', () => {
  beforeEach(() => {
    sqs.reset();
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
  });

  it('answers 404 with X-Cache-Status BYPASS for a host outside the proxy domain', async () => {
    // Prepare
    const event = loadEvent<CloudFrontRequestEvent>('cloudfront-viewer-request');
    event.Records[0]!.cf.request.headers.host = [{ key: 'Host', value: 'demo01.other.example' }];

    // Act
    const result = (await handlerWith(fakeDataSource())(event, lambdaContext)) as CloudFrontResultResponse;

    // Assess
    expect(result.status).toBe('404');
    expect(result.headers?.['x-cache-status']?.[0]?.value).toBe('BYPASS');
    expect(JSON.parse(result.body!).error.code).toBe('not_found');
  });

  it('answers 401 without a valid x-api-key and never hands the request on', async () => {
    // Prepare
    const event = loadEvent<CloudFrontRequestEvent>('cloudfront-viewer-request');
    event.Records[0]!.cf.request.headers['x-api-key'] = [{ key: 'x-api-key', value: 'egk_not-a-live-key' }];

    // Act
    const result = (await handlerWith(fakeDataSource())(event, lambdaContext)) as CloudFrontResultResponse;

    // Assess
    expect(result.status).toBe('401');
    expect('uri' in result).toBe(false);
    expect(JSON.parse(result.body!).error.requestId).toBe(event.Records[0]!.cf.config.requestId);
  });

  it('hands a valid request on without the gateway key, tagged with its project', async () => {
    // Prepare
    const event = loadEvent<CloudFrontRequestEvent>('cloudfront-viewer-request');

    // Act
    const request = (await handlerWith(fakeDataSource())(event, lambdaContext)) as CloudFrontRequest;

    // Assess
    expect(request.uri).toBe('/v1/products');
    expect(request.headers['x-api-key']).toBeUndefined();
    expect(header(request, 'x-eg-project')).toBe('demo01');
  });

  it('drops x-eg-* headers sent by the client so nobody can forge a cache plan', async () => {
    // Prepare
    const event = loadEvent<CloudFrontRequestEvent>('cloudfront-viewer-request');
    event.Records[0]!.cf.request.headers['x-eg-cache-key'] = [{ key: 'x-eg-cache-key', value: 'forged' }];
    event.Records[0]!.cf.request.headers['x-eg-response-headers'] = [{ key: 'x-eg-response-headers', value: '%7B%7D' }];

    // Act
    const request = (await handlerWith(fakeDataSource())(event, lambdaContext)) as CloudFrontRequest;

    // Assess
    expect(header(request, 'x-eg-cache-key')).not.toBe('forged');
    expect(request.headers['x-eg-response-headers']).toBeUndefined();
  });

  it('reduces the query to varyByQueryParams, sorted, and keeps the full one for origin-request', async () => {
    // Prepare
    const event = loadEvent<CloudFrontRequestEvent>('cloudfront-viewer-request');

    // Act
    const request = (await handlerWith(fakeDataSource(), [...STAGES, cacheStage])(
      event,
      lambdaContext,
    )) as CloudFrontRequest;

    // Assess
    expect(request.querystring).toBe('lang=en&page=2');
    expect(header(request, 'x-eg-query')).toBe('utm_source=mail&page=2&lang=en');
    expect(header(request, 'x-eg-cache-plan')).toBe('ttl=300,swr=60,sie=3600');
    expect(header(request, 'x-eg-cache-key')).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('gives the same cache-key header to requests that differ only in ignored parameters and order', async () => {
    // Prepare
    const first = loadEvent<CloudFrontRequestEvent>('cloudfront-viewer-request');
    const second = loadEvent<CloudFrontRequestEvent>('cloudfront-viewer-request');
    second.Records[0]!.cf.request.querystring = 'page=2&lang=en&utm_campaign=x';
    const handler = handlerWith(fakeDataSource(), [...STAGES, cacheStage]);

    // Act
    const a = (await handler(first, lambdaContext)) as CloudFrontRequest;
    const b = (await handler(second, lambdaContext)) as CloudFrontRequest;

    // Assess
    expect(header(a, 'x-eg-cache-key')).toBe(header(b, 'x-eg-cache-key'));
    expect(a.querystring).toBe(b.querystring);
  });

  it('marks a POST as bypass with a per-request cache key, leaving its query alone', async () => {
    // Prepare
    const event = loadEvent<CloudFrontRequestEvent>('cloudfront-viewer-request-post');
    event.Records[0]!.cf.request.querystring = 'b=2&a=1';

    // Act
    const request = (await handlerWith(fakeDataSource(), [...STAGES, cacheStage])(
      event,
      lambdaContext,
    )) as CloudFrontRequest;

    // Assess
    expect(header(request, 'x-eg-cache-plan')).toBe('bypass');
    expect(header(request, 'x-eg-cache-key')).toBe(`bypass-${event.Records[0]!.cf.config.requestId}`);
    expect(request.querystring).toBe('b=2&a=1');
  });

  it('gives the pipeline the decoded request body that CloudFront included', async () => {
    // Prepare
    const event = loadEvent<CloudFrontRequestEvent>('cloudfront-viewer-request-post');
    let seen = '';
    const capture: Stage = (ctx) => {
      seen = Buffer.from(ctx.req.body ?? new Uint8Array()).toString('utf8');
      return undefined;
    };

    // Act
    await handlerWith(fakeDataSource(), [capture])(event, lambdaContext);

    // Assess
    expect(seen).toBe('{"query": "shoes"}');
  });

  it('blocks a UNION SELECT in a query value with 403 and ships the WAF event to SQS', async () => {
    // Prepare
    const event = loadEvent<CloudFrontRequestEvent>('cloudfront-viewer-request');
    event.Records[0]!.cf.request.querystring = 'id=1%20UNION%20SELECT%20password%20FROM%20users--';

    // Act
    const result = (await handlerWith(fakeDataSource(projectConfig({ wafEnabled: true })))(
      event,
      lambdaContext,
    )) as CloudFrontResultResponse;

    // Assess
    expect(result.status).toBe('403');
    const calls = sqs.commandCalls(SendMessageBatchCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0]!.args[0].input;
    expect(input.QueueUrl).toBe('https://sqs.eu-west-1.amazonaws.com/123456789012/edge-gateway-waf-events');
    const sent = JSON.parse(input.Entries![0]!.MessageBody!) as SecurityEvent;
    expect(sent).toMatchObject({ projectId: 'demo01', action: 'block', ip: '203.0.113.178', path: '/v1/products' });
    expect(sent.id).toBeTruthy();
  });

  it('still answers the block when SQS is failing: a lost WAF event never becomes a 500', async () => {
    // Prepare
    sqs.on(SendMessageBatchCommand).rejects(new Error('service unavailable'));
    const event = loadEvent<CloudFrontRequestEvent>('cloudfront-viewer-request');
    event.Records[0]!.cf.request.querystring = 'id=1%20UNION%20SELECT%20password%20FROM%20users--';

    // Act
    const result = (await handlerWith(fakeDataSource())(event, lambdaContext)) as CloudFrontResultResponse;

    // Assess
    expect(result.status).toBe('403');
  });

  it('fails closed with 500 when the project configuration cannot be read', async () => {
    // Prepare
    const event = loadEvent<CloudFrontRequestEvent>('cloudfront-viewer-request');

    // Act
    const result = (await handlerWith(fakeDataSource(new Error('throttled')))(
      event,
      lambdaContext,
    )) as CloudFrontResultResponse;

    // Assess
    expect(result.status).toBe('500');
    expect(JSON.parse(result.body!).error.code).toBe('internal_error');
  });

  it('carries response headers decided by the pipeline to viewer-response', async () => {
    // Prepare
    const event = loadEvent<CloudFrontRequestEvent>('cloudfront-viewer-request');
    const addHeader: Stage = (ctx) => {
      ctx.responseHeaders['x-ratelimit-remaining'] = '41';
      return undefined;
    };

    // Act
    const request = (await handlerWith(fakeDataSource(), [addHeader])(event, lambdaContext)) as CloudFrontRequest;

    // Assess
    expect(JSON.parse(decodeURIComponent(header(request, 'x-eg-response-headers')!))).toEqual({
      'x-ratelimit-remaining': '41',
    });
  });
});

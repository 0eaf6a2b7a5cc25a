import type {
  CloudFrontRequest,
  CloudFrontRequestEvent,
  CloudFrontResponse,
  CloudFrontResponseEvent,
  CloudFrontResultResponse,
} from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createOriginRequestHandler } from '../../../lambdas/edge/origin-request.ts';
import { handler as originResponse } from '../../../lambdas/edge/origin-response.ts';
import { cacheStatusFromServerTiming, handler as viewerResponse } from '../../../lambdas/edge/viewer-response.ts';
import { loadEvent } from '../../events/index.ts';
import { fakeDataSource, projectConfig } from './fakes.ts';

const SETTINGS = { proxyDomain: 'edge.example.com' };

describe('origin-request Lambda@Edge handler', () => {
  it("points CloudFront at the project's origin, host, port and base path", async () => {
    // Prepare
    const event = loadEvent<CloudFrontRequestEvent>('cloudfront-origin-request');
    const data = fakeDataSource(projectConfig({ originUrl: 'https://api.customer.example:8443/base/' }));

    // Act
    const request = (await createOriginRequestHandler({ settings: SETTINGS, data })(event)) as CloudFrontRequest;

    // Assess
    expect(request.origin?.custom).toMatchObject({
      domainName: 'api.customer.example',
      port: 8443,
      protocol: 'https',
      path: '/base',
    });
    expect(request.headers.host?.[0]?.value).toBe('api.customer.example:8443');
  });

  it('restores the full viewer query that the cache key had reduced, and drops the key header', async () => {
    // Prepare
    const event = loadEvent<CloudFrontRequestEvent>('cloudfront-origin-request');

    // Act
    const request = (await createOriginRequestHandler({ settings: SETTINGS, data: fakeDataSource() })(
      event,
    )) as CloudFrontRequest;

    // Assess
    expect(request.querystring).toBe('utm_source=mail&page=2&lang=en');
    expect(request.headers['x-eg-query']).toBeUndefined();
    expect(request.headers['x-eg-cache-key']).toBeUndefined();
  });

  it('uses plain http and port 80 for an http origin', async () => {
    // Prepare
    const event = loadEvent<CloudFrontRequestEvent>('cloudfront-origin-request');
    const data = fakeDataSource(projectConfig({ originUrl: 'http://origin.customer.example' }));

    // Act
    const request = (await createOriginRequestHandler({ settings: SETTINGS, data })(event)) as CloudFrontRequest;

    // Assess
    expect(request.origin?.custom).toMatchObject({ protocol: 'http', port: 80, path: '' });
  });

  it('answers 502 instead of reaching the placeholder origin when the project is gone', async () => {
    // Prepare
    const event = loadEvent<CloudFrontRequestEvent>('cloudfront-origin-request');
    event.Records[0]!.cf.request.headers['x-eg-project'] = [{ key: 'x-eg-project', value: 'deleted1' }];

    // Act
    const result = (await createOriginRequestHandler({ settings: SETTINGS, data: fakeDataSource() })(
      event,
    )) as CloudFrontResultResponse;

    // Assess
    expect(result.status).toBe('502');
  });
});

describe('origin-response Lambda@Edge handler', () => {
  it("writes the project's TTL and stale windows as s-maxage / stale-* and keeps the browser max-age", async () => {
    // Prepare
    const event = loadEvent<CloudFrontResponseEvent>('cloudfront-origin-response');

    // Act
    const response = (await originResponse(event)) as CloudFrontResponse;

    // Assess
    const cc = response.headers['cache-control']?.[0]?.value ?? '';
    expect(cc).toContain('max-age=30');
    expect(cc).toContain('s-maxage=300');
    expect(cc).toContain('stale-while-revalidate=60');
    expect(cc).toContain('stale-if-error=3600');
  });

  it('keeps a bypassed response out of CloudFront with private', async () => {
    // Prepare
    const event = loadEvent<CloudFrontResponseEvent>('cloudfront-origin-response');
    event.Records[0]!.cf.request.headers['x-eg-cache-plan'] = [{ key: 'x-eg-cache-plan', value: 'bypass' }];

    // Act
    const response = (await originResponse(event)) as CloudFrontResponse;

    // Assess
    const cc = response.headers['cache-control']?.[0]?.value ?? '';
    expect(cc).toContain('private');
    expect(cc).not.toContain('s-maxage');
  });

  it('does not make an origin no-store response cacheable', async () => {
    // Prepare
    const event = loadEvent<CloudFrontResponseEvent>('cloudfront-origin-response');
    event.Records[0]!.cf.response.headers['cache-control'] = [{ key: 'Cache-Control', value: 'no-store' }];

    // Act
    const response = (await originResponse(event)) as CloudFrontResponse;

    // Assess
    expect(response.headers['cache-control']?.[0]?.value).not.toContain('s-maxage');
  });

  it('leaves responses without a plan from viewer-request untouched', async () => {
    // Prepare
    const event = loadEvent<CloudFrontResponseEvent>('cloudfront-origin-response');
    delete event.Records[0]!.cf.request.headers['x-eg-cache-plan'];

    // Act
    const response = (await originResponse(event)) as CloudFrontResponse;

    // Assess
    expect(response.headers['cache-control']?.[0]?.value).toBe('max-age=30');
  });
});

describe('viewer-response Lambda@Edge handler', () => {
  it('reports HIT from the cdn-cache-hit metric CloudFront puts in Server-Timing', async () => {
    // Prepare
    const event = loadEvent<CloudFrontResponseEvent>('cloudfront-viewer-response');

    // Act
    const response = (await viewerResponse(event)) as CloudFrontResponse;

    // Assess
    expect(response.headers['x-cache-status']?.[0]).toEqual({ key: 'X-Cache-Status', value: 'HIT' });
  });

  it('reports BYPASS for a request planned as bypass, whatever Server-Timing says', async () => {
    // Prepare
    const event = loadEvent<CloudFrontResponseEvent>('cloudfront-viewer-response');
    event.Records[0]!.cf.request.headers['x-eg-cache-plan'] = [{ key: 'x-eg-cache-plan', value: 'bypass' }];

    // Act
    const response = (await viewerResponse(event)) as CloudFrontResponse;

    // Assess
    expect(response.headers['x-cache-status']?.[0]?.value).toBe('BYPASS');
  });

  it('adds the response headers the pipeline decided at viewer-request', async () => {
    // Prepare
    const event = loadEvent<CloudFrontResponseEvent>('cloudfront-viewer-response');

    // Act
    const response = (await viewerResponse(event)) as CloudFrontResponse;

    // Assess
    expect(response.headers['x-ratelimit-remaining']?.[0]?.value).toBe('99');
  });

  it.each([
    ['cdn-cache-miss,cdn-pop;desc="FRA56-P1"', 'MISS'],
    ['cdn-upstream-layer;desc="REC",cdn-cache-refresh', 'STALE'],
    ['cdn-cache-hit,cdn-hit-layer;desc="REC"', 'HIT'],
    ['cdn-pop;desc="FRA56-P1"', undefined],
    [undefined, undefined],
  ])('maps Server-Timing %j to %s', (serverTiming, expected) => {
    // Act
    const status = cacheStatusFromServerTiming(serverTiming);

    // Assess
    expect(status).toBe(expected);
  });
});

describe('origin-request when the table is unreachable', () => {
  it('answers 502 rather than failing the CloudFront request with an exception', async () => {
    // Prepare
    const event = loadEvent<CloudFrontRequestEvent>('cloudfront-origin-request');
    const data = fakeDataSource(new Error('ECONNREFUSED'));

    // Act
    const result = (await createOriginRequestHandler({ settings: SETTINGS, data })(event)) as CloudFrontResultResponse;

    // Assess
    expect(result.status).toBe('502');
  });
});

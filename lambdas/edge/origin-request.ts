import type { CloudFrontRequestEvent, CloudFrontRequestResult } from 'aws-lambda';
import type { EdgeProjectConfig } from '../core/project-config.ts';
import { deleteHeader, getHeader, setHeader } from './cloudfront.ts';
import { type EdgeDataSource, sharedEdgeDataSource } from './data-source.ts';
import { INTERNAL } from './internal-headers.ts';
import { projectIdFromHost } from '../core/project-host.ts';
import { EDGE_SETTINGS, type EdgeSettings } from './settings.ts';

export interface OriginRequestDeps {
  settings: Pick<EdgeSettings, 'proxyDomain'>;
  data: EdgeDataSource;
}

/**
 * The origin for this request. `CloudFront-Viewer-Country` (added by the origin request policy) is the
 * input geo routing will use; until projects carry regional origins every request goes to `originUrl`.
 */
export function chooseOrigin(config: EdgeProjectConfig, _viewerCountry: string | undefined): URL {
  return new URL(config.originUrl);
}

/**
 * Origin request (cache miss only): points CloudFront at the project's origin, restores the viewer's
 * full query string that the cache key had reduced, and drops headers the origin has no use for.
 */
export function createOriginRequestHandler(deps: OriginRequestDeps) {
  return async (event: CloudFrontRequestEvent): Promise<CloudFrontRequestResult> => {
    const { request } = event.Records[0]!.cf;
    const projectId =
      getHeader(request.headers, INTERNAL.project) ??
      projectIdFromHost(getHeader(request.headers, 'host'), deps.settings.proxyDomain);
    let config: EdgeProjectConfig | undefined;
    try {
      config = projectId ? await deps.data.projectConfig(projectId) : undefined;
    } catch (err) {
      console.error(
        JSON.stringify({ msg: 'origin-request could not load the project', projectId, error: String(err) }),
      );
    }
    if (!config) {
      return {
        status: '502',
        statusDescription: 'Bad Gateway',
        headers: { 'x-cache-status': [{ key: 'X-Cache-Status', value: 'BYPASS' }] },
      };
    }
    const origin = chooseOrigin(config, getHeader(request.headers, 'cloudfront-viewer-country'));
    const https = origin.protocol === 'https:';
    request.origin = {
      custom: {
        domainName: origin.hostname,
        port: origin.port ? Number(origin.port) : https ? 443 : 80,
        protocol: https ? 'https' : 'http',
        path: origin.pathname.replace(/\/+$/, ''),
        sslProtocols: ['TLSv1.2'],
        readTimeout: 30,
        keepaliveTimeout: 5,
        customHeaders: {},
      },
    };
    setHeader(request.headers, 'Host', origin.host);

    const originalQuery = getHeader(request.headers, INTERNAL.originalQuery);
    if (originalQuery !== undefined) request.querystring = originalQuery;
    deleteHeader(request.headers, INTERNAL.originalQuery);
    deleteHeader(request.headers, INTERNAL.cacheKey);
    return request;
  };
}

export const handler = createOriginRequestHandler({ settings: EDGE_SETTINGS, data: sharedEdgeDataSource() });

import { createHash } from 'node:crypto';
import type { CloudFrontRequestEvent, CloudFrontRequestResult, Context } from 'aws-lambda';
import { normaliseQuery } from '../core/cache/normalise.ts';
import { challengeResponse } from '../core/challenge/challenge.ts';
import { evaluateRequest } from '../core/pipeline/pipeline.ts';
import { jsonError } from '../core/pipeline/responses.ts';
import type { CachePlan, EdgeResponse, SecurityEvent, Stage } from '../core/pipeline/types.ts';
import { getHeader, setHeader, toCloudFrontResponse, toEdgeRequest } from './cloudfront.ts';
import { type EdgeDataSource, sharedEdgeDataSource } from './data-source.ts';
import { formatCachePlan, INTERNAL, stripInternalHeaders } from './internal-headers.ts';
import { projectIdFromHost } from './project-host.ts';
import { EDGE_SETTINGS, type EdgeSettings } from './settings.ts';
import { sendSecurityEvents, sharedSqsClient, wafEventQueueUrl } from './waf-event-sink.ts';

export interface ViewerRequestDeps {
  settings: Pick<EdgeSettings, 'proxyDomain'>;
  data: EdgeDataSource;
  publishEvents(events: SecurityEvent[], context: Pick<Context, 'invokedFunctionArn'>): Promise<unknown>;
  now(): number;
  /** Defaults to the core pipeline's STAGES, so every capability registered there runs at the edge too. */
  stages?: readonly Stage[];
}

/** Generated responses never pass viewer-response, so they carry their cache status themselves. */
function generated(response: EdgeResponse) {
  return toCloudFrontResponse({ ...response, headers: { ...response.headers, 'x-cache-status': 'BYPASS' } });
}

function cacheKeyHeader(plan: CachePlan, requestId: string): string {
  // A per-request value makes a bypassed request miss by construction; origin-response keeps it out of the cache.
  if (plan.mode === 'bypass') return `bypass-${requestId}`;
  return createHash('sha256').update(plan.key).digest('base64url').slice(0, 32);
}

/**
 * Viewer request: resolves the project from the Host, runs the core pipeline (key check, lists, rate
 * limits, edge rules, WAF, cache plan) and either answers at the edge or hands the request on with the
 * normalised cache key and the plan for the later triggers.
 */
export function createViewerRequestHandler(deps: ViewerRequestDeps) {
  return async (event: CloudFrontRequestEvent, context: Context): Promise<CloudFrontRequestResult> => {
    const { config: cfConfig, request } = event.Records[0]!.cf;
    const requestId = cfConfig.requestId;
    stripInternalHeaders(request.headers);
    try {
      const projectId = projectIdFromHost(getHeader(request.headers, 'host'), deps.settings.proxyDomain);
      const config = projectId ? await deps.data.projectConfig(projectId) : undefined;
      if (!projectId || !config) {
        return generated(jsonError(404, 'not_found', 'No project is served at this host', requestId));
      }
      const decision = await evaluateRequest(
        toEdgeRequest(request),
        config,
        {
          now: deps.now,
          verifyApiKey: (p, k) => deps.data.verifyApiKey(p, k),
          challengeSecret: await deps.data.challengeSecret(),
          challengeResponse,
        },
        { requestId, ...(deps.stages ? { stages: deps.stages } : {}) },
      );
      if (decision.events.length > 0) await deps.publishEvents(decision.events, context);
      if (decision.kind === 'respond') return generated(decision.response);

      for (const [name, value] of Object.entries(decision.requestHeaders)) {
        if (value === null) delete request.headers[name.toLowerCase()];
        else setHeader(request.headers, name, value);
      }
      setHeader(request.headers, INTERNAL.project, config.projectId);
      const plan = decision.cache;
      if (plan.mode === 'cache') {
        const { query } = normaliseQuery(request.querystring, config.cache.varyByQueryParams);
        if (query !== request.querystring) {
          setHeader(request.headers, INTERNAL.originalQuery, request.querystring);
          request.querystring = query;
        }
      }
      setHeader(request.headers, INTERNAL.cacheKey, cacheKeyHeader(plan, requestId));
      setHeader(request.headers, INTERNAL.cachePlan, formatCachePlan(plan));
      if (Object.keys(decision.responseHeaders).length > 0) {
        setHeader(
          request.headers,
          INTERNAL.responseHeaders,
          encodeURIComponent(JSON.stringify(decision.responseHeaders)),
        );
      }
      return request;
    } catch (err) {
      console.error(JSON.stringify({ msg: 'viewer-request failed', requestId, error: String(err) }));
      // Fail closed: a gateway that cannot evaluate a request must not wave it through to the origin.
      return generated(jsonError(500, 'internal_error', 'The gateway could not evaluate this request', requestId));
    }
  };
}

export const handler = createViewerRequestHandler({
  settings: EDGE_SETTINGS,
  data: sharedEdgeDataSource(),
  now: Date.now,
  publishEvents: (events, context) =>
    sendSecurityEvents(
      sharedSqsClient(EDGE_SETTINGS),
      wafEventQueueUrl(EDGE_SETTINGS, context.invokedFunctionArn),
      events,
      EDGE_SETTINGS.eventSendBudgetMs,
    ),
});

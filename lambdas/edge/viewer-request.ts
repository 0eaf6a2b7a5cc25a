import { createHash } from 'node:crypto';
import type { CloudFrontRequestEvent, CloudFrontRequestResult, Context } from 'aws-lambda';
import { normaliseQuery } from '../core/cache/normalise.ts';
import { challengeResponse } from '../core/challenge/challenge.ts';
import { evaluateRequest } from '../core/pipeline/pipeline.ts';
import { jsonError } from '../core/pipeline/responses.ts';
import type { CachePlan, EdgeResponse, Stage } from '../core/pipeline/types.ts';
import type { PlanTable } from '../core/quota/quota.ts';
import { getHeader, setHeader, toCloudFrontResponse, toEdgeRequest } from './cloudfront.ts';
import { type EdgeDataSource, sharedEdgeDataSource } from './data-source.ts';
import { formatCachePlan, INTERNAL, stripInternalHeaders } from './internal-headers.ts';
import { projectIdFromHost } from '../core/project-host.ts';
import { EDGE_SETTINGS, type EdgeSettings } from './settings.ts';
import { EdgeUsageMeter } from './usage-meter.ts';
import { type QueueMessage, sendQueueMessages, sharedSqsClient, wafEventQueueUrl } from './waf-event-sink.ts';

export interface ViewerRequestDeps {
  settings: Pick<EdgeSettings, 'proxyDomain'>;
  data: EdgeDataSource;
  /** Sends WAF events and usage flushes to the WAF-event queue within the send budget. */
  publish(messages: QueueMessage[], context: Pick<Context, 'invokedFunctionArn'>): Promise<unknown>;
  now(): number;
  /** Counts billable requests against the monthly quota; absent: no quota at this edge. */
  usage?: Pick<EdgeUsageMeter, 'count' | 'takeFlushes' | 'retry'>;
  /** The plan table quotas come from; absent: `PLANS`. */
  plans?: PlanTable;
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
          ...(deps.usage ? { usageMeter: deps.usage } : {}),
          ...(deps.plans ? { plans: deps.plans } : {}),
        },
        { requestId, ...(deps.stages ? { stages: deps.stages } : {}) },
      );
      const messages: QueueMessage[] = decision.events.map((event) => ({ body: JSON.stringify(event) }));
      // Usage rides along with this request's send at most every flush interval: no write per request.
      for (const flush of deps.usage?.takeFlushes(deps.now()) ?? []) {
        messages.push({ body: JSON.stringify(flush), onUndelivered: () => deps.usage?.retry(flush) });
      }
      if (messages.length > 0) await deps.publish(messages, context);
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

const data = sharedEdgeDataSource();

export const handler = createViewerRequestHandler({
  settings: EDGE_SETTINGS,
  data,
  now: Date.now,
  usage: new EdgeUsageMeter({
    readStored: (projectId, month) => data.usageTotal(projectId, month),
    onError: (err) => console.error(JSON.stringify({ msg: 'usage meter', error: String(err) })),
  }),
  publish: (messages, context) =>
    sendQueueMessages(
      sharedSqsClient(EDGE_SETTINGS),
      wafEventQueueUrl(EDGE_SETTINGS, context.invokedFunctionArn),
      messages,
      EDGE_SETTINGS.eventSendBudgetMs,
    ),
});

import type { SecurityEvent } from '../../lambdas/core/pipeline/types.ts';
import type { PlanTable } from '../../lambdas/core/quota/quota.ts';
import { createDocumentClient } from '../../lambdas/data/dynamo.ts';
import { createEdgeDataSource } from '../../lambdas/edge/data-source.ts';
import { createOriginRequestHandler } from '../../lambdas/edge/origin-request.ts';
import { handler as originResponse } from '../../lambdas/edge/origin-response.ts';
import { DEVELOPMENT_EDGE_SETTINGS, type EdgeSettings } from '../../lambdas/edge/settings.ts';
import { EdgeUsageMeter, type UsageFlush } from '../../lambdas/edge/usage-meter.ts';
import { createViewerRequestHandler } from '../../lambdas/edge/viewer-request.ts';
import { handler as viewerResponse } from '../../lambdas/edge/viewer-response.ts';
import type { EdgeTriggers } from './cloudfront-emulator.ts';

export interface EdgeTriggerSet {
  triggers: EdgeTriggers;
  settings: EdgeSettings;
  /** WAF events viewer-request published, in order (they would go to SQS in AWS). */
  securityEvents: SecurityEvent[];
  /** Usage flushes viewer-request sent (to SQS in AWS), in order. */
  usageFlushes: UsageFlush[];
  close(): void;
}

/**
 * The production Lambda@Edge handlers from lambdas/edge, with what esbuild would bake in supplied as
 * settings and the table read from `dynamoEndpoint` (dynalite, moto, LocalStack) instead of the
 * nearest replica. WAF events and usage flushes are collected in memory instead of SQS: the sink is
 * fire-and-forget and has its own specs, and so has the path from a flush to the table (test/aws).
 */
export function createEdgeTriggers(options: {
  dynamoEndpoint: string;
  tableName: string;
  proxyDomain: string;
  settings?: Partial<EdgeSettings>;
  now?: () => number;
  /** Plan table for quotas (tests shrink `monthlyRequests`); default `PLANS`. */
  plans?: PlanTable;
}): EdgeTriggerSet {
  const settings: EdgeSettings = {
    ...DEVELOPMENT_EDGE_SETTINGS,
    tableName: options.tableName,
    proxyDomain: options.proxyDomain,
    ...options.settings,
  };
  const now = options.now ?? Date.now;
  const doc = createDocumentClient({ endpoint: options.dynamoEndpoint, region: settings.homeRegion });
  // One source for both request triggers: in AWS they are separate instances, each with its own memo,
  // which only matters for freshness, never for a decision.
  const data = createEdgeDataSource({ doc, settings, now });
  const securityEvents: SecurityEvent[] = [];
  const usageFlushes: UsageFlush[] = [];
  return {
    settings,
    securityEvents,
    usageFlushes,
    triggers: {
      viewerRequest: createViewerRequestHandler({
        settings,
        data,
        now,
        usage: new EdgeUsageMeter({ readStored: (projectId, month) => data.usageTotal(projectId, month) }),
        ...(options.plans ? { plans: options.plans } : {}),
        publish: async (messages) => {
          for (const { body } of messages) {
            const message = JSON.parse(body) as SecurityEvent | UsageFlush;
            if ('kind' in message) usageFlushes.push(message);
            else securityEvents.push(message);
          }
        },
      }),
      originRequest: createOriginRequestHandler({ settings, data }),
      originResponse,
      viewerResponse,
    },
    close: () => doc.destroy(),
  };
}

import type { SecurityEvent } from '../../lambdas/core/pipeline/types.ts';
import { createDocumentClient } from '../../lambdas/data/dynamo.ts';
import { createEdgeDataSource } from '../../lambdas/edge/data-source.ts';
import { createOriginRequestHandler } from '../../lambdas/edge/origin-request.ts';
import { handler as originResponse } from '../../lambdas/edge/origin-response.ts';
import { DEVELOPMENT_EDGE_SETTINGS, type EdgeSettings } from '../../lambdas/edge/settings.ts';
import { createViewerRequestHandler } from '../../lambdas/edge/viewer-request.ts';
import { handler as viewerResponse } from '../../lambdas/edge/viewer-response.ts';
import type { EdgeTriggers } from './cloudfront-emulator.ts';

export interface EdgeTriggerSet {
  triggers: EdgeTriggers;
  settings: EdgeSettings;
  /** WAF events viewer-request published, in order (they would go to SQS in AWS). */
  securityEvents: SecurityEvent[];
  close(): void;
}

/**
 * The production Lambda@Edge handlers from lambdas/edge, with what esbuild would bake in supplied as
 * settings and the table read from `dynamoEndpoint` (dynalite, moto, LocalStack) instead of the
 * nearest replica. WAF events are collected in memory instead of SQS: the sink is fire-and-forget and
 * has its own specs.
 */
export function createEdgeTriggers(options: {
  dynamoEndpoint: string;
  tableName: string;
  proxyDomain: string;
  settings?: Partial<EdgeSettings>;
  now?: () => number;
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
  return {
    settings,
    securityEvents,
    triggers: {
      viewerRequest: createViewerRequestHandler({
        settings,
        data,
        now,
        publishEvents: async (events) => {
          securityEvents.push(...events);
        },
      }),
      originRequest: createOriginRequestHandler({ settings, data }),
      originResponse,
      viewerResponse,
    },
    close: () => doc.destroy(),
  };
}

import { SQSClient } from '@aws-sdk/client-sqs';
import type { Context } from 'aws-lambda';
import { cacheConfigSchema } from '../../../lambdas/core/config/cache-config.ts';
import { ddosConfigSchema } from '../../../lambdas/core/config/ddos-config.ts';
import { wafConfigSchema } from '../../../lambdas/core/config/waf-config.ts';
import type { EdgeProjectConfig } from '../../../lambdas/core/project-config.ts';
import type { EdgeDataSource } from '../../../lambdas/edge/data-source.ts';
import type { EdgeSettings } from '../../../lambdas/edge/settings.ts';
import type { ViewerRequestDeps } from '../../../lambdas/edge/viewer-request.ts';
import { sendQueueMessages, wafEventQueueUrl } from '../../../lambdas/edge/waf-event-sink.ts';

export const FIXTURE_KEY = 'egk_fixture-key-0123456789';

export function projectConfig(overrides: Partial<EdgeProjectConfig> = {}): EdgeProjectConfig {
  return {
    projectId: 'demo01',
    version: 3,
    plan: 'free',
    originUrl: 'https://api.customer.example',
    wafEnabled: true,
    cacheEnabled: true,
    waf: wafConfigSchema.parse({}),
    cache: cacheConfigSchema.parse({ varyByQueryParams: ['page', 'lang'] }),
    cacheRules: [],
    edgeRules: [],
    ddos: ddosConfigSchema.parse({}),
    ...overrides,
  };
}

/** One project (`demo01`) with one live key, as the table would answer. */
export function fakeDataSource(config: EdgeProjectConfig | Error = projectConfig()): EdgeDataSource & {
  reads: string[];
} {
  const reads: string[] = [];
  return {
    reads,
    projectConfig: async (projectId) => {
      reads.push(projectId);
      if (config instanceof Error) throw config;
      return projectId === config.projectId ? config : undefined;
    },
    verifyApiKey: async (projectId, key) =>
      projectId === 'demo01' && key === FIXTURE_KEY ? { keyId: 'k_fixture' } : undefined,
    challengeSecret: async () => 'fixture-challenge-secret-0123456789abcdef',
    usageTotal: async () => 0,
  };
}

export const lambdaContext = {
  invokedFunctionArn: 'arn:aws:lambda:us-east-1:123456789012:function:us-east-1.EdgeGateway-Edge-viewer-request:7',
  awsRequestId: 'c6af9ac6-7b61-11e6-9a41-93e8deadbeef',
} as Context;

/** viewer-request's queue send as in production, against whatever SQS mock the spec installs. */
export function publishToSqs(
  settings: Pick<EdgeSettings, 'homeRegion' | 'wafEventQueueName'>,
): ViewerRequestDeps['publish'] {
  return (messages, context) =>
    sendQueueMessages(
      new SQSClient({ region: settings.homeRegion }),
      wafEventQueueUrl(settings, context.invokedFunctionArn, ''),
      messages,
      1000,
    );
}

import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SecurityEvent } from '../../../lambdas/core/pipeline/types.ts';
import { sendSecurityEvents, wafEventQueueUrl } from '../../../lambdas/edge/waf-event-sink.ts';

const sqs = mockClient(SQSClient);
const client = new SQSClient({ region: 'eu-west-1' });

function events(count: number): SecurityEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `evt_${i}`,
    projectId: 'demo01',
    requestId: `r${i}`,
    timestamp: '2025-01-13T20:12:38.123Z',
    ip: '203.0.113.178',
    country: 'XX',
    path: '/',
    method: 'GET',
    action: 'block' as const,
    threatType: 'sql_injection',
    userAgent: 'sqlmap',
    reason: 'test',
    ruleIds: [],
  }));
}

describe('WAF event sink (edge → SQS)', () => {
  beforeEach(() => sqs.reset());

  it('sends events in SendMessageBatch calls of at most ten', async () => {
    // Prepare
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });

    // Act
    const outcome = await sendSecurityEvents(client, 'https://sqs.eu-west-1.amazonaws.com/1/q', events(23), 1000);

    // Assess
    expect(outcome).toBe('sent');
    expect(sqs.commandCalls(SendMessageBatchCommand).map((c) => c.args[0].input.Entries!.length)).toEqual([10, 10, 3]);
  });

  it('gives up waiting after its budget instead of holding the viewer request', async () => {
    // Prepare
    sqs.on(SendMessageBatchCommand).callsFake(() => new Promise(() => {}));

    // Act
    const outcome = await sendSecurityEvents(client, 'https://sqs.eu-west-1.amazonaws.com/1/q', events(1), 20);

    // Assess
    expect(outcome).toBe('timeout');
  });

  it('derives the queue URL from the account in the function ARN and the baked-in home region', () => {
    // Act
    const url = wafEventQueueUrl(
      { homeRegion: 'eu-west-1', wafEventQueueName: 'edge-gateway-waf-events' },
      'arn:aws:lambda:us-east-1:210987654321:function:us-east-1.viewer-request:3',
      '',
    );

    // Assess
    expect(url).toBe('https://sqs.eu-west-1.amazonaws.com/210987654321/edge-gateway-waf-events');
  });
});

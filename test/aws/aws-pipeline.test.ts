import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CreateTopicCommand, SNSClient, SubscribeCommand } from '@aws-sdk/client-sns';
import {
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  type Message,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { SNSEvent, SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecurityEvent } from '../../lambdas/core/pipeline/types.ts';
import { billingMonth } from '../../lambdas/core/quota/quota.ts';
import { createDocumentClient, ensureTable } from '../../lambdas/data/dynamo.ts';
import { loadEdgeProjectConfig } from '../../lambdas/data/project-config-loader.ts';
import { createRepositories } from '../../lambdas/data/repositories.ts';
import { Table } from '../../lambdas/data/table.ts';
import { createEdgeDataSource } from '../../lambdas/edge/data-source.ts';
import { EdgeUsageMeter } from '../../lambdas/edge/usage-meter.ts';
import { sendQueueMessages, sendSecurityEvents } from '../../lambdas/edge/waf-event-sink.ts';
import { awsEvaluatorDeps, evaluateAlerts } from '../../lambdas/workers/alert-evaluator.ts';
import { DynamoDeliveryLedger } from '../../lambdas/workers/delivery-ledger.ts';
import { createNotifier, SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER } from '../../lambdas/workers/notifier.ts';
import { DynamoUsageFlushLedger } from '../../lambdas/workers/usage-flush-ledger.ts';
import { createWafEventConsumer } from '../../lambdas/workers/waf-event-consumer.ts';
import { clientConfig, ENDPOINT, runId } from './endpoint.ts';

const TABLE = `edge-gateway-it-${runId}`;
const NOW = () => new Date().toISOString();

async function receiveAll(sqs: SQSClient, queueUrl: string, expected: number): Promise<Message[]> {
  const messages: Message[] = [];
  // Bounded: at most 10 polls of 1 s.
  for (let i = 0; i < 10 && messages.length < expected; i++) {
    const res = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 1,
        MessageSystemAttributeNames: ['All'],
      }),
    );
    messages.push(...(res.Messages ?? []));
  }
  return messages;
}

async function deleteAll(sqs: SQSClient, queueUrl: string, messages: Message[]): Promise<void> {
  await sqs.send(
    new DeleteMessageBatchCommand({
      QueueUrl: queueUrl,
      Entries: messages.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
    }),
  );
}

function toSqsEvent(messages: Message[], queueArn: string): SQSEvent {
  return {
    Records: messages.map((m) => ({
      messageId: m.MessageId!,
      receiptHandle: m.ReceiptHandle!,
      body: m.Body!,
      attributes: (m.Attributes ?? {}) as never,
      messageAttributes: {},
      md5OfBody: m.MD5OfBody ?? '',
      eventSource: 'aws:sqs',
      eventSourceARN: queueArn,
      awsRegion: clientConfig().region,
    })),
  };
}

describe.skipIf(!ENDPOINT)('AWS-compatible endpoint: data, queues and topics', () => {
  const doc = createDocumentClient({ endpoint: ENDPOINT, region: clientConfig().region });
  const repos = createRepositories(doc, TABLE);
  const sqs = new SQSClient(clientConfig());
  const sns = new SNSClient(clientConfig());
  let projectId = '';
  let apiKey = '';

  beforeAll(async () => {
    await ensureTable(doc, TABLE);
    const project = await repos.projects.create(
      { accountId: `acct-${runId}`, name: 'Integration', originUrl: 'https://api.customer.example', plan: 'pro' },
      NOW(),
    );
    projectId = project.id;
    const { secret } = await repos.apiKeys.create(
      { projectId, accountId: project.accountId, name: 'it', scope: 'project' },
      NOW(),
    );
    apiKey = secret;
  });

  it('stores a project and its key, and the edge loads its config and verifies the key through the GSI', async () => {
    // Prepare
    const edgeData = createEdgeDataSource({
      doc,
      settings: { tableName: TABLE, configTtlMs: 45_000, apiKeyTtlMs: 30_000 },
    });

    // Act
    const config = await loadEdgeProjectConfig(doc, TABLE, projectId);
    const verdict = await edgeData.verifyApiKey(projectId, apiKey);
    const wrongProject = await edgeData.verifyApiKey('p-unknown', apiKey);

    // Assess
    expect(config).toMatchObject({ projectId, originUrl: 'https://api.customer.example', plan: 'pro' });
    expect(verdict?.keyId).toBeTruthy();
    expect(wrongProject).toBeUndefined();
  });

  it('carries a WAF event from the edge sink through SQS and the consumer into the table listing', async () => {
    // Prepare
    const queue = await sqs.send(new CreateQueueCommand({ QueueName: `waf-events-${runId}` }));
    const queueArn = (
      await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queue.QueueUrl!, AttributeNames: ['QueueArn'] }))
    ).Attributes!.QueueArn!;
    const event: SecurityEvent = {
      id: `evt_${runId}`,
      projectId,
      requestId: 'req-1',
      timestamp: NOW(),
      ip: '203.0.113.7',
      country: 'DE',
      path: '/v1/products',
      method: 'GET',
      action: 'block',
      threatType: 'sql_injection',
      userAgent: 'sqlmap/1.7',
      reason: 'UNION SELECT',
      ruleIds: ['942100'],
    };
    const consumer = createWafEventConsumer(repos.wafEvents);

    // Act
    const sent = await sendSecurityEvents(sqs, queue.QueueUrl!, [event], 5_000);
    const messages = await receiveAll(sqs, queue.QueueUrl!, 1);
    const first = await consumer(toSqsEvent(messages, queueArn));
    const redelivered = await consumer(toSqsEvent(messages, queueArn));
    await deleteAll(sqs, queue.QueueUrl!, messages);
    const listed = await repos.wafEvents.list(projectId, { page: 1, limit: 20 });

    // Assess
    expect(sent).toBe('sent');
    expect(first.batchItemFailures).toEqual([]);
    expect(redelivered.batchItemFailures).toEqual([]);
    expect(listed.total).toBe(1);
    expect(listed.items[0]).toMatchObject({
      id: event.id,
      action: 'block',
      threatType: 'sql_injection',
      ip: '203.0.113.7',
    });
  });

  it("carries an edge instance's usage through SQS and the consumer into the month counter once, and another instance refuses over quota", async () => {
    // Prepare
    const queue = await sqs.send(new CreateQueueCommand({ QueueName: `usage-${runId}` }));
    const queueArn = (
      await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queue.QueueUrl!, AttributeNames: ['QueueArn'] }))
    ).Attributes!.QueueArn!;
    const edgeData = createEdgeDataSource({
      doc,
      settings: { tableName: TABLE, configTtlMs: 45_000, apiKeyTtlMs: 30_000 },
    });
    const meterOnEdge = () =>
      new EdgeUsageMeter({
        readStored: (p, m) => edgeData.usageTotal(p, m),
        onError: (err) => expect(err).toBe(undefined),
      });
    const consumer = createWafEventConsumer(repos.wafEvents, new DynamoUsageFlushLedger(new Table(doc, TABLE)));
    const now = Date.now();
    const month = billingMonth(now);
    const first = meterOnEdge();
    first.takeFlushes(now);
    for (let i = 0; i < 3; i++) await first.count(projectId, 3, now);
    const flushes = first.takeFlushes(now + 5_000);

    // Act
    const sent = await sendQueueMessages(
      sqs,
      queue.QueueUrl!,
      flushes.map((f) => ({ body: JSON.stringify(f) })),
      5_000,
    );
    const messages = await receiveAll(sqs, queue.QueueUrl!, 1);
    const applied = await consumer(toSqsEvent(messages, queueArn));
    const redelivered = await consumer(toSqsEvent(messages, queueArn));
    await deleteAll(sqs, queue.QueueUrl!, messages);
    const stored = await repos.usage.get(projectId, month);
    const otherInstance = await meterOnEdge().count(projectId, 3, now + 6_000);

    // Assess
    expect(sent).toBe('sent');
    expect(flushes).toEqual([expect.objectContaining({ projectId, month, requests: 3 })]);
    expect(applied.batchItemFailures).toEqual([]);
    expect(redelivered.batchItemFailures).toEqual([]);
    expect(stored).toBe(3);
    expect(otherInstance).toMatchObject({ allowed: false, used: 3, limit: 3 });
  });

  describe('alerts', () => {
    let receiver: Server;
    const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];

    beforeAll(async () => {
      receiver = createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => {
          body += c.toString('utf8');
        });
        req.on('end', () => {
          received.push({ headers: req.headers, body });
          res.writeHead(204).end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

    it('evaluates a policy, publishes through SNS and delivers a signed webhook to a loopback receiver once', async () => {
      // Prepare
      const port = (receiver.address() as AddressInfo).port;
      const secret = 'whsec_integration_secret_0123';
      await repos.alertPolicies.create(
        projectId,
        {
          name: 'Blocks',
          metric: 'waf_blocks',
          threshold: 0,
          windowMinutes: 5,
          isEnabled: true,
          channel: 'webhook',
          channelConfig: { url: `http://127.0.0.1:${port}/alerts`, secret },
        },
        NOW(),
      );
      const topic = await sns.send(new CreateTopicCommand({ Name: `alerts-${runId}` }));
      const capture = await sqs.send(new CreateQueueCommand({ QueueName: `alerts-capture-${runId}` }));
      const captureArn = (
        await sqs.send(new GetQueueAttributesCommand({ QueueUrl: capture.QueueUrl!, AttributeNames: ['QueueArn'] }))
      ).Attributes!.QueueArn!;
      await sns.send(new SubscribeCommand({ TopicArn: topic.TopicArn!, Protocol: 'sqs', Endpoint: captureArn }));
      const notifier = createNotifier({
        ledger: new DynamoDeliveryLedger(doc, TABLE),
        fetch: globalThis.fetch,
        sendEmail: async () => {},
        sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
        now: Date.now,
        attempts: 3,
        baseDelayMs: 50,
      });

      // Act
      const evaluation = await evaluateAlerts(
        awsEvaluatorDeps(doc, TABLE, sns, topic.TopicArn!) as Parameters<typeof evaluateAlerts>[0],
      );
      const [envelope] = await receiveAll(sqs, capture.QueueUrl!, 1);
      const sns1 = JSON.parse(envelope!.Body!) as { MessageId: string; Message: string; TopicArn: string };
      const snsEvent = {
        Records: [
          {
            EventSource: 'aws:sns',
            Sns: { MessageId: sns1.MessageId, Message: sns1.Message, TopicArn: sns1.TopicArn },
          },
        ],
      } as unknown as SNSEvent;
      const first = await notifier(snsEvent);
      const again = await notifier(snsEvent);

      // Assess
      expect(evaluation.fired).toHaveLength(1);
      expect(first.delivered).toHaveLength(1);
      expect(again.skipped).toEqual(first.delivered);
      expect(received).toHaveLength(1);
      const { headers, body } = received[0]!;
      expect(headers[SIGNATURE_HEADER]).toBe(signWebhook(secret, String(headers[TIMESTAMP_HEADER]), body));
      expect(JSON.parse(body).alert).toMatchObject({ projectId, metric: 'waf_blocks', value: 1 });
    });
  });
});

import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { Table } from '../../../lambdas/data/table.ts';
import type { UsageFlush } from '../../../lambdas/edge/usage-meter.ts';
import { DynamoUsageFlushLedger, type UsageFlushLedger } from '../../../lambdas/workers/usage-flush-ledger.ts';
import { createWafEventConsumer } from '../../../lambdas/workers/waf-event-consumer.ts';
import { loadEvent } from '../../events/index.ts';

const ddb = mockClient(DynamoDBDocumentClient);
const table = new Table(DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1' })), 'edge-gateway');
const NOW = Date.parse('2025-01-13T20:15:00.000Z');

function flush(overrides: Partial<UsageFlush> = {}): UsageFlush {
  return { kind: 'usage', flushId: 'f-1', projectId: 'demo01', month: '2025-01', requests: 42, ...overrides };
}

/** The fixture delivery with its first message replaced by `bodies` (one message each). */
function delivery(...bodies: string[]): SQSEvent {
  const template = loadEvent<SQSEvent>('sqs-waf-events').Records[0]!;
  return { Records: bodies.map((body, i) => ({ ...template, messageId: `m-${i}`, body })) };
}

/** Applies each flush id once, like the table-backed ledger, and records what it added. */
function memoryLedger(): UsageFlushLedger & { totals: Map<string, number> } {
  const seen = new Set<string>();
  const totals = new Map<string, number>();
  return {
    totals,
    apply: async (f) => {
      if (seen.has(f.flushId)) return 'duplicate';
      seen.add(f.flushId);
      const key = `${f.projectId}/${f.month}`;
      totals.set(key, (totals.get(key) ?? 0) + f.requests);
      return 'applied';
    },
  };
}

describe('WAF-event consumer: usage flushes from the edge', () => {
  it('adds a flush to the month counter once, even when SQS delivers it again', async () => {
    // Prepare
    const ledger = memoryLedger();
    const consumer = createWafEventConsumer({ putMany: async () => {} }, ledger);
    const message = JSON.stringify(flush());

    // Act
    const first = await consumer(delivery(message));
    const redelivered = await consumer(delivery(message));

    // Assess
    expect(first.batchItemFailures).toEqual([]);
    expect(redelivered.batchItemFailures).toEqual([]);
    expect(ledger.totals.get('demo01/2025-01')).toBe(42);
  });

  it('writes the WAF events and the usage of a mixed delivery', async () => {
    // Prepare
    const ledger = memoryLedger();
    const written: string[] = [];
    const consumer = createWafEventConsumer(
      { putMany: async (events) => void written.push(...events.map((e) => e.id)) },
      ledger,
    );
    const wafEvent = loadEvent<SQSEvent>('sqs-waf-events').Records[0]!.body;

    // Act
    const result = await consumer(delivery(wafEvent, JSON.stringify(flush({ requests: 5 }))));

    // Assess
    expect(result.batchItemFailures).toEqual([]);
    expect(written).toHaveLength(1);
    expect(ledger.totals.get('demo01/2025-01')).toBe(5);
  });

  it('reports a usage message whose counter write failed, and only that one', async () => {
    // Prepare
    const consumer = createWafEventConsumer(
      { putMany: async () => {} },
      {
        apply: async (f) => {
          if (f.flushId === 'f-bad') throw new Error('throttled');
          return 'applied';
        },
      },
    );

    // Act
    const result = await consumer(delivery(JSON.stringify(flush()), JSON.stringify(flush({ flushId: 'f-bad' }))));

    // Assess
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm-1' }]);
  });

  it('refuses a usage message with a malformed month or a non-positive count, so it ends in the DLQ', async () => {
    // Prepare
    const ledger = memoryLedger();
    const consumer = createWafEventConsumer({ putMany: async () => {} }, ledger);

    // Act
    const result = await consumer(
      delivery(JSON.stringify(flush({ month: '2025-13' })), JSON.stringify(flush({ flushId: 'f-2', requests: 0 }))),
    );

    // Assess
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm-0' }, { itemIdentifier: 'm-1' }]);
    expect(ledger.totals.size).toBe(0);
  });

  it('keeps a usage message in the queue when it has no ledger to apply it with, rather than dropping it', async () => {
    // Prepare
    const consumer = createWafEventConsumer({ putMany: async () => {} });

    // Act
    const result = await consumer(delivery(JSON.stringify(flush())));

    // Assess
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm-0' }]);
  });
});

describe('usage flush ledger (DynamoDB)', () => {
  beforeEach(() => ddb.reset());

  it('puts the flush id record and adds to the month counter in one transaction', async () => {
    // Prepare
    ddb.on(TransactWriteCommand).resolves({});
    const ledger = new DynamoUsageFlushLedger(table, () => NOW);

    // Act
    const outcome = await ledger.apply(flush());

    // Assess
    expect(outcome).toBe('applied');
    const [marker, counter] = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(marker!.Put).toMatchObject({
      Item: { pk: 'IDEMPOTENCY#usage-flush:f-1', sk: 'META', expiresAt: NOW / 1000 + 15 * 86_400 },
      ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
    });
    expect(counter!.Update).toMatchObject({
      Key: { pk: 'USAGE#demo01', sk: 'MONTH#2025-01' },
      ExpressionAttributeValues: { ':n': 42 },
    });
  });

  it('answers duplicate when the flush id record already exists (the transaction was cancelled)', async () => {
    // Prepare
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'Transaction cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );
    const ledger = new DynamoUsageFlushLedger(table, () => NOW);

    // Act
    const outcome = await ledger.apply(flush());

    // Assess
    expect(outcome).toBe('duplicate');
  });

  it('lets any other failure through, so the consumer reports the message for redelivery', async () => {
    // Prepare
    ddb
      .on(TransactWriteCommand)
      .rejects(Object.assign(new Error('throughput exceeded'), { name: 'ProvisionedThroughputExceededException' }));
    const ledger = new DynamoUsageFlushLedger(table, () => NOW);

    // Act
    const outcome = ledger.apply(flush());

    // Assess
    await expect(outcome).rejects.toThrow('throughput exceeded');
  });
});

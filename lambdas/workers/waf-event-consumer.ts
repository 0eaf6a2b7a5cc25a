import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { z } from 'zod';
import type { SecurityEvent } from '../core/pipeline/types.ts';
import { createDocumentClient, tableNameFromEnv } from '../data/dynamo.ts';
import { Table } from '../data/table.ts';
import { WafEventRepository } from '../data/waf-event-repository.ts';
import type { UsageFlush } from '../edge/usage-meter.ts';
import { DynamoUsageFlushLedger, type UsageFlushLedger } from './usage-flush-ledger.ts';

const securityEventSchema = z.object({
  id: z.string().min(1).max(128),
  projectId: z.string().min(1).max(128),
  requestId: z.string().max(256),
  timestamp: z.iso.datetime(),
  ip: z.string().max(64),
  country: z.string().max(8),
  path: z.string().max(4096),
  method: z.string().max(16),
  action: z.enum(['block', 'challenge']),
  threatType: z.string().max(64),
  userAgent: z.string().max(1024),
  reason: z.string().max(1024),
  ruleIds: z.array(z.string().max(128)).max(100),
  score: z.number().optional(),
});

/** The edge's usage counts (lambdas/edge/usage-meter.ts), sharing the queue with WAF events. */
const usageFlushSchema = z.object({
  kind: z.literal('usage'),
  flushId: z.string().min(1).max(128),
  projectId: z.string().min(1).max(128),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  requests: z.number().int().positive().max(1_000_000_000),
});

/** One message holds one event (what the edge sends), an array of them, or one usage flush. */
const messageSchema = z.union([usageFlushSchema, securityEventSchema, z.array(securityEventSchema).max(100)]);

type Message = { kind: 'events'; events: SecurityEvent[] } | { kind: 'usage'; flush: UsageFlush };

function parseRecord(record: SQSRecord): Message | undefined {
  try {
    const parsed = messageSchema.safeParse(JSON.parse(record.body));
    if (!parsed.success) return undefined;
    const data = parsed.data;
    if (Array.isArray(data)) return { kind: 'events', events: data };
    if ('kind' in data) return { kind: 'usage', flush: data };
    return { kind: 'events', events: [data] };
  } catch {
    return undefined;
  }
}

/**
 * SQS → WAF-event table and usage counters. Event writes are keyed by the event id, so a redelivered
 * message overwrites itself; usage flushes go through the ledger, which applies each flush id once.
 * Only the messages that failed are reported back (ReportBatchItemFailures); after the queue's
 * maxReceiveCount a message that keeps failing (including one that does not parse) lands in the DLQ.
 * Without a ledger, usage messages are reported as failures rather than dropped.
 */
export function createWafEventConsumer(repository: Pick<WafEventRepository, 'putMany'>, usage?: UsageFlushLedger) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const failures: string[] = [];
    const parsed: Array<{ messageId: string; events: SecurityEvent[] }> = [];
    const flushes: Array<{ messageId: string; flush: UsageFlush }> = [];
    for (const record of event.Records) {
      const message = parseRecord(record);
      if (message?.kind === 'events') parsed.push({ messageId: record.messageId, events: message.events });
      else if (message?.kind === 'usage') flushes.push({ messageId: record.messageId, flush: message.flush });
      else {
        console.error(JSON.stringify({ msg: 'unparseable waf event message', messageId: record.messageId }));
        failures.push(record.messageId);
      }
    }
    await Promise.all(
      flushes.map(async ({ messageId, flush }) => {
        try {
          if (!usage) throw new Error('no usage ledger configured');
          await usage.apply(flush);
        } catch (err) {
          console.error(JSON.stringify({ msg: 'usage flush failed', messageId, error: String(err) }));
          failures.push(messageId);
        }
      }),
    );
    try {
      // The common case: one batched write for the whole delivery.
      await repository.putMany(parsed.flatMap((p) => p.events));
    } catch {
      // Find out which messages cannot be written; the others succeed and leave the queue.
      for (const { messageId, events } of parsed) {
        try {
          await repository.putMany(events);
        } catch (err) {
          console.error(JSON.stringify({ msg: 'waf event write failed', messageId, error: String(err) }));
          failures.push(messageId);
        }
      }
    }
    return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
  };
}

const table = new Table(createDocumentClient(), tableNameFromEnv());

export const handler = createWafEventConsumer(new WafEventRepository(table), new DynamoUsageFlushLedger(table));

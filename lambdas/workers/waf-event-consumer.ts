import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { z } from 'zod';
import type { SecurityEvent } from '../core/pipeline/types.ts';
import { createDocumentClient, tableNameFromEnv } from '../data/dynamo.ts';
import { Table } from '../data/table.ts';
import { WafEventRepository } from '../data/waf-event-repository.ts';

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

/** One message holds one event (what the edge sends) or an array of them. */
const messageSchema = z.union([securityEventSchema, z.array(securityEventSchema).max(100)]);

function parseRecord(record: SQSRecord): SecurityEvent[] | undefined {
  try {
    const parsed = messageSchema.safeParse(JSON.parse(record.body));
    if (!parsed.success) return undefined;
    return Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  } catch {
    return undefined;
  }
}

/**
 * SQS → WAF-event table. Writes are keyed by the event id, so a redelivered message overwrites itself.
 * Only the messages that failed are reported back (ReportBatchItemFailures); after the queue's
 * maxReceiveCount a message that keeps failing (including one that does not parse) lands in the DLQ.
 */
export function createWafEventConsumer(repository: Pick<WafEventRepository, 'putMany'>) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const failures: string[] = [];
    const parsed: Array<{ messageId: string; events: SecurityEvent[] }> = [];
    for (const record of event.Records) {
      const events = parseRecord(record);
      if (events) parsed.push({ messageId: record.messageId, events });
      else {
        console.error(JSON.stringify({ msg: 'unparseable waf event message', messageId: record.messageId }));
        failures.push(record.messageId);
      }
    }
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

export const handler = createWafEventConsumer(
  new WafEventRepository(new Table(createDocumentClient(), tableNameFromEnv())),
);

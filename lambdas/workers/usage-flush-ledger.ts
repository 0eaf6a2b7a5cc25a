import type { Table, TransactItem } from '../data/table.ts';
import { keys } from '../data/table-design.ts';
import type { UsageFlush } from '../edge/usage-meter.ts';

/** Applies usage flushes from the edge to the month counters, each flush id at most once. */
export interface UsageFlushLedger {
  /** 'duplicate' when this flush id was applied before (a redelivered or resent message). */
  apply(flush: UsageFlush): Promise<'applied' | 'duplicate'>;
}

// Longer than a message can live in the queue (4 days) or its dead-letter queue (14 days, from where it
// may be redriven), so a flush id is remembered for as long as its message can come back.
const RETENTION_SEC = 15 * 86_400;

class DuplicateFlush extends Error {}

/**
 * One transaction per flush: an idempotency record keyed by the flush id (conditional put, expiring
 * through the table's TTL) and the `ADD` to the month's counter either both land or neither does, so
 * neither a redelivery nor a failure between the two writes can count a flush twice or lose it.
 */
export class DynamoUsageFlushLedger implements UsageFlushLedger {
  constructor(
    private readonly table: Table,
    private readonly now: () => number = Date.now,
  ) {}

  async apply(flush: UsageFlush): Promise<'applied' | 'duplicate'> {
    const nowSec = Math.floor(this.now() / 1000);
    const marker: TransactItem = {
      Put: {
        TableName: this.table.name,
        Item: {
          ...keys.idempotency(`usage-flush:${flush.flushId}`),
          entity: 'usage-flush',
          projectId: flush.projectId,
          month: flush.month,
          requests: flush.requests,
          expiresAt: nowSec + RETENTION_SEC,
        },
        // An expired record that TTL has not swept yet no longer guards anything.
        ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
        ExpressionAttributeValues: { ':now': nowSec },
      },
    };
    const counter: TransactItem = {
      Update: {
        TableName: this.table.name,
        Key: keys.usage(flush.projectId, flush.month),
        UpdateExpression: 'ADD requests :n SET projectId = :p, #month = :m',
        ExpressionAttributeNames: { '#month': 'month' },
        ExpressionAttributeValues: { ':n': flush.requests, ':p': flush.projectId, ':m': flush.month },
      },
    };
    try {
      await this.table.transact([marker, counter], () => new DuplicateFlush());
      return 'applied';
    } catch (err) {
      if (err instanceof DuplicateFlush) return 'duplicate';
      throw err;
    }
  }
}

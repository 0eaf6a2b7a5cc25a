import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { sha256Hex } from '../core/ids.ts';
import { keys } from '../data/table-design.ts';

/** Remembers which notifications were delivered, so a redelivered message is not sent twice. */
export interface DeliveryLedger {
  delivered(id: string): Promise<boolean>;
  markDelivered(id: string): Promise<void>;
}

const RETENTION_SEC = 7 * 86_400;

/** Idempotency records in the single table (keys.idempotency, expiring through the TTL attribute). */
export class DynamoDeliveryLedger implements DeliveryLedger {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly now: () => number = Date.now,
  ) {}

  private key(id: string) {
    return keys.idempotency(sha256Hex(`alert-notification:${id}`));
  }

  async delivered(id: string): Promise<boolean> {
    const res = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: this.key(id), ConsistentRead: true }),
    );
    return res.Item !== undefined;
  }

  async markDelivered(id: string): Promise<void> {
    await this.doc.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          ...this.key(id),
          entity: 'idempotency',
          deliveredAt: new Date(this.now()).toISOString(),
          expiresAt: Math.floor(this.now() / 1000) + RETENTION_SEC,
        },
      }),
    );
  }
}

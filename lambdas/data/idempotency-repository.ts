import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure, type Table } from './table.ts';
import { keys } from './table-design.ts';

export interface StoredResponse {
  requestHash: string;
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

const RETENTION_SEC = 24 * 3600;

/** Responses to POSTs sent with an Idempotency-Key, kept 24 h so a retried create does not create twice. */
export class IdempotencyRepository {
  constructor(private readonly table: Table) {}

  async get(scopeHash: string, nowMs: number): Promise<StoredResponse | undefined> {
    const raw = await this.table.getRaw(keys.idempotency(scopeHash));
    if (!raw || Number(raw.expiresAt) * 1000 <= nowMs) return undefined;
    return raw.response as StoredResponse;
  }

  /** First writer wins: a concurrent retry that finished earlier keeps its stored answer. */
  async put(scopeHash: string, response: StoredResponse, nowMs: number): Promise<void> {
    try {
      await this.table.doc.send(
        new PutCommand({
          TableName: this.table.name,
          Item: {
            ...keys.idempotency(scopeHash),
            entity: 'idempotency',
            response,
            expiresAt: Math.ceil(nowMs / 1000) + RETENTION_SEC,
          },
          ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
          ExpressionAttributeValues: { ':now': Math.floor(nowMs / 1000) },
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
}

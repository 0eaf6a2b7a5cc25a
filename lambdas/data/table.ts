import {
  BatchWriteCommand,
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { Page } from '../core/config/common.ts';
import { NotFoundError } from '../core/errors.ts';
import { keys, TABLE } from './table-design.ts';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type Key = { pk: string; sk: string };

const STORAGE_ATTRIBUTES = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'expiresAt', 'entity']);

/** Drops the storage attributes so records leave the repository in their domain shape. */
export function toRecord<T>(item: Record<string, unknown> | undefined): T | undefined {
  if (!item) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) if (!STORAGE_ATTRIBUTES.has(k)) out[k] = v;
  return out as T;
}

/** A write refused by its condition (alone, or as part of a transaction). */
export function isConditionFailure(err: unknown): boolean {
  const name = (err as { name?: string }).name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}

/** Thin helpers over the single table; repositories express intent, this expresses DynamoDB. */
export class Table {
  private readonly configWriteListeners = new Set<(projectId: string) => void>();

  constructor(
    readonly doc: DynamoDBDocumentClient,
    readonly name: string,
  ) {}

  /**
   * Calls `listener` after every write that changes a project's edge configuration (each one bumps the
   * config version), whichever service made it, so an in-process edge can drop its cached copy at once.
   */
  onConfigWrite(listener: (projectId: string) => void): () => void {
    this.configWriteListeners.add(listener);
    return () => this.configWriteListeners.delete(listener);
  }

  /** For repositories that change a project's configuration without `writeWithVersionBump`. */
  configWritten(projectId: string): void {
    for (const listener of this.configWriteListeners) listener(projectId);
  }

  async get<T>(key: Key, consistent = true): Promise<T | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.name, Key: key, ConsistentRead: consistent }));
    return toRecord<T>(res.Item);
  }

  async getRaw(key: Key): Promise<Record<string, unknown> | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.name, Key: key, ConsistentRead: true }));
    return res.Item;
  }

  /** Every item of a partition whose sort key starts with `skPrefix`, following pagination. */
  async queryAll(
    pk: string,
    skPrefix?: string,
    extra: Partial<QueryCommandInput> = {},
  ): Promise<Array<Record<string, unknown>>> {
    const items: Array<Record<string, unknown>> = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const res = await this.doc.send(
        new QueryCommand({
          TableName: this.name,
          KeyConditionExpression: skPrefix ? 'pk = :pk AND begins_with(sk, :sk)' : 'pk = :pk',
          ExpressionAttributeValues: { ':pk': pk, ...(skPrefix ? { ':sk': skPrefix } : {}) },
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
          ...extra,
        }),
      );
      items.push(...(res.Items ?? []));
      startKey = res.LastEvaluatedKey;
    } while (startKey);
    return items;
  }

  async queryGsi1(gsi1pk: string): Promise<Array<Record<string, unknown>>> {
    return this.queryAll(gsi1pk, undefined, {
      IndexName: TABLE.gsi1.name,
      KeyConditionExpression: 'gsi1pk = :pk',
      // Global secondary indexes only offer eventually consistent reads.
      ConsistentRead: false,
    });
  }

  /**
   * Writes items atomically together with a bump of the project's config version, so the edge sees
   * either the old or the new configuration, never half of a change. Fails with 404 if the project
   * does not exist (or was deleted meanwhile).
   */
  async writeWithVersionBump(
    projectId: string,
    items: TransactItem[],
    now: string,
    onConditionFailure: () => Error = () => new NotFoundError('Project'),
  ): Promise<void> {
    const bump: TransactItem = {
      Update: {
        TableName: this.name,
        Key: keys.project(projectId),
        UpdateExpression: 'SET configVersion = configVersion + :one, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1, ':now': now },
      },
    };
    // The bump goes first so that, where transactions must be emulated (see `transact`), a deleted
    // project stops the write before any item lands.
    await this.transact([bump, ...items], onConditionFailure);
    this.configWritten(projectId);
  }

  async transact(items: TransactItem[], onConditionFailure: (reasons: string[]) => Error): Promise<void> {
    try {
      await this.doc.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (err) {
      if ((err as { name?: string }).name === 'UnknownOperationException') {
        return this.transactInOrder(items, onConditionFailure);
      }
      if (!isConditionFailure(err)) throw err;
      const reasons = ((err as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? []).map(
        (r) => r.Code ?? 'None',
      );
      throw onConditionFailure(reasons);
    }
  }

  /**
   * dynalite (the embedded store of the self-hosted server) has no TransactWriteItems, so there the
   * items run one by one, in order, each with its own condition, stopping at the first failure.
   * Callers put the guarding write first; a later failure can then leave only that first write done.
   */
  private async transactInOrder(
    items: TransactItem[],
    onConditionFailure: (reasons: string[]) => Error,
  ): Promise<void> {
    for (const [index, item] of items.entries()) {
      try {
        if (item.Put) await this.doc.send(new PutCommand(item.Put));
        else if (item.Update) await this.doc.send(new UpdateCommand(item.Update));
        else if (item.Delete) await this.doc.send(new DeleteCommand(item.Delete));
        else throw new Error('ConditionCheck cannot be emulated without transactions');
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
        throw onConditionFailure(items.map((_, i) => (i === index ? 'ConditionalCheckFailed' : 'None')));
      }
    }
  }

  async deleteMany(itemKeys: Key[]): Promise<void> {
    await this.batchWrite(itemKeys.map((Key) => ({ DeleteRequest: { Key } })));
  }

  async putMany(items: Array<Record<string, unknown>>): Promise<void> {
    await this.batchWrite(items.map((Item) => ({ PutRequest: { Item } })));
  }

  /** 25 requests per call (DynamoDB's cap), retrying unprocessed ones with backoff; never drops a write silently. */
  private async batchWrite(all: Array<Record<string, unknown>>): Promise<void> {
    for (let i = 0; i < all.length; i += 25) {
      let requests = all.slice(i, i + 25);
      for (let attempt = 0; requests.length > 0 && attempt < 8; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
        const res = await this.doc.send(new BatchWriteCommand({ RequestItems: { [this.name]: requests } }));
        requests = (res.UnprocessedItems?.[this.name] ?? []) as typeof requests;
      }
      if (requests.length > 0) throw new Error(`DynamoDB left ${requests.length} writes unprocessed`);
    }
  }
}

export function paginate<T>(items: T[], page: number, limit: number): Page<T> {
  return { items: items.slice((page - 1) * limit, page * limit), page, limit, total: items.length };
}

import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NotFoundError } from '../core/errors.ts';
import { newSecret, sha256Hex } from '../core/ids.ts';
import type { KeyScope } from './api-key-repository.ts';
import { isConditionFailure, type Table } from './table.ts';
import { keys } from './table-design.ts';

export interface SessionRecord {
  sessionId: string;
  projectId: string;
  accountId: string;
  keyId: string;
  scope: KeyScope;
  createdAt: string;
  expiresAt: string;
  revokedAt?: string;
}

export const SESSION_PREFIX = 'egs_';

export class SessionRepository {
  constructor(private readonly table: Table) {}

  async create(
    input: Omit<SessionRecord, 'sessionId' | 'createdAt' | 'expiresAt' | 'revokedAt'>,
    now: Date,
    ttlSec: number,
  ): Promise<{ record: SessionRecord; token: string }> {
    const token = `${SESSION_PREFIX}${newSecret(32)}`;
    const hash = sha256Hex(token);
    const expires = new Date(now.getTime() + ttlSec * 1000);
    const record: SessionRecord = {
      ...input,
      sessionId: hash.slice(0, 16),
      createdAt: now.toISOString(),
      expiresAt: expires.toISOString(),
    };
    await this.table.doc.send(
      new PutCommand({
        TableName: this.table.name,
        Item: {
          ...keys.session(hash),
          entity: 'session',
          ...record,
          // DynamoDB TTL removes the record some time after expiry; reads check expiresAt themselves.
          expiresAt: Math.ceil(expires.getTime() / 1000),
          expiresAtIso: record.expiresAt,
        },
      }),
    );
    return { record, token };
  }

  async findByToken(token: string): Promise<SessionRecord | undefined> {
    if (!token.startsWith(SESSION_PREFIX) || token.length > 200) return undefined;
    const raw = await this.table.getRaw(keys.session(sha256Hex(token)));
    if (!raw) return undefined;
    const { pk: _pk, sk: _sk, entity: _e, expiresAt: _ttl, expiresAtIso, ...rest } = raw;
    return { ...(rest as Omit<SessionRecord, 'expiresAt'>), expiresAt: String(expiresAtIso) };
  }

  async revoke(token: string, atIso: string): Promise<void> {
    try {
      await this.table.doc.send(
        new UpdateCommand({
          TableName: this.table.name,
          Key: keys.session(sha256Hex(token)),
          UpdateExpression: 'SET revokedAt = if_not_exists(revokedAt, :at)',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':at': atIso },
        }),
      );
    } catch (err) {
      if (isConditionFailure(err)) throw new NotFoundError('Session');
      throw err;
    }
  }
}

import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NotFoundError } from '../core/errors.ts';
import { newId, newSecret, sha256Hex } from '../core/ids.ts';
import { isConditionFailure, type Table, toRecord } from './table.ts';
import { keys, PROJECT_SK } from './table-design.ts';

/** `project` keys reach one project; `account` keys manage every project of their account. */
export type KeyScope = 'project' | 'account';

export interface ApiKeyRecord {
  keyId: string;
  projectId: string;
  accountId: string;
  name: string;
  scope: KeyScope;
  /** First characters of the secret, enough to recognise a key in a list without revealing it. */
  prefix: string;
  createdAt: string;
  /** When set, the key stops working at this instant (revocation, or the end of a rotation's grace period). */
  revokedAt?: string;
  rotatedTo?: string;
}

export const KEY_PREFIX = 'egk_';

export function hashApiKey(secret: string): string {
  return sha256Hex(secret);
}

export function isKeyLive(key: ApiKeyRecord, nowIso: string): boolean {
  return key.revokedAt === undefined || key.revokedAt > nowIso;
}

export class ApiKeyRepository {
  constructor(
    private readonly table: Table,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Creates a key; the plaintext secret is returned here and never stored. */
  async create(
    input: { projectId: string; accountId: string; name: string; scope: KeyScope },
    nowIso: string,
  ): Promise<{ record: ApiKeyRecord; secret: string }> {
    const secret = `${KEY_PREFIX}${newSecret(24)}`;
    const record: ApiKeyRecord = {
      keyId: newId('k'),
      projectId: input.projectId,
      accountId: input.accountId,
      name: input.name,
      scope: input.scope,
      prefix: secret.slice(0, KEY_PREFIX.length + 6),
      createdAt: nowIso,
    };
    await this.table.doc.send(
      new PutCommand({
        TableName: this.table.name,
        Item: {
          ...keys.apiKey(record.projectId, record.keyId),
          entity: 'apiKey',
          gsi1pk: keys.apiKeyHash(hashApiKey(secret)),
          gsi1sk: 'KEY',
          ...record,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return { record, secret };
  }

  async findByHash(hash: string): Promise<ApiKeyRecord | undefined> {
    const [item] = await this.table.queryGsi1(keys.apiKeyHash(hash));
    return toRecord<ApiKeyRecord>(item);
  }

  /** The proxy's check: the presented key must be live and belong to this very project. */
  async verify(projectId: string, presentedKey: string): Promise<{ keyId: string } | undefined> {
    if (!presentedKey.startsWith(KEY_PREFIX) || presentedKey.length > 200) return undefined;
    const key = await this.findByHash(hashApiKey(presentedKey));
    if (!key || key.projectId !== projectId || !isKeyLive(key, this.now().toISOString())) return undefined;
    return { keyId: key.keyId };
  }

  get(projectId: string, keyId: string): Promise<ApiKeyRecord | undefined> {
    return this.table.get<ApiKeyRecord>(keys.apiKey(projectId, keyId));
  }

  async list(projectId: string): Promise<ApiKeyRecord[]> {
    const items = await this.table.queryAll(keys.projectPartition(projectId), PROJECT_SK.apiKey);
    return items.map((i) => toRecord<ApiKeyRecord>(i)!).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /** Sets the instant a key stops working; revoking an already revoked key keeps the earlier instant. */
  async revoke(projectId: string, keyId: string, atIso: string, rotatedTo?: string): Promise<ApiKeyRecord> {
    try {
      const res = await this.table.doc.send(
        new UpdateCommand({
          TableName: this.table.name,
          Key: keys.apiKey(projectId, keyId),
          UpdateExpression: rotatedTo
            ? 'SET revokedAt = if_not_exists(revokedAt, :at), rotatedTo = :to'
            : 'SET revokedAt = if_not_exists(revokedAt, :at)',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':at': atIso, ...(rotatedTo ? { ':to': rotatedTo } : {}) },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toRecord<ApiKeyRecord>(res.Attributes)!;
    } catch (err) {
      if (isConditionFailure(err)) throw new NotFoundError('API key');
      throw err;
    }
  }
}

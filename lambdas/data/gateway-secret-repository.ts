import { randomBytes } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure, type Table } from './table.ts';
import { keys } from './table-design.ts';

/**
 * Gateway-wide secrets (the HMAC key behind challenge tokens and clearance cookies) live in the table,
 * so every process and every edge location signs and verifies with the same key, and nothing secret
 * is baked into code or configuration. The first reader that finds none creates it; a conditional write
 * makes concurrent first readers agree on one value.
 */
export class GatewaySecretRepository {
  constructor(
    private readonly read: Table,
    /** Where a missing secret is created: the home-region table, so replicas converge on one value. */
    private readonly write: Table = read,
  ) {}

  async getOrCreate(name: string): Promise<string> {
    const existing = await this.read.get<{ value: string }>(keys.gatewaySecret(name));
    if (existing?.value) return existing.value;
    try {
      await this.write.doc.send(
        new PutCommand({
          TableName: this.write.name,
          Item: { ...keys.gatewaySecret(name), entity: 'secret', value: randomBytes(32).toString('base64url') },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
    const created = await this.write.get<{ value: string }>(keys.gatewaySecret(name));
    if (!created?.value) throw new Error(`gateway secret ${name} could not be read back`);
    return created.value;
  }
}

export const CHALLENGE_SECRET = 'challenge';

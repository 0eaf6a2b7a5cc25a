import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Table } from './table.ts';
import { keys } from './table-design.ts';

export function usageMonth(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** Monthly request counters per project; callers batch increments so no request waits on a write. */
export class UsageRepository {
  constructor(private readonly table: Table) {}

  async add(projectId: string, month: string, requests: number): Promise<number> {
    const res = await this.table.doc.send(
      new UpdateCommand({
        TableName: this.table.name,
        Key: keys.usage(projectId, month),
        UpdateExpression: 'ADD requests :n SET projectId = :p, #month = :m',
        ExpressionAttributeNames: { '#month': 'month' },
        ExpressionAttributeValues: { ':n': requests, ':p': projectId, ':m': month },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(res.Attributes?.requests ?? 0);
  }

  async get(projectId: string, month: string): Promise<number> {
    const item = await this.table.get<{ requests?: number }>(keys.usage(projectId, month));
    return Number(item?.requests ?? 0);
  }
}

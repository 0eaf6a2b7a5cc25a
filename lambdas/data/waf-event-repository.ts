import type { SecurityEvent } from '../core/pipeline/types.ts';
import { paginate, type Table, toRecord } from './table.ts';
import { keys } from './table-design.ts';

export interface WafEventQuery {
  page: number;
  limit: number;
  action?: 'block' | 'challenge';
  threatType?: string;
  ip?: string;
  /** ISO timestamps, inclusive. */
  from?: string;
  to?: string;
}

const DAY_SEC = 86_400;

/** WAF events, newest first; keyed by timestamp + id so a redelivered event overwrites itself. */
export class WafEventRepository {
  constructor(
    private readonly table: Table,
    private readonly retentionDays: (projectId: string) => number = () => 30,
  ) {}

  async putMany(events: SecurityEvent[]): Promise<void> {
    await this.table.putMany(
      events.map((e) => ({
        ...keys.wafEvent(e.projectId, e.timestamp, e.id),
        entity: 'wafEvent',
        ...e,
        expiresAt: Math.ceil(Date.parse(e.timestamp) / 1000) + this.retentionDays(e.projectId) * DAY_SEC,
      })),
    );
  }

  async list(projectId: string, query: WafEventQuery, nowMs = Date.now()) {
    const lower = `EVENT#${query.from ?? ''}`;
    const upper = `EVENT#${query.to ?? '9'}\uffff`;
    const filters: string[] = ['expiresAt > :now'];
    const values: Record<string, unknown> = { ':pk': keys.wafEventPartition(projectId), ':lo': lower, ':hi': upper };
    values[':now'] = Math.floor(nowMs / 1000);
    if (query.action) {
      filters.push('#action = :action');
      values[':action'] = query.action;
    }
    if (query.threatType) {
      filters.push('threatType = :tt');
      values[':tt'] = query.threatType;
    }
    if (query.ip) {
      filters.push('ip = :ip');
      values[':ip'] = query.ip;
    }
    const items = await this.table.queryAll(keys.wafEventPartition(projectId), undefined, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
      FilterExpression: filters.join(' AND '),
      ExpressionAttributeValues: values,
      ...(query.action ? { ExpressionAttributeNames: { '#action': 'action' } } : {}),
      ScanIndexForward: false,
    });
    return paginate(
      items.map((i) => toRecord<SecurityEvent>(i)!),
      query.page,
      query.limit,
    );
  }
}

import { ConflictError, NotFoundError } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { paginate, type Table, toRecord } from './table.ts';
import { keys } from './table-design.ts';

interface ChildRecord {
  id: string;
  projectId: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * CRUD for the records a project owns in its partition (edge rules, cache rules, alert policies).
 * Every write goes through `writeWithVersionBump`, so the edge notices the change.
 */
export class ProjectChildRepository<TInput extends object, TRecord extends ChildRecord & TInput> {
  constructor(
    private readonly table: Table,
    private readonly skPrefix: string,
    private readonly idPrefix: string,
    private readonly entity: string,
  ) {}

  private key(projectId: string, id: string) {
    return { pk: keys.projectPartition(projectId), sk: `${this.skPrefix}${id}` };
  }

  async create(projectId: string, input: TInput, now: string, maxCount?: number): Promise<TRecord> {
    if (maxCount !== undefined && (await this.count(projectId)) >= maxCount) {
      throw new ConflictError(`This plan allows at most ${maxCount} ${this.entity} records per project`);
    }
    const record = { ...input, id: newId(this.idPrefix), projectId, createdAt: now, updatedAt: now } as TRecord;
    await this.table.writeWithVersionBump(
      projectId,
      [
        {
          Put: {
            TableName: this.table.name,
            Item: { ...this.key(projectId, record.id), entity: this.entity, ...record },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
      now,
    );
    return record;
  }

  get(projectId: string, id: string): Promise<TRecord | undefined> {
    return this.table.get<TRecord>(this.key(projectId, id));
  }

  async require(projectId: string, id: string): Promise<TRecord> {
    const found = await this.get(projectId, id);
    if (!found) throw new NotFoundError(this.entity);
    return found;
  }

  async listAll(projectId: string): Promise<TRecord[]> {
    const items = await this.table.queryAll(keys.projectPartition(projectId), this.skPrefix);
    return items
      .map((i) => toRecord<TRecord>(i)!)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  async list(projectId: string, page: number, limit: number) {
    return paginate(await this.listAll(projectId), page, limit);
  }

  async count(projectId: string): Promise<number> {
    return (await this.table.queryAll(keys.projectPartition(projectId), this.skPrefix, { ProjectionExpression: 'sk' }))
      .length;
  }

  /** Replaces the record with `next` (already merged and validated by the service). */
  async replace(projectId: string, next: TRecord, now: string): Promise<TRecord> {
    const record = { ...next, projectId, updatedAt: now } as TRecord;
    await this.table.writeWithVersionBump(
      projectId,
      [
        {
          Put: {
            TableName: this.table.name,
            Item: { ...this.key(projectId, record.id), entity: this.entity, ...record },
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
      ],
      now,
      () => new NotFoundError(this.entity),
    );
    return record;
  }

  async delete(projectId: string, id: string, now: string): Promise<void> {
    await this.table.writeWithVersionBump(
      projectId,
      [
        {
          Delete: {
            TableName: this.table.name,
            Key: this.key(projectId, id),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
      ],
      now,
      () => new NotFoundError(this.entity),
    );
  }
}

/** One configuration document per project (WAF, cache, DDoS), stored whole and versioned with the project. */
export class ProjectSettingRepository<T extends object> {
  constructor(
    private readonly table: Table,
    private readonly sk: string,
  ) {}

  async get(projectId: string): Promise<T | undefined> {
    const item = await this.table.get<{ value: T }>({ pk: keys.projectPartition(projectId), sk: this.sk });
    return item?.value;
  }

  async put(projectId: string, value: T, now: string): Promise<void> {
    await this.table.writeWithVersionBump(
      projectId,
      [
        {
          Put: {
            TableName: this.table.name,
            Item: { pk: keys.projectPartition(projectId), sk: this.sk, entity: 'setting', value, updatedAt: now },
          },
        },
      ],
      now,
    );
  }
}

import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import type { PlanName } from '../core/plans.ts';
import { isConditionFailure, paginate, type Table, toRecord } from './table.ts';
import { keys, PROJECT_SK } from './table-design.ts';

export interface Project {
  id: string;
  accountId: string;
  name: string;
  originUrl: string;
  plan: PlanName;
  wafEnabled: boolean;
  cacheEnabled: boolean;
  configVersion: number;
  createdAt: string;
  updatedAt: string;
}

export type ProjectPatch = Partial<Pick<Project, 'name' | 'originUrl' | 'plan' | 'wafEnabled' | 'cacheEnabled'>>;

export class ProjectRepository {
  constructor(private readonly table: Table) {}

  async create(
    input: { accountId: string; name: string; originUrl: string; plan: PlanName; id?: string },
    now: string,
  ): Promise<Project> {
    const project: Project = {
      id: input.id ?? newId('p'),
      accountId: input.accountId,
      name: input.name,
      originUrl: input.originUrl,
      plan: input.plan,
      wafEnabled: false,
      cacheEnabled: false,
      configVersion: 1,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await this.table.doc.send(
        new PutCommand({
          TableName: this.table.name,
          Item: {
            ...keys.project(project.id),
            entity: 'project',
            gsi1pk: keys.accountProjects(project.accountId),
            gsi1sk: `PROJECT#${now}#${project.id}`,
            ...project,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (err) {
      if (isConditionFailure(err)) {
        throw new ConflictError(`Project ${project.id} already exists`);
      }
      throw err;
    }
    return project;
  }

  get(projectId: string): Promise<Project | undefined> {
    return this.table.get<Project>(keys.project(projectId));
  }

  async listByAccount(accountId: string, page: number, limit: number) {
    const items = (await this.table.queryGsi1(keys.accountProjects(accountId)))
      .map((i) => toRecord<Project>(i)!)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    return paginate(items, page, limit);
  }

  /** Updates project fields and bumps the config version in one conditional write. */
  async update(projectId: string, patch: ProjectPatch, now: string): Promise<Project> {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ':one': 1, ':now': now };
    const sets = ['configVersion = configVersion + :one', 'updatedAt = :now'];
    for (const [field, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      names[`#${field}`] = field;
      values[`:${field}`] = value;
      sets.push(`#${field} = :${field}`);
    }
    try {
      const res = await this.table.doc.send(
        new UpdateCommand({
          TableName: this.table.name,
          Key: keys.project(projectId),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      this.table.configWritten(projectId);
      return toRecord<Project>(res.Attributes)!;
    } catch (err) {
      if (isConditionFailure(err)) throw new NotFoundError('Project');
      throw err;
    }
  }

  /**
   * Deletes the project's children first and its record last: a crash midway leaves a project that
   * still exists and can be deleted again, never an orphan that cannot be reached.
   */
  async delete(projectId: string): Promise<void> {
    const items = await this.table.queryAll(keys.projectPartition(projectId));
    if (!items.some((i) => i.sk === PROJECT_SK.meta)) throw new NotFoundError('Project');
    const children = items.filter((i) => i.sk !== PROJECT_SK.meta).map((i) => ({ pk: String(i.pk), sk: String(i.sk) }));
    const events = await this.table.queryAll(keys.wafEventPartition(projectId), undefined, {
      ProjectionExpression: 'pk, sk',
    });
    await this.table.deleteMany([...children, ...events.map((i) => ({ pk: String(i.pk), sk: String(i.sk) }))]);
    await this.table.deleteMany([keys.project(projectId)]);
    this.table.configWritten(projectId);
  }
}

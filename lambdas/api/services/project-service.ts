import { z } from 'zod';
import { ConflictError, ForbiddenError } from '../../core/errors.ts';
import { PLAN_NAMES } from '../../core/plans.ts';
import { isKeyLive } from '../../data/api-key-repository.ts';
import type { Project, ProjectPatch } from '../../data/project-repository.ts';
import type { Principal } from './auth-service.ts';
import type { ServiceContext } from './services.ts';

export const originUrlSchema = z
  .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
  // zod runs this refine even when the url check above failed, so a string URL cannot parse must not throw here.
  .refine((u) => !URL.canParse(u) || (!new URL(u).search && !new URL(u).hash), {
    message: 'must not carry a query or fragment',
  })
  // Credentials in the URL would be stored and shown back in plain text; origins authenticate by header.
  .refine((u) => !URL.canParse(u) || (!new URL(u).username && !new URL(u).password), {
    message: 'must not carry credentials (user:password@)',
  });

export const projectCreateSchema = z
  .object({
    name: z.string().trim().min(1).max(128),
    originUrl: originUrlSchema,
    plan: z.enum(PLAN_NAMES).default('free'),
    wafEnabled: z.boolean().default(false),
    cacheEnabled: z.boolean().default(false),
  })
  .strict();

export const projectPatchSchema = z
  .object({
    name: z.string().trim().min(1).max(128),
    originUrl: originUrlSchema,
    plan: z.enum(PLAN_NAMES),
    wafEnabled: z.boolean(),
    cacheEnabled: z.boolean(),
  })
  .partial()
  .strict()
  .refine((p) => Object.keys(p).length > 0, { message: 'send at least one field to change' });

export class ProjectService {
  constructor(private readonly ctx: ServiceContext) {}

  /** Only account-scoped credentials create projects; the new project comes with its first key. */
  async create(principal: Principal, input: z.infer<typeof projectCreateSchema>) {
    if (principal.scope !== 'account') throw new ForbiddenError('Creating projects needs an account-scoped key');
    const now = this.ctx.nowIso();
    const created = await this.ctx.repos.projects.create(
      { accountId: principal.accountId, name: input.name, originUrl: input.originUrl, plan: input.plan },
      now,
    );
    const project =
      input.wafEnabled || input.cacheEnabled
        ? await this.ctx.repos.projects.update(
            created.id,
            { wafEnabled: input.wafEnabled, cacheEnabled: input.cacheEnabled },
            now,
          )
        : created;
    const key = await this.ctx.repos.apiKeys.create(
      { projectId: project.id, accountId: principal.accountId, name: 'default', scope: 'project' },
      now,
    );
    return { project, apiKey: { ...key.record, secret: key.secret } };
  }

  async list(principal: Principal, page: number, limit: number) {
    if (principal.scope === 'account') return this.ctx.repos.projects.listByAccount(principal.accountId, page, limit);
    const own = await this.ctx.auth.authorizeProject(principal, principal.projectId);
    return { items: page === 1 ? [own] : [], page, limit, total: 1 };
  }

  get(principal: Principal, projectId: string): Promise<Project> {
    return this.ctx.auth.authorizeProject(principal, projectId);
  }

  /** SPEC endpoint 1: answers the project id plus exactly the fields that were sent, as stored. */
  async patch(principal: Principal, projectId: string, patch: ProjectPatch) {
    await this.ctx.auth.authorizeProject(principal, projectId);
    if (patch.plan !== undefined && principal.scope !== 'account') {
      throw new ForbiddenError('Changing the plan needs an account-scoped key');
    }
    const updated = await this.ctx.repos.projects.update(projectId, patch, this.ctx.nowIso());
    const changed: Record<string, unknown> = { id: updated.id };
    for (const field of Object.keys(patch) as Array<keyof ProjectPatch>) changed[field] = updated[field];
    return changed;
  }

  /**
   * Account keys are stored in a project; deleting the project that holds the account's last live one
   * would leave the account with no credential able to manage it.
   */
  private async assertAccountKeepsAnAdminKey(accountId: string, projectId: string): Promise<void> {
    const nowIso = this.ctx.nowIso();
    const liveAccountKeys = async (id: string) =>
      (await this.ctx.repos.apiKeys.list(id)).filter((k) => k.scope === 'account' && isKeyLive(k, nowIso)).length;
    if ((await liveAccountKeys(projectId)) === 0) return;
    const projects = await this.ctx.repos.projects.listByAccount(accountId, 1, Number.MAX_SAFE_INTEGER);
    for (const other of projects.items) {
      if (other.id !== projectId && (await liveAccountKeys(other.id)) > 0) return;
    }
    throw new ConflictError(
      `Project ${projectId} holds the account's last live account-scoped key; create an account key in another project (POST /v1/projects/{id}/keys with scope "account") before deleting it`,
    );
  }

  async delete(principal: Principal, projectId: string): Promise<{ id: string; deleted: true }> {
    await this.ctx.auth.authorizeProject(principal, projectId);
    // Like creation: a project key must not be able to destroy the project and every key stored in it.
    if (principal.scope !== 'account') throw new ForbiddenError('Deleting a project needs an account-scoped key');
    await this.assertAccountKeepsAnAdminKey(principal.accountId, projectId);
    await this.ctx.repos.projects.delete(projectId);
    return { id: projectId, deleted: true };
  }
}

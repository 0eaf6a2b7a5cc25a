import { z } from 'zod';
import { ConflictError, ForbiddenError, NotFoundError } from '../../core/errors.ts';
import { type ApiKeyRecord, isKeyLive } from '../../data/api-key-repository.ts';
import { paginate } from '../../data/table.ts';
import type { Principal } from './auth-service.ts';
import type { ServiceContext } from './services.ts';

export const apiKeyCreateSchema = z
  .object({
    name: z.string().trim().min(1).max(128).default('key'),
    scope: z.enum(['project', 'account']).default('project'),
  })
  .strict();

export const apiKeyRotateSchema = z
  .object({
    /** How long the old key keeps working, so deployments can switch over without downtime. */
    gracePeriodSec: z.number().int().min(0).max(86_400).default(0),
  })
  .strict();

export function publicKey(record: ApiKeyRecord, nowIso: string) {
  return { ...record, status: isKeyLive(record, nowIso) ? 'active' : 'revoked' };
}

/**
 * A project key must not revoke or rotate an account key of its project: rotation would hand it an
 * account-scoped secret (every project of the account), revocation would lock the account owner out.
 */
function assertMayManage(principal: Principal, target: ApiKeyRecord): void {
  if (target.scope === 'account' && principal.scope !== 'account') {
    throw new ForbiddenError('Only an account-scoped credential can revoke or rotate account-scoped keys');
  }
}

export class ApiKeyService {
  constructor(private readonly ctx: ServiceContext) {}

  async create(principal: Principal, projectId: string, input: z.infer<typeof apiKeyCreateSchema>) {
    const project = await this.ctx.auth.authorizeProject(principal, projectId);
    if (input.scope === 'account' && principal.scope !== 'account') {
      throw new ForbiddenError('Only an account-scoped credential can create account-scoped keys');
    }
    const nowIso = this.ctx.nowIso();
    const live = (await this.ctx.repos.apiKeys.list(projectId)).filter((k) => isKeyLive(k, nowIso));
    const max = this.ctx.plans[project.plan].maxApiKeys;
    if (live.length >= max) throw new ConflictError(`The ${project.plan} plan allows at most ${max} live API keys`);
    const { record, secret } = await this.ctx.repos.apiKeys.create(
      { projectId, accountId: project.accountId, name: input.name, scope: input.scope },
      nowIso,
    );
    return { ...publicKey(record, nowIso), secret };
  }

  async list(principal: Principal, projectId: string, page: number, limit: number) {
    await this.ctx.auth.authorizeProject(principal, projectId);
    const nowIso = this.ctx.nowIso();
    const all = (await this.ctx.repos.apiKeys.list(projectId)).map((k) => publicKey(k, nowIso));
    return paginate(all, page, limit);
  }

  async revoke(principal: Principal, projectId: string, keyId: string) {
    await this.ctx.auth.authorizeProject(principal, projectId);
    const target = await this.ctx.repos.apiKeys.get(projectId, keyId);
    if (!target) throw new NotFoundError('API key');
    assertMayManage(principal, target);
    const nowIso = this.ctx.nowIso();
    return publicKey(await this.ctx.repos.apiKeys.revoke(projectId, keyId, nowIso), nowIso);
  }

  /** Issues a replacement with the same name and scope; the old key stops after the grace period. */
  async rotate(principal: Principal, projectId: string, keyId: string, gracePeriodSec: number) {
    const project = await this.ctx.auth.authorizeProject(principal, projectId);
    // One instant for the whole rotation, so a zero grace period reports the old key as revoked.
    const now = this.ctx.now();
    const nowIso = now.toISOString();
    const old = await this.ctx.repos.apiKeys.get(projectId, keyId);
    if (!old) throw new NotFoundError('API key');
    assertMayManage(principal, old);
    if (!isKeyLive(old, nowIso)) throw new ConflictError('A revoked key cannot be rotated');
    const { record, secret } = await this.ctx.repos.apiKeys.create(
      { projectId, accountId: project.accountId, name: old.name, scope: old.scope },
      nowIso,
    );
    const until = new Date(now.getTime() + gracePeriodSec * 1000).toISOString();
    const revoked = await this.ctx.repos.apiKeys.revoke(projectId, keyId, until, record.keyId);
    return { newKey: { ...publicKey(record, nowIso), secret }, oldKey: publicKey(revoked, nowIso) };
  }
}

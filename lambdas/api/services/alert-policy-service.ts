import { type AlertPolicy, type AlertPolicyInput, alertPolicyInputSchema } from '../../core/config/alert-policy.ts';
import { assertPatchNotEmpty, parseOrThrow } from '../http/zod-issues.ts';
import type { Principal } from './auth-service.ts';
import type { ServiceContext } from './services.ts';

export class AlertPolicyService {
  constructor(private readonly ctx: ServiceContext) {}

  async create(principal: Principal, projectId: string, input: AlertPolicyInput): Promise<AlertPolicy> {
    const project = await this.ctx.auth.authorizeProject(principal, projectId);
    return this.ctx.repos.alertPolicies.create(
      projectId,
      input,
      this.ctx.nowIso(),
      this.ctx.plans[project.plan].maxAlertPolicies,
    );
  }

  async list(principal: Principal, projectId: string, page: number, limit: number) {
    await this.ctx.auth.authorizeProject(principal, projectId);
    return this.ctx.repos.alertPolicies.list(projectId, page, limit);
  }

  async get(principal: Principal, projectId: string, policyId: string) {
    await this.ctx.auth.authorizeProject(principal, projectId);
    return this.ctx.repos.alertPolicies.require(projectId, policyId);
  }

  /** Merges the patch into the stored policy and validates the result as a whole (channel and config agree). */
  async update(principal: Principal, projectId: string, policyId: string, patch: Record<string, unknown>) {
    await this.ctx.auth.authorizeProject(principal, projectId);
    assertPatchNotEmpty(patch, 'alert policy');
    const current = await this.ctx.repos.alertPolicies.require(projectId, policyId);
    const { id, projectId: _p, createdAt, updatedAt, ...stored } = current;
    const merged = parseOrThrow(alertPolicyInputSchema, { ...stored, ...patch }, 'alert policy');
    return this.ctx.repos.alertPolicies.replace(
      projectId,
      { ...merged, id, projectId, createdAt, updatedAt },
      this.ctx.nowIso(),
    );
  }

  async delete(principal: Principal, projectId: string, policyId: string) {
    await this.ctx.auth.authorizeProject(principal, projectId);
    await this.ctx.repos.alertPolicies.delete(projectId, policyId, this.ctx.nowIso());
    return { id: policyId, deleted: true };
  }
}

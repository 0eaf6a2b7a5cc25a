import { QuotaExceededError } from '../../core/errors.ts';
import { billingMonth, nextMonthStart, secondsToNextMonth, type UsageMeter } from '../../core/quota/quota.ts';
import type { Project } from '../../data/project-repository.ts';
import type { Principal } from './auth-service.ts';
import type { ServiceContext } from './services.ts';

/** The proxy's meter as the API sees it: sandbox calls are counted through it, usage is read from it. */
export interface UsageMeterPort extends UsageMeter {
  /** This process's view of the month's total (counted but maybe not yet written), if it has one. */
  used?(projectId: string, month: string): number | undefined;
}

export interface UsageReport {
  projectId: string;
  month: string;
  requests: number;
  quota: number;
  remaining: number;
  plan: string;
  /** When the month's count starts again from 0 (UTC). */
  resetsAt: string;
  limits: {
    monthlyRequests: number;
    maxEdgeRules: number;
    maxCacheRules: number;
    maxAlertPolicies: number;
    maxApiKeys: number;
  };
}

/** Plans and quotas (SPEC §1 "Plans"): the month's usage, and counting of billable API calls (sandbox runs). */
export class UsageService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly meter: UsageMeterPort | undefined,
  ) {}

  /**
   * Counts one billable call (a sandbox run, SPEC "counts as 1 request") and refuses it with 429
   * `quota_exceeded` once the month's quota is used up. Through the proxy's meter when this process has
   * one, so the proxy's quota check sees it at once; otherwise straight into the table.
   */
  async countBillableCall(project: Pick<Project, 'id' | 'plan'>): Promise<void> {
    const nowMs = this.ctx.now().getTime();
    const limit = this.ctx.plans[project.plan].monthlyRequests;
    if (this.meter) {
      const verdict = await this.meter.count(project.id, limit, nowMs);
      if (!verdict.allowed) throw new QuotaExceededError(verdict.retryAfterSec);
      return;
    }
    const used = await this.ctx.repos.usage.add(project.id, billingMonth(nowMs), 1);
    if (used > limit) throw new QuotaExceededError(secondsToNextMonth(nowMs));
  }

  /** `GET /projects/:id/usage`: requests counted this month against the plan's quota, and the plan's limits. */
  async getUsage(principal: Principal, projectId: string): Promise<UsageReport> {
    const project = await this.ctx.auth.authorizeProject(principal, projectId);
    const nowMs = this.ctx.now().getTime();
    const month = billingMonth(nowMs);
    const stored = await this.ctx.repos.usage.get(projectId, month);
    // The stored total lags the meter by at most one flush interval; other processes' writes are only in the table.
    const requests = Math.max(stored, this.meter?.used?.(projectId, month) ?? 0);
    const plan = this.ctx.plans[project.plan];
    return {
      projectId,
      month,
      requests,
      quota: plan.monthlyRequests,
      remaining: Math.max(0, plan.monthlyRequests - requests),
      plan: plan.name,
      resetsAt: new Date(nextMonthStart(nowMs)).toISOString(),
      limits: {
        monthlyRequests: plan.monthlyRequests,
        maxEdgeRules: plan.maxEdgeRules,
        maxCacheRules: plan.maxCacheRules,
        maxAlertPolicies: plan.maxAlertPolicies,
        maxApiKeys: plan.maxApiKeys,
      },
    };
  }
}

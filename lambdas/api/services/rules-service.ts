import {
  applyEdgeRulePatch,
  type EdgeRule,
  type EdgeRuleInput,
  type EdgeRulePatch,
} from '../../core/config/edge-rule.ts';
import { ConflictError, ValidationError } from '../../core/errors.ts';
import type { RateLimiter } from '../../core/ratelimit/sliding-window.ts';
import { compileRules } from '../../core/rules/compile.ts';
import { dryRunRules, type RuleSandboxRequest, type SandboxResult } from '../../core/rules/sandbox.ts';
import { paginate } from '../../data/table.ts';
import { assertPatchNotEmpty, toFieldIssues } from '../http/zod-issues.ts';
import type { Principal } from './auth-service.ts';
import type { ServiceContext } from './services.ts';
import type { UsageService } from './usage-service.ts';

/** Evaluation order, the order that decides which rule of an OR group acts (docs/RULES.md §4). */
function byEvaluationOrder(a: EdgeRule, b: EdgeRule): number {
  return a.priority - b.priority || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
}

function inputOf(rule: EdgeRule): EdgeRuleInput {
  const { id: _id, projectId: _p, createdAt: _c, updatedAt: _u, ...input } = rule;
  return input as EdgeRuleInput;
}

/** Custom edge rules (SPEC endpoint 5 and the CRUD around it) and the rule sandbox. */
export class RulesService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly usage: UsageService,
    /** The proxy's limiter, so the sandbox reports live budgets (peeked, never spent). */
    private readonly rateLimiter: RateLimiter | undefined,
  ) {}

  /** SPEC endpoint 5; 409 once the plan's `maxEdgeRules` is reached. */
  async create(principal: Principal, projectId: string, input: EdgeRuleInput): Promise<EdgeRule> {
    const project = await this.ctx.auth.authorizeProject(principal, projectId);
    const max = this.ctx.plans[project.plan].maxEdgeRules;
    try {
      return await this.ctx.repos.edgeRules.create(projectId, input, this.ctx.nowIso(), max);
    } catch (err) {
      if (err instanceof ConflictError) {
        throw new ConflictError(
          `The ${project.plan} plan allows at most ${max} edge rules per project; delete a rule or upgrade the plan`,
        );
      }
      throw err;
    }
  }

  async list(principal: Principal, projectId: string, page: number, limit: number) {
    await this.ctx.auth.authorizeProject(principal, projectId);
    return paginate((await this.ctx.repos.edgeRules.listAll(projectId)).sort(byEvaluationOrder), page, limit);
  }

  async get(principal: Principal, projectId: string, ruleId: string): Promise<EdgeRule> {
    await this.ctx.auth.authorizeProject(principal, projectId);
    return this.ctx.repos.edgeRules.require(projectId, ruleId);
  }

  /** Any subset of the fields; the merged rule is validated whole (an actionConfig must fit the action). */
  async update(principal: Principal, projectId: string, ruleId: string, patch: EdgeRulePatch): Promise<EdgeRule> {
    await this.ctx.auth.authorizeProject(principal, projectId);
    assertPatchNotEmpty(patch, 'edge rule');
    const current = await this.ctx.repos.edgeRules.require(projectId, ruleId);
    const merged = applyEdgeRulePatch(inputOf(current), patch);
    if (!merged.success) throw new ValidationError('Invalid edge rule', toFieldIssues(merged.error));
    return await this.ctx.repos.edgeRules.replace(
      projectId,
      { ...merged.data, id: current.id, projectId, createdAt: current.createdAt, updatedAt: current.updatedAt },
      this.ctx.nowIso(),
    );
  }

  async delete(principal: Principal, projectId: string, ruleId: string) {
    await this.ctx.auth.authorizeProject(principal, projectId);
    await this.ctx.repos.edgeRules.delete(projectId, ruleId, this.ctx.nowIso());
    return { id: ruleId, deleted: true };
  }

  /**
   * Which rules a described request matches and what would happen, with the same compiler and evaluator
   * the proxy runs. Counts as one billable request, like the WAF sandbox.
   */
  async sandbox(principal: Principal, projectId: string, request: RuleSandboxRequest): Promise<SandboxResult> {
    const project = await this.ctx.auth.authorizeProject(principal, projectId);
    await this.usage.countBillableCall(project);
    const rules = await this.ctx.repos.edgeRules.listAll(projectId);
    return dryRunRules(compileRules(rules), request, {
      projectId,
      now: this.ctx.now().getTime(),
      ...(this.rateLimiter ? { rateLimiter: this.rateLimiter } : {}),
    });
  }
}

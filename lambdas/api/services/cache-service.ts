import { globPatternProblem } from '../../core/cache/glob.ts';
import { type PurgeRequest, type PurgeSelector, toPurgeSelector } from '../../core/cache/purge.ts';
import { sortCacheRules } from '../../core/cache/rules.ts';
import { type CacheSandboxRequest, runCacheSandbox } from '../../core/cache/sandbox.ts';
import {
  type CacheConfig,
  type CacheRule,
  type CacheRuleInput,
  cacheConfigSchema,
  cacheRuleInputSchema,
} from '../../core/config/cache-config.ts';
import { ConflictError, type FieldIssue, ValidationError } from '../../core/errors.ts';
import { paginate } from '../../data/table.ts';
import { assertPatchNotEmpty, parseOrThrow } from '../http/zod-issues.ts';
import type { Principal } from './auth-service.ts';
import type { ServiceContext } from './services.ts';

/**
 * Removes a project's cached entries. Self-hosted, the proxy's HttpCache runs in the API's process and
 * is reached through this port (so lambdas/api never imports server code); it answers how many entries
 * it removed.
 */
export type CachePurger = (projectId: string, selector: PurgeSelector) => number | Promise<number>;

export type CacheConfigView = { projectId: string } & CacheConfig;

function describeRule(rule: CacheRule): string {
  return `${rule.id} (${rule.pathPattern}, ttlSec ${rule.ttlSec})`;
}

/** Cache configuration, cache rules, the key sandbox and purge (SPEC endpoints 6, 7 and 8). */
export class CacheService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly purger: CachePurger | undefined,
  ) {}

  async getConfig(principal: Principal, projectId: string): Promise<CacheConfigView> {
    await this.ctx.auth.authorizeProject(principal, projectId);
    return { projectId, ...(await this.storedConfig(projectId)) };
  }

  /**
   * SPEC endpoint 6. The patch is merged into the stored configuration and the result validated as a
   * whole. Lowering `maxTtlSec` below the `ttlSec` of an existing rule is refused with 409 naming the
   * rules, so "rules never exceed maxTtlSec" stays true of what is stored (the evaluation clamps too,
   * as a safety net for a rule written concurrently).
   */
  async patchConfig(principal: Principal, projectId: string, patch: Record<string, unknown>): Promise<CacheConfigView> {
    await this.ctx.auth.authorizeProject(principal, projectId);
    assertPatchNotEmpty(patch, 'cache configuration');
    const merged = parseOrThrow(
      cacheConfigSchema,
      { ...(await this.storedConfig(projectId)), ...patch },
      'cache configuration',
    );
    if (merged.defaultTtlSec > merged.maxTtlSec) {
      throw new ValidationError(`defaultTtlSec ${merged.defaultTtlSec} exceeds maxTtlSec ${merged.maxTtlSec}`, [
        { path: 'defaultTtlSec', message: `must be at most maxTtlSec (${merged.maxTtlSec})` },
      ]);
    }
    const above = (await this.ctx.repos.cacheRules.listAll(projectId)).filter(
      (rule) => rule.ttlSec !== undefined && rule.ttlSec > merged.maxTtlSec,
    );
    if (above.length > 0) {
      throw new ConflictError(
        `maxTtlSec ${merged.maxTtlSec} is below the ttlSec of cache rule(s) ${above.map(describeRule).join(', ')}: lower or delete those rules first`,
      );
    }
    await this.ctx.repos.cacheConfig.put(projectId, merged, this.ctx.nowIso());
    return { projectId, ...merged };
  }

  /** SPEC endpoint 7. */
  async createRule(principal: Principal, projectId: string, input: CacheRuleInput): Promise<CacheRule> {
    const project = await this.ctx.auth.authorizeProject(principal, projectId);
    await this.checkRule(projectId, input);
    return await this.ctx.repos.cacheRules.create(
      projectId,
      input,
      this.ctx.nowIso(),
      this.ctx.plans[project.plan].maxCacheRules,
    );
  }

  /** In evaluation order (priority, then age), which is the order that decides which rule wins. */
  async listRules(principal: Principal, projectId: string, page: number, limit: number) {
    await this.ctx.auth.authorizeProject(principal, projectId);
    return paginate(sortCacheRules(await this.ctx.repos.cacheRules.listAll(projectId)), page, limit);
  }

  async getRule(principal: Principal, projectId: string, ruleId: string): Promise<CacheRule> {
    await this.ctx.auth.authorizeProject(principal, projectId);
    return this.ctx.repos.cacheRules.require(projectId, ruleId);
  }

  /** Merges the patch (`ttlSec: null` removes the rule's own TTL) and validates the rule as a whole. */
  async updateRule(
    principal: Principal,
    projectId: string,
    ruleId: string,
    patch: Record<string, unknown>,
  ): Promise<CacheRule> {
    await this.ctx.auth.authorizeProject(principal, projectId);
    assertPatchNotEmpty(patch, 'cache rule');
    const current = await this.ctx.repos.cacheRules.require(projectId, ruleId);
    const { id, projectId: _p, createdAt, updatedAt, ...stored } = current;
    const merged: Record<string, unknown> = { ...stored, ...patch };
    if (merged.ttlSec === null) delete merged.ttlSec;
    const input = parseOrThrow(cacheRuleInputSchema, merged, 'cache rule');
    await this.checkRule(projectId, input);
    return await this.ctx.repos.cacheRules.replace(
      projectId,
      { ...input, id, projectId, createdAt, updatedAt },
      this.ctx.nowIso(),
    );
  }

  async deleteRule(principal: Principal, projectId: string, ruleId: string) {
    await this.ctx.auth.authorizeProject(principal, projectId);
    await this.ctx.repos.cacheRules.delete(projectId, ruleId, this.ctx.nowIso());
    return { id: ruleId, deleted: true };
  }

  /** SPEC endpoint 8: the very resolution the proxy acts on, for a simulated request. */
  async sandbox(principal: Principal, projectId: string, request: CacheSandboxRequest) {
    const project = await this.ctx.auth.authorizeProject(principal, projectId);
    const [cache, rules] = await Promise.all([
      this.storedConfig(projectId),
      this.ctx.repos.cacheRules.listAll(projectId),
    ]);
    return runCacheSandbox(request, { projectId, cacheEnabled: project.cacheEnabled, cache }, rules);
  }

  /**
   * Purges this project's entries only. Without a purger (the AWS runtime, where CloudFront holds the
   * cache) nothing in this process is cached, so the answer is 0 entries.
   */
  async purge(principal: Principal, projectId: string, request: PurgeRequest) {
    await this.ctx.auth.authorizeProject(principal, projectId);
    const selector = toPurgeSelector(request, await this.storedConfig(projectId));
    const purged = this.purger ? await this.purger(projectId, selector) : 0;
    return { projectId, ...request, purged };
  }

  private async storedConfig(projectId: string): Promise<CacheConfig> {
    // Parsing fills fields added to the schema since the document was written.
    return cacheConfigSchema.parse((await this.ctx.repos.cacheConfig.get(projectId)) ?? {});
  }

  private async checkRule(projectId: string, rule: CacheRuleInput): Promise<void> {
    const issues: FieldIssue[] = [];
    const globProblem = globPatternProblem(rule.pathPattern);
    if (globProblem) issues.push({ path: 'pathPattern', message: globProblem });
    if (rule.ttlSec !== undefined) {
      const { maxTtlSec } = await this.storedConfig(projectId);
      if (rule.ttlSec > maxTtlSec) {
        issues.push({ path: 'ttlSec', message: `${rule.ttlSec} exceeds the project's maxTtlSec (${maxTtlSec})` });
      }
    }
    if (issues.length === 0) return;
    const summary = issues.map((i) => `${i.path} ${i.message}`).join('; ');
    throw new ValidationError(`Invalid cache rule: ${summary}`, issues);
  }
}

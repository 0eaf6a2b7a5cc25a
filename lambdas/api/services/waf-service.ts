import { z } from 'zod';
import { ipAddress, pageQueryFields } from '../../core/config/common.ts';
import {
  simulatedClientFields,
  simulatedEdgeRequest,
  simulatedRequestFields,
} from '../../core/config/simulated-request.ts';
import { type WafConfig, type WafConfigPatch, wafConfigSchema } from '../../core/config/waf-config.ts';
import { PlanRequiredError } from '../../core/errors.ts';
import { compiledWafFor, type WafVerdict, wafVerdict } from '../../core/pipeline/waf-stage.ts';
import { planAtLeast } from '../../core/plans.ts';
import { assertPatchNotEmpty } from '../http/zod-issues.ts';
import type { Principal } from './auth-service.ts';
import type { ServiceContext } from './services.ts';
import type { UsageService } from './usage-service.ts';

/** SPEC endpoint 3 input: what the request looks like; nothing is sent anywhere. */
export const wafSandboxInputSchema = z.object({ ...simulatedRequestFields, ...simulatedClientFields }).strict();
export type WafSandboxInput = z.infer<typeof wafSandboxInputSchema>;

const ISO_INSTANT = z.iso.datetime({ offset: true }).transform((t) => new Date(t).toISOString());

/** SPEC endpoint 4 query: paging plus the filters an operator triages with. */
export const wafEventQuerySchema = z
  .object({
    ...pageQueryFields,
    action: z.enum(['block', 'challenge']).optional(),
    threatType: z
      .string()
      .regex(/^[a-z_]{1,64}$/, { message: 'must be a threat type such as sql_injection' })
      .optional(),
    ip: ipAddress.optional(),
    from: ISO_INSTANT.optional(),
    to: ISO_INSTANT.optional(),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] });
export type WafEventQueryInput = z.infer<typeof wafEventQuerySchema>;

export interface WafSandboxResult {
  decision: WafVerdict;
  request: { method: string; path: string; queryString: string };
  /** The rules are evaluated even when the WAF is off, so they can be tried before switching it on. */
  wafEnabled: boolean;
}

export class WafService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly usage: UsageService,
  ) {}

  private async storedConfig(projectId: string): Promise<WafConfig> {
    // Parsing fills in defaults for fields added after the document was stored.
    return wafConfigSchema.parse((await this.ctx.repos.wafConfig.get(projectId)) ?? {});
  }

  async getConfig(principal: Principal, projectId: string) {
    await this.ctx.auth.authorizeProject(principal, projectId);
    return { projectId, ...(await this.storedConfig(projectId)) };
  }

  /** SPEC endpoint 2: merges the sent fields into the stored configuration and answers the whole of it. */
  async patchConfig(principal: Principal, projectId: string, patch: WafConfigPatch) {
    const project = await this.ctx.auth.authorizeProject(principal, projectId);
    assertPatchNotEmpty(patch, 'request body');
    // Only switching it on is gated: a project that was downgraded can still change other fields.
    if (patch.aiAnomalyEnabled === true && !planAtLeast(project.plan, 'pro')) {
      throw new PlanRequiredError('AI anomaly detection', 'pro');
    }
    const next: WafConfig = { ...(await this.storedConfig(projectId)), ...patch };
    await this.ctx.repos.wafConfig.put(projectId, next, this.ctx.nowIso());
    return { projectId, ...next };
  }

  /**
   * SPEC endpoint 3: the proxy's own access-list and signature code on a described request; the origin
   * is never contacted. Counts as one request of the month, like a proxied one.
   */
  async sandbox(principal: Principal, projectId: string, input: WafSandboxInput): Promise<WafSandboxResult> {
    const project = await this.ctx.auth.authorizeProject(principal, projectId);
    await this.usage.countBillableCall(project);
    const config = await this.storedConfig(projectId);
    return {
      decision: wafVerdict(compiledWafFor(config), simulatedEdgeRequest(input)),
      request: { method: input.method, path: input.path, queryString: input.queryString },
      wafEnabled: project.wafEnabled,
    };
  }

  /** SPEC endpoint 4: newest first; expired events are hidden even before DynamoDB's TTL sweep removes them. */
  async listEvents(principal: Principal, projectId: string, query: WafEventQueryInput) {
    await this.ctx.auth.authorizeProject(principal, projectId);
    return this.ctx.repos.wafEvents.list(projectId, query, this.ctx.now().getTime());
  }
}

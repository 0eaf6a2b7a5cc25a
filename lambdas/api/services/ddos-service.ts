import { type DdosConfig, type DdosConfigPatch, ddosConfigSchema } from '../../core/config/ddos-config.ts';
import type { DdosActivation, DdosActivityView } from '../../core/ddos/activity.ts';
import { assertPatchNotEmpty } from '../http/zod-issues.ts';
import type { Principal } from './auth-service.ts';
import type { ServiceContext } from './services.ts';

/** The in-process DDoS stage's record (self-hosted); absent in the API Lambdas. */
export type DdosActivitySource = (projectId: string, nowMs: number) => DdosActivityView;

export interface DdosStatus extends DdosActivityView {
  projectId: string;
  enabled: boolean;
  action: DdosConfig['action'];
  /** `memory`: this process's live state; `events`: derived from the stored `ddos` WAF events. */
  source: 'memory' | 'events';
}

/** DDoS protection settings and whether it is currently holding any IP of the project. */
export class DdosService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly activity: DdosActivitySource | undefined,
  ) {}

  async getConfig(principal: Principal, projectId: string) {
    await this.ctx.auth.authorizeProject(principal, projectId);
    return { projectId, ...(await this.storedConfig(projectId)) };
  }

  /** Merges the sent fields into the stored configuration; the proxy applies it at its next config read. */
  async patchConfig(principal: Principal, projectId: string, patch: DdosConfigPatch) {
    await this.ctx.auth.authorizeProject(principal, projectId);
    assertPatchNotEmpty(patch, 'DDoS configuration');
    const next = ddosConfigSchema.parse({ ...(await this.storedConfig(projectId)), ...patch });
    await this.ctx.repos.ddosConfig.put(projectId, next, this.ctx.nowIso());
    return { projectId, ...next };
  }

  /**
   * Whether DDoS protection is holding an IP now, until when, and the latest activations. Self-hosted the
   * proxy's own record answers; otherwise the stored `ddos` WAF events (each activation writes one) are
   * read, and a hold is assumed to last the configured `blockDurationSec` from its event.
   */
  async status(principal: Principal, projectId: string): Promise<DdosStatus> {
    await this.ctx.auth.authorizeProject(principal, projectId);
    const config = await this.storedConfig(projectId);
    const nowMs = this.ctx.now().getTime();
    const base = { projectId, enabled: config.enabled, action: config.action };
    if (this.activity) return { ...base, ...this.activity(projectId, nowMs), source: 'memory' };
    const { items } = await this.ctx.repos.wafEvents.list(projectId, { page: 1, limit: 20, threatType: 'ddos' }, nowMs);
    const recentActivations: DdosActivation[] = items.map((e) => ({
      ip: e.ip,
      at: e.timestamp,
      until: new Date(Date.parse(e.timestamp) + config.blockDurationSec * 1000).toISOString(),
    }));
    const latestUntil = recentActivations.reduce((max, a) => Math.max(max, Date.parse(a.until)), 0);
    const active = latestUntil > nowMs;
    return {
      ...base,
      active,
      activeUntil: active ? new Date(latestUntil).toISOString() : null,
      recentActivations,
      source: 'events',
    };
  }

  private async storedConfig(projectId: string): Promise<DdosConfig> {
    return ddosConfigSchema.parse((await this.ctx.repos.ddosConfig.get(projectId)) ?? {});
  }
}

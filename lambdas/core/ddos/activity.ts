/** One IP crossing a project's DDoS threshold. */
export interface DdosActivation {
  ip: string;
  at: string;
  /** When that IP's hold ends. */
  until: string;
}

export interface DdosActivityView {
  active: boolean;
  activeUntil: string | null;
  /** Newest first. */
  recentActivations: DdosActivation[];
}

/**
 * What the process's DDoS stage has done per project, for the status endpoint: whether a hold is running
 * and the latest activations (bounded per project). The durable record is the WAF event each activation
 * writes (`threatType: 'ddos'`), which `ddos_active` alert policies read.
 */
export class DdosActivityLog {
  private readonly byProject = new Map<string, { activeUntil: number; activations: DdosActivation[] }>();

  constructor(private readonly keepPerProject = 20) {}

  record(projectId: string, ip: string, atMs: number, blockDurationSec: number): void {
    let entry = this.byProject.get(projectId);
    if (!entry) {
      entry = { activeUntil: 0, activations: [] };
      this.byProject.set(projectId, entry);
    }
    const until = atMs + blockDurationSec * 1000;
    entry.activeUntil = Math.max(entry.activeUntil, until);
    entry.activations.unshift({ ip, at: new Date(atMs).toISOString(), until: new Date(until).toISOString() });
    if (entry.activations.length > this.keepPerProject) entry.activations.length = this.keepPerProject;
  }

  view(projectId: string, nowMs: number): DdosActivityView {
    const entry = this.byProject.get(projectId);
    const active = entry !== undefined && entry.activeUntil > nowMs;
    return {
      active,
      activeUntil: active ? new Date(entry.activeUntil).toISOString() : null,
      recentActivations: entry ? [...entry.activations] : [],
    };
  }
}

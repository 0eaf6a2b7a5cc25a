import type { EdgeProjectConfig } from '../../lambdas/core/project-config.ts';

interface Entry {
  config: EdgeProjectConfig | undefined;
  loadedAt: number;
  loading?: Promise<EdgeProjectConfig | undefined>;
}

/**
 * Per-project configuration for the proxy: reloaded at most every `maxAgeMs` (so a change made by any
 * API process reaches the proxy within that time) and dropped at once by `invalidate` when the API
 * runs in this process. One load per project at a time; a failed reload keeps serving the last config.
 */
export class ProjectConfigCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly load: (projectId: string) => Promise<EdgeProjectConfig | undefined>,
    private readonly maxAgeMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(projectId: string): Promise<EdgeProjectConfig | undefined> {
    const entry = this.entries.get(projectId);
    if (entry && this.now() - entry.loadedAt < this.maxAgeMs) return entry.config;
    if (entry?.loading) return entry.config ?? entry.loading;
    return this.refresh(projectId, entry);
  }

  invalidate(projectId: string): void {
    this.entries.delete(projectId);
  }

  private async refresh(projectId: string, previous: Entry | undefined): Promise<EdgeProjectConfig | undefined> {
    const entry: Entry = previous ?? { config: undefined, loadedAt: 0 };
    const loading = this.load(projectId);
    entry.loading = loading;
    this.entries.set(projectId, entry);
    try {
      const config = await loading;
      // An invalidate during the load means the config changed after this read began: answer the
      // waiting request with it, but do not keep it.
      if (this.entries.get(projectId) !== entry) return config;
      // Keep the bound on tracked projects simple: unknown hosts are not remembered.
      if (config) this.entries.set(projectId, { config, loadedAt: this.now() });
      else this.entries.delete(projectId);
      return config;
    } catch (err) {
      entry.loading = undefined;
      if (entry.config) return entry.config;
      throw err;
    }
  }
}

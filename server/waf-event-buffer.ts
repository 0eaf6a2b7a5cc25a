import type { SecurityEvent } from '../lambdas/core/pipeline/types.ts';
import type { EdgeProjectConfig } from '../lambdas/core/project-config.ts';
import type { Table } from '../lambdas/data/table.ts';
import { WafEventRepository } from '../lambdas/data/waf-event-repository.ts';
import { BatchBuffer } from './batch-buffer.ts';

const DEFAULT_RETENTION_DAYS = 30;

/**
 * WAF events leave the hot path through a batch buffer; at flush time each project's
 * `eventRetentionDays` is looked up (from the proxy's config cache) so the stored TTL follows the
 * project's setting as it was when the event was written.
 */
export function createWafEventBuffer(
  table: Table,
  loadConfig: (projectId: string) => Promise<EdgeProjectConfig | undefined>,
  options: { intervalMs?: number; onError?: (err: unknown) => void } = {},
): BatchBuffer<SecurityEvent> {
  const retentionDays = new Map<string, number>();
  const repository = new WafEventRepository(
    table,
    (projectId) => retentionDays.get(projectId) ?? DEFAULT_RETENTION_DAYS,
  );
  return new BatchBuffer<SecurityEvent>(
    async (batch) => {
      for (const projectId of new Set(batch.map((e) => e.projectId))) {
        const config = await loadConfig(projectId).catch(() => undefined);
        retentionDays.set(projectId, config?.waf.eventRetentionDays ?? DEFAULT_RETENTION_DAYS);
      }
      await repository.putMany(batch);
    },
    { intervalMs: options.intervalMs, onError: options.onError },
  );
}

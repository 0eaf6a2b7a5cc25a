import {
  billingMonth,
  type QuotaVerdict,
  secondsToNextMonth,
  type UsageMeter,
} from '../../lambdas/core/quota/quota.ts';
import type { UsageRepository } from '../../lambdas/data/usage-repository.ts';

interface MonthCount {
  projectId: string;
  month: string;
  /** The stored total as of the last read or flush (includes other writers: sandbox calls, other processes). */
  stored: number;
  /** Counted here, not yet sent. */
  pending: number;
  /** Sent, answer not yet back. */
  inFlight: number;
  /** The first read of the stored total, awaited by every request until it lands. */
  seeding?: Promise<void>;
}

export interface UsageMeterOptions {
  /** How long counted requests may wait in memory before their increment is written. */
  flushIntervalMs?: number;
  onError?: (err: unknown) => void;
}

/**
 * The self-hosted usage meter: the quota check is a synchronous in-memory comparison (exact under
 * concurrency within the process), and increments are written per project in one `ADD` per flush
 * interval. Each flush's answer is the stored total, which folds in whatever other writers added.
 */
export class InMemoryUsageMeter implements UsageMeter {
  private readonly counts = new Map<string, MonthCount>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly repository: Pick<UsageRepository, 'add' | 'get'>,
    private readonly options: UsageMeterOptions = {},
  ) {}

  async count(projectId: string, limit: number, now: number): Promise<QuotaVerdict> {
    const entry = this.entryFor(projectId, billingMonth(now));
    if (entry.seeding) await entry.seeding;
    const used = entry.stored + entry.pending + entry.inFlight;
    if (used >= limit) return { allowed: false, used, limit, retryAfterSec: secondsToNextMonth(now) };
    entry.pending++;
    this.schedule();
    return { allowed: true, used: used + 1, limit, retryAfterSec: secondsToNextMonth(now) };
  }

  /** This process's view of the month's total, or undefined when the project has not been counted here. */
  used(projectId: string, month: string): number | undefined {
    const entry = this.counts.get(key(projectId, month));
    return entry && !entry.seeding ? entry.stored + entry.pending + entry.inFlight : undefined;
  }

  /** Writes every pending increment; one flush at a time. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    this.flushing = this.flushOnce().finally(() => {
      this.flushing = undefined;
    });
    await this.flushing;
  }

  /** Stops the timer and writes what is left, retrying a few times so a transient error loses nothing. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (let attempt = 0; attempt < 5 && this.pendingTotal() > 0; attempt++) await this.flush();
  }

  private entryFor(projectId: string, month: string): MonthCount {
    const k = key(projectId, month);
    let entry = this.counts.get(k);
    if (!entry) {
      const created: MonthCount = { projectId, month, stored: 0, pending: 0, inFlight: 0 };
      created.seeding = this.repository
        .get(projectId, month)
        .then((stored) => {
          created.stored = stored;
        })
        .catch((err: unknown) => {
          // Fail open: billing precision is not worth refusing traffic while the table is unreachable;
          // the next flush's answer brings the stored total back in.
          this.options.onError?.(err);
        })
        .finally(() => {
          created.seeding = undefined;
        });
      this.counts.set(k, created);
      entry = created;
    }
    return entry;
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.options.flushIntervalMs ?? 1000);
    this.timer.unref();
  }

  private pendingTotal(): number {
    let total = 0;
    for (const entry of this.counts.values()) total += entry.pending;
    return total;
  }

  private async flushOnce(): Promise<void> {
    const current = billingMonth(Date.now());
    const writes: Promise<void>[] = [];
    for (const [k, entry] of this.counts) {
      if (entry.pending === 0) {
        // A past month with nothing left to write is done with.
        if (entry.month < current && entry.inFlight === 0) this.counts.delete(k);
        continue;
      }
      const n = entry.pending;
      entry.pending = 0;
      entry.inFlight += n;
      writes.push(
        this.repository.add(entry.projectId, entry.month, n).then(
          (stored) => {
            entry.inFlight -= n;
            entry.stored = stored;
          },
          (err: unknown) => {
            entry.inFlight -= n;
            entry.pending += n;
            this.options.onError?.(err);
          },
        ),
      );
    }
    await Promise.all(writes);
    if (this.pendingTotal() > 0) this.schedule();
  }
}

function key(projectId: string, month: string): string {
  return `${projectId}\n${month}`;
}

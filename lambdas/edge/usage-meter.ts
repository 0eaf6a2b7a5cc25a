import { randomUUID } from 'node:crypto';
import { billingMonth, type QuotaVerdict, secondsToNextMonth, type UsageMeter } from '../core/quota/quota.ts';

/**
 * An instance's requests for one project and month, leaving the edge through the WAF-event queue. The
 * consumer applies each `flushId` once, so a flush may be sent again after an uncertain send.
 */
export interface UsageFlush {
  kind: 'usage';
  flushId: string;
  projectId: string;
  month: string;
  requests: number;
}

export interface EdgeUsageMeterOptions {
  /** The month's stored total (the table replica nearest to the edge). */
  readStored(projectId: string, month: string): Promise<number>;
  /** How long a stored total is trusted before it is read again. */
  snapshotTtlMs?: number;
  /** Least time between two flushes of this instance. */
  flushIntervalMs?: number;
  newFlushId?: () => string;
  onError?: (err: unknown) => void;
}

interface MonthCount {
  projectId: string;
  month: string;
  /** The stored total at the last read; includes whatever other instances had flushed by then. */
  stored: number;
  readAt: number;
  /** Requests this instance has counted for the month, ever (monotonic). */
  counted: number;
  /** `counted` minus the unflushed counts when the stored total was read: the part `stored` may hold. */
  countedAtRead: number;
  /** Counted, not yet handed to a flush. */
  pending: number;
  reading?: Promise<void>;
}

export const USAGE_SNAPSHOT_TTL_MS = 30_000;
export const USAGE_FLUSH_INTERVAL_MS = 5_000;
// A stored total that could not be read is retried after this long instead of on every request.
const READ_RETRY_MS = 5_000;
// Bounds memory: a project not counted for longer than this, with nothing pending, is forgotten.
const IDLE_MS = 10 * 60_000;
// Flushes whose delivery failed wait for the next flush; beyond this many the oldest are dropped.
const MAX_RETRIES = 200;

/**
 * The Lambda@Edge usage meter. Lambda@Edge allows no database write per request (DESIGN.md §3), so each
 * instance decides from the month's stored total (re-read every `snapshotTtlMs`) plus what it counted
 * itself since that read, and hands its counts over as `UsageFlush` messages at most every
 * `flushIntervalMs`, piggy-backed on a request's queue send. The quota is therefore approximate across
 * instances: each one can let through, beyond the limit, what the other instances counted but it has
 * not yet seen (their last flush interval plus its own snapshot age plus the queue's delivery delay).
 */
export class EdgeUsageMeter implements UsageMeter {
  private readonly counts = new Map<string, MonthCount>();
  private readonly retries: UsageFlush[] = [];
  private lastFlushAt: number | undefined;
  private readonly snapshotTtlMs: number;
  private readonly flushIntervalMs: number;
  private readonly newFlushId: () => string;

  constructor(private readonly options: EdgeUsageMeterOptions) {
    this.snapshotTtlMs = options.snapshotTtlMs ?? USAGE_SNAPSHOT_TTL_MS;
    this.flushIntervalMs = options.flushIntervalMs ?? USAGE_FLUSH_INTERVAL_MS;
    this.newFlushId = options.newFlushId ?? randomUUID;
  }

  async count(projectId: string, limit: number, now: number): Promise<QuotaVerdict> {
    const entry = this.entryFor(projectId, billingMonth(now));
    if (now - entry.readAt >= this.snapshotTtlMs) await this.refresh(entry, now);
    const used = entry.stored + entry.counted - entry.countedAtRead;
    const retryAfterSec = secondsToNextMonth(now);
    if (used >= limit) return { allowed: false, used, limit, retryAfterSec };
    entry.counted++;
    entry.pending++;
    return { allowed: true, used: used + 1, limit, retryAfterSec };
  }

  /**
   * The flushes to send with this request: none until `flushIntervalMs` has passed since the last
   * flush (the first interval starts with the first call, so a cold start sends nothing extra), then
   * every project's pending count plus the flushes whose delivery failed.
   */
  takeFlushes(now: number): UsageFlush[] {
    if (this.lastFlushAt === undefined) this.lastFlushAt = now;
    if (now - this.lastFlushAt < this.flushIntervalMs) return [];
    const flushes = this.retries.splice(0);
    for (const [key, entry] of this.counts) {
      if (entry.pending > 0) {
        flushes.push({
          kind: 'usage',
          flushId: this.newFlushId(),
          projectId: entry.projectId,
          month: entry.month,
          requests: entry.pending,
        });
        entry.pending = 0;
      } else if (now - entry.readAt >= IDLE_MS && !entry.reading) {
        this.counts.delete(key);
      }
    }
    if (flushes.length > 0) this.lastFlushAt = now;
    return flushes;
  }

  /** A flush the queue did not accept goes out again, under the same id, with the next flush. */
  retry(flush: UsageFlush): void {
    this.retries.push(flush);
    if (this.retries.length > MAX_RETRIES) {
      const dropped = this.retries.shift();
      this.options.onError?.(new Error(`usage flush ${dropped?.flushId} dropped after repeated send failures`));
    }
  }

  /** Requests counted here and not yet handed to a flush (for tests and logs). */
  pendingRequests(): number {
    let total = 0;
    for (const entry of this.counts.values()) total += entry.pending;
    return total + this.retries.reduce((sum, f) => sum + f.requests, 0);
  }

  private entryFor(projectId: string, month: string): MonthCount {
    const key = `${projectId}\n${month}`;
    let entry = this.counts.get(key);
    if (!entry) {
      entry = {
        projectId,
        month,
        stored: 0,
        readAt: Number.NEGATIVE_INFINITY,
        counted: 0,
        countedAtRead: 0,
        pending: 0,
      };
      this.counts.set(key, entry);
    }
    return entry;
  }

  private refresh(entry: MonthCount, now: number): Promise<void> {
    entry.reading ??= (async () => {
      // Counts not yet handed to a flush cannot be in the stored total; flushed ones are taken to be
      // (a flush still in the queue is missed until the next read: an undercount of seconds).
      const appliedBefore = entry.counted - entry.pending;
      try {
        entry.stored = await this.options.readStored(entry.projectId, entry.month);
        entry.countedAtRead = appliedBefore;
        entry.readAt = now;
      } catch (err) {
        // Fail open on the last known total: a replica hiccup must not refuse a customer's traffic.
        this.options.onError?.(err);
        entry.readAt = now - this.snapshotTtlMs + READ_RETRY_MS;
      } finally {
        entry.reading = undefined;
      }
    })();
    return entry.reading;
  }
}

import type { DdosConfig } from '../config/ddos-config.ts';
import { ensureSlots, ScopedSlots, type ScopedSlotsStats, SlotIndex, type SlotStore } from '../ratelimit/slot-index.ts';

export type DdosThreshold = Pick<DdosConfig, 'requestsPerSecond' | 'burst' | 'blockDurationSec'>;

export interface DdosVerdict {
  /** `pass`: under threshold; `blocked`: the IP is inside a block period. */
  state: 'pass' | 'blocked';
  /** True on the one request that crossed the threshold and started the block period. */
  activated: boolean;
  /** Seconds until the block period ends (0 when passing). */
  retryAfterSec: number;
}

/** GCRA state per IP of one project: theoretical arrival time and end of the current block period. */
class DdosStore implements SlotStore {
  readonly index = new SlotIndex();
  private tat = new Float64Array(0);
  private blockedUntil = new Float64Array(0);

  prepare(slot: number): void {
    this.tat = ensureSlots(this.tat, slot + 1);
    this.blockedUntil = ensureSlots(this.blockedUntil, slot + 1);
    this.tat[slot] = 0;
    this.blockedUntil[slot] = 0;
  }

  isIdle(slot: number, now: number): boolean {
    return this.tat[slot]! <= now && this.blockedUntil[slot]! <= now;
  }

  decide(slot: number, now: number, threshold: DdosThreshold): DdosVerdict {
    const blockedUntil = this.blockedUntil[slot]!;
    if (blockedUntil > now)
      return { state: 'blocked', activated: false, retryAfterSec: secondsUntil(blockedUntil, now) };
    // GCRA: a bucket of `burst` requests refilled every `interval`; refused requests do not move `tat`.
    const interval = 1000 / threshold.requestsPerSecond;
    const tolerance = (threshold.burst - 1) * interval;
    const tat = Math.max(this.tat[slot]!, now);
    if (tat - now <= tolerance) {
      this.tat[slot] = tat + interval;
      return { state: 'pass', activated: false, retryAfterSec: 0 };
    }
    const until = now + threshold.blockDurationSec * 1000;
    this.blockedUntil[slot] = until;
    return { state: 'blocked', activated: true, retryAfterSec: secondsUntil(until, now) };
  }
}

function secondsUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 1000));
}

export interface DdosGuardOptions {
  /** Bound on tracked IPs across all projects. */
  maxKeys?: number;
  clock?: () => number;
}

/**
 * Per-project, per-IP burst detector. Synchronous and in memory: one per process self-hosted, one per
 * edge container at the edge (where AWS WAF rate-based rules absorb volumetric floods first).
 */
export class DdosGuard {
  private readonly slots: ScopedSlots<DdosStore>;
  private readonly clock: () => number;
  /** Survives the eviction of a project's idle IPs so the active state is still answerable. */
  private readonly activeUntilByProject = new Map<string, number>();

  constructor(options: DdosGuardOptions = {}) {
    this.clock = options.clock ?? Date.now;
    this.slots = new ScopedSlots(() => new DdosStore(), options.maxKeys ?? 1_000_000);
  }

  check(projectId: string, ip: string, threshold: DdosThreshold, now = this.clock()): DdosVerdict {
    const { store, slot } = this.slots.acquire(projectId, ip, now);
    const verdict = store.decide(slot, now, threshold);
    if (verdict.activated) {
      const until = now + threshold.blockDurationSec * 1000;
      this.activeUntilByProject.set(projectId, Math.max(until, this.activeUntilByProject.get(projectId) ?? 0));
    }
    return verdict;
  }

  /** True while any IP of the project is inside a block period (alert metric `ddos_active`). */
  isActive(projectId: string, now = this.clock()): boolean {
    const until = this.activeUntilByProject.get(projectId);
    if (until === undefined) return false;
    if (until > now) return true;
    this.activeUntilByProject.delete(projectId);
    return false;
  }

  get size(): number {
    return this.slots.size;
  }

  stats(): ScopedSlotsStats {
    return this.slots.stats();
  }
}

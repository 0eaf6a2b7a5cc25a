/**
 * Maps keys to dense slot numbers so per-key state can live in typed arrays: a few bytes per key and no
 * object per key, which is what keeps a million tracked IPs within the memory budget.
 */
export class SlotIndex {
  private readonly slots = new Map<string, number>();
  private readonly free: number[] = [];
  private nextSlot = 0;
  private cursor: Iterator<[string, number]> | undefined;

  get size(): number {
    return this.slots.size;
  }

  /** One past the highest slot number ever handed out: typed arrays must be at least this long. */
  get highWater(): number {
    return this.nextSlot;
  }

  get(key: string): number | undefined {
    return this.slots.get(key);
  }

  allocate(key: string): number {
    const slot = this.free.pop() ?? this.nextSlot++;
    this.slots.set(key, slot);
    return slot;
  }

  delete(key: string): void {
    const slot = this.slots.get(key);
    if (slot === undefined) return;
    this.slots.delete(key);
    this.free.push(slot);
  }

  /** The key inserted longest ago (Map iteration order), the victim when the key bound forces an eviction. */
  oldest(): string | undefined {
    const first = this.slots.keys().next();
    return first.done ? undefined : first.value;
  }

  /**
   * Visits up to `budget` entries from where the previous call stopped and releases those `isIdle`
   * reports idle. Called a little on every check, so eviction cost is spread instead of a full pause.
   */
  sweepStep(budget: number, isIdle: (slot: number) => boolean): { visited: number; evicted: number; done: boolean } {
    this.cursor ??= this.slots.entries();
    let visited = 0;
    let evicted = 0;
    while (visited < budget) {
      const next = this.cursor.next();
      if (next.done) {
        this.cursor = undefined;
        return { visited, evicted, done: true };
      }
      visited++;
      const [key, slot] = next.value;
      if (isIdle(slot)) {
        this.slots.delete(key);
        this.free.push(slot);
        evicted++;
      }
    }
    return { visited, evicted, done: false };
  }
}

/** State kept per scope (one rate-limit rule, one project's DDoS table) in typed arrays indexed by slot. */
export interface SlotStore {
  readonly index: SlotIndex;
  /** True when the slot's state can no longer influence any decision from `now` on. */
  isIdle(slot: number, now: number): boolean;
  /** Ensures storage exists for `slot` and clears it for a new key. */
  prepare(slot: number): void;
}

export interface ScopedSlotsStats {
  keys: number;
  scopes: number;
  evictedIdle: number;
  evictedForCapacity: number;
}

/**
 * Several slot stores under one global key bound. Idle keys are swept incrementally on every access;
 * when the bound is still reached, the oldest key of the scope being written is dropped (fail-open for
 * that key: documented in docs/RULES.md).
 */
export class ScopedSlots<S extends SlotStore> {
  private readonly stores = new Map<string, S>();
  private totalKeys = 0;
  private sweepStores: Iterator<S> | undefined;
  private sweepCurrent: S | undefined;
  private evictedIdle = 0;
  private evictedForCapacity = 0;

  constructor(
    private readonly create: (scope: string) => S,
    private readonly maxKeys: number,
    private readonly sweepBudget = 2,
  ) {}

  get size(): number {
    return this.totalKeys;
  }

  stats(): ScopedSlotsStats {
    return {
      keys: this.totalKeys,
      scopes: this.stores.size,
      evictedIdle: this.evictedIdle,
      evictedForCapacity: this.evictedForCapacity,
    };
  }

  find(scope: string, key: string): { store: S; slot: number } | undefined {
    const store = this.stores.get(scope);
    const slot = store?.index.get(key);
    return store && slot !== undefined ? { store, slot } : undefined;
  }

  /** The slot for `key` in `scope`, creating it (and evicting if needed); `fresh` when just created. */
  acquire(scope: string, key: string, now: number): { store: S; slot: number; fresh: boolean } {
    this.sweep(now, this.sweepBudget);
    let store = this.stores.get(scope);
    if (!store) {
      store = this.create(scope);
      this.stores.set(scope, store);
    }
    const existing = store.index.get(key);
    if (existing !== undefined) return { store, slot: existing, fresh: false };
    if (this.totalKeys >= this.maxKeys) {
      this.makeRoom(store, now);
      // The sweep inside makeRoom drops empty scopes, possibly this one.
      this.stores.set(scope, store);
    }
    const slot = store.index.allocate(key);
    store.prepare(slot);
    this.totalKeys++;
    return { store, slot, fresh: true };
  }

  /** Visits up to `budget` keys across all scopes, evicting idle ones; returns how many were evicted. */
  sweep(now: number, budget: number): number {
    let evictedNow = 0;
    let restarted = false;
    while (budget > 0) {
      if (!this.sweepCurrent) {
        this.sweepStores ??= this.stores.values();
        const next = this.sweepStores.next();
        if (next.done) {
          this.sweepStores = undefined;
          if (restarted || this.stores.size === 0) break;
          restarted = true;
          continue;
        }
        this.sweepCurrent = next.value;
      }
      const store = this.sweepCurrent;
      const step = store.index.sweepStep(budget, (slot) => store.isIdle(slot, now));
      budget -= Math.max(step.visited, 1);
      evictedNow += step.evicted;
      if (step.done) {
        this.sweepCurrent = undefined;
        if (store.index.size === 0) this.dropStore(store);
      }
    }
    this.totalKeys -= evictedNow;
    this.evictedIdle += evictedNow;
    return evictedNow;
  }

  private dropStore(store: S): void {
    for (const [scope, candidate] of this.stores) {
      if (candidate === store) {
        this.stores.delete(scope);
        return;
      }
    }
  }

  private makeRoom(target: S, now: number): void {
    if (this.sweep(now, 64) > 0) return;
    const victimStore = target.index.size > 0 ? target : [...this.stores.values()].find((s) => s.index.size > 0);
    const victim = victimStore?.index.oldest();
    if (!victimStore || victim === undefined) return;
    victimStore.index.delete(victim);
    this.totalKeys--;
    this.evictedForCapacity++;
  }
}

/**
 * Grows a typed array holding `width` elements per slot so it fits `slots` slots, doubling the slot
 * capacity (not the element count, which would overshoot for wide slots) to keep allocation amortised O(1).
 */
export function ensureSlots<T extends Uint32Array | Float64Array>(array: T, slots: number, width = 1): T {
  if (array.length >= slots * width) return array;
  let capacity = Math.max(array.length / width, 64);
  while (capacity < slots) capacity *= 2;
  const grown = new (array.constructor as new (n: number) => T)(capacity * width);
  grown.set(array);
  return grown;
}

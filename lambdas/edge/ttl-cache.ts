/**
 * Module-scope memo with expiry. Lambda instances live for minutes and handle one event at a time, so a
 * plain Map is enough; expired entries are kept (bounded) to serve when a refresh fails.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** `fresh` is false for an entry past its expiry: usable only as a fallback. */
  get(key: string): { value: V; fresh: boolean } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    return { value: entry.value, fresh: entry.expiresAt > this.now() };
  }

  set(key: string, value: V, ttlMs: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      // Map iteration order is insertion order: the first key is the least recently written.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Reads through a TtlCache; a failed load falls back to the last known value when there is one. */
export async function readThrough<V>(
  cache: TtlCache<V>,
  key: string,
  ttlMs: (value: V) => number,
  load: () => Promise<V>,
): Promise<V> {
  const hit = cache.get(key);
  if (hit?.fresh) return hit.value;
  try {
    const value = await load();
    cache.set(key, value, ttlMs(value));
    return value;
  } catch (err) {
    if (hit) return hit.value;
    throw err;
  }
}

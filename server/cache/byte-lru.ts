export type RemovalCause = 'evicted' | 'deleted' | 'replaced';

export interface ByteLruOptions<V> {
  maxBytes: number;
  /** Called for every entry that leaves the store, so callers can keep secondary indexes exact. */
  onRemove?: (key: string, value: V, cause: RemovalCause) => void;
}

/**
 * A least-recently-used map bounded by the byte sizes its callers declare. A Map keeps insertion order,
 * so re-inserting on access makes the first key the least recently used: O(1) per operation.
 */
export class ByteLru<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private totalBytes = 0;
  private evictionCount = 0;

  constructor(private readonly options: ByteLruOptions<V>) {}

  get maxBytes(): number {
    return this.options.maxBytes;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  get evictions(): number {
    return this.evictionCount;
  }

  /** Reads and marks the entry most recently used. */
  get(key: string): V | undefined {
    const slot = this.entries.get(key);
    if (!slot) return undefined;
    this.entries.delete(key);
    this.entries.set(key, slot);
    return slot.value;
  }

  /** Reads without changing the LRU order. */
  peek(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Stores the entry as most recently used; false (and nothing stored) when it alone exceeds maxBytes. */
  set(key: string, value: V, bytes: number): boolean {
    if (bytes > this.options.maxBytes) return false;
    this.remove(key, 'replaced');
    this.entries.set(key, { value, bytes });
    this.totalBytes += bytes;
    while (this.totalBytes > this.options.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.remove(oldest.value, 'evicted');
      this.evictionCount++;
    }
    return true;
  }

  delete(key: string): boolean {
    return this.remove(key, 'deleted');
  }

  /** Keys from least to most recently used. */
  keys(): IterableIterator<string> {
    return this.entries.keys();
  }

  clear(): void {
    for (const key of [...this.entries.keys()]) this.remove(key, 'deleted');
  }

  private remove(key: string, cause: RemovalCause): boolean {
    const slot = this.entries.get(key);
    if (!slot) return false;
    this.entries.delete(key);
    this.totalBytes -= slot.bytes;
    this.options.onRemove?.(key, slot.value, cause);
    return true;
  }
}

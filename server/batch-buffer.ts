/**
 * Collects items off the hot path and hands them to `flush` in batches, on size or on a timer.
 * A failed flush puts the batch back (bounded by `maxBuffered`), and `close()` flushes what is left,
 * so a graceful shutdown loses nothing.
 */
export class BatchBuffer<T> {
  private items: T[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly flush: (batch: T[]) => Promise<void>,
    private readonly options: {
      maxBatch?: number;
      intervalMs?: number;
      maxBuffered?: number;
      onError?: (err: unknown) => void;
    } = {},
  ) {}

  push(item: T): void {
    if (this.items.length >= (this.options.maxBuffered ?? 100_000)) this.items.shift();
    this.items.push(item);
    if (this.items.length >= (this.options.maxBatch ?? 100)) void this.drain();
    else if (!this.timer && !this.closed) {
      this.timer = setTimeout(() => void this.drain(), this.options.intervalMs ?? 250);
      this.timer.unref();
    }
  }

  get pending(): number {
    return this.items.length;
  }

  async drain(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    while (this.flushing) await this.flushing;
    if (this.items.length === 0) return;
    const batch = this.items;
    this.items = [];
    this.flushing = this.flush(batch)
      .catch((err) => {
        this.items = [...batch, ...this.items];
        this.options.onError?.(err);
      })
      .finally(() => {
        this.flushing = undefined;
      });
    await this.flushing;
  }

  async close(): Promise<void> {
    this.closed = true;
    // Retry a few times so a transient store error at shutdown does not drop the tail.
    for (let attempt = 0; attempt < 5 && this.items.length > 0; attempt++) await this.drain();
    while (this.flushing) await this.flushing;
  }
}

/**
 * Remembers async results (positive and negative) for `ttlMs`, with at most `maxEntries` kept: the
 * proxy uses it so an API-key check costs a table read at most once a second per key.
 */
export function ttlMemo<A extends string, R>(
  fn: (key: A) => Promise<R>,
  ttlMs: number,
  maxEntries = 10_000,
  now: () => number = Date.now,
): (key: A) => Promise<R> {
  const cache = new Map<A, { value: Promise<R>; at: number }>();
  return (key: A) => {
    const hit = cache.get(key);
    if (hit && now() - hit.at < ttlMs) return hit.value;
    if (cache.size >= maxEntries) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    const value = fn(key);
    cache.set(key, { value, at: now() });
    value.catch(() => {
      // A later call may already have replaced this entry; only this call's own failure is forgotten.
      if (cache.get(key)?.value === value) cache.delete(key);
    });
    return value;
  };
}

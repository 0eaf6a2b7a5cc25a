import { describe, expect, it, vi } from 'vitest';
import type { EdgeProjectConfig } from '../../../lambdas/core/project-config.ts';
import { BatchBuffer } from '../../../server/batch-buffer.ts';
import { ProjectConfigCache } from '../../../server/proxy/project-config-cache.ts';
import { projectIdFromHost } from '../../../lambdas/core/project-host.ts';
import { ttlMemo } from '../../../server/proxy/ttl-memo.ts';

const config = (version: number) => ({ projectId: 'p1', version }) as EdgeProjectConfig;

describe('BatchBuffer', () => {
  it('flushes a full batch at once, in push order', async () => {
    // Prepare
    const batches: number[][] = [];
    const buffer = new BatchBuffer<number>(async (b) => void batches.push(b), { maxBatch: 3, intervalMs: 60_000 });
    // Act
    for (const n of [1, 2, 3, 4]) buffer.push(n);
    await buffer.drain();
    // Assess
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('flushes a partial batch when its timer fires', async () => {
    // Prepare
    vi.useFakeTimers();
    try {
      const flush = vi.fn(async (_b: string[]) => {});
      const buffer = new BatchBuffer<string>(flush, { maxBatch: 100, intervalMs: 250 });
      buffer.push('a');
      buffer.push('b');
      // Act
      await vi.advanceTimersByTimeAsync(249);
      const before = flush.mock.calls.length;
      await vi.advanceTimersByTimeAsync(1);
      // Assess
      expect(before).toBe(0);
      expect(flush).toHaveBeenCalledWith(['a', 'b']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('puts a failed batch back, reports the error, and delivers it on the next flush', async () => {
    // Prepare
    const delivered: number[][] = [];
    const errors: unknown[] = [];
    let fail = true;
    const buffer = new BatchBuffer<number>(
      async (b) => {
        if (fail) throw new Error('store down');
        delivered.push(b);
      },
      { intervalMs: 60_000, onError: (e) => errors.push(e) },
    );
    buffer.push(1);
    // Act
    await buffer.drain();
    const pendingAfterFailure = buffer.pending;
    buffer.push(2);
    fail = false;
    await buffer.drain();
    // Assess
    expect(errors).toHaveLength(1);
    expect(pendingAfterFailure).toBe(1);
    expect(delivered).toEqual([[1, 2]]);
    expect(buffer.pending).toBe(0);
  });

  it('flushes everything on close, retrying a transient failure', async () => {
    // Prepare
    let attempts = 0;
    const delivered: number[] = [];
    const buffer = new BatchBuffer<number>(
      async (b) => {
        attempts += 1;
        if (attempts === 1) throw new Error('blip');
        delivered.push(...b);
      },
      { intervalMs: 60_000, onError: () => {} },
    );
    for (let i = 0; i < 5; i++) buffer.push(i);
    // Act
    await buffer.close();
    // Assess
    expect(delivered).toEqual([0, 1, 2, 3, 4]);
    expect(buffer.pending).toBe(0);
  });

  it('drops the oldest items beyond maxBuffered rather than growing without bound', async () => {
    // Prepare
    const delivered: number[] = [];
    const buffer = new BatchBuffer<number>(async (b) => void delivered.push(...b), {
      maxBatch: 1000,
      maxBuffered: 3,
      intervalMs: 60_000,
    });
    // Act
    for (let i = 0; i < 5; i++) buffer.push(i);
    await buffer.close();
    // Assess
    expect(delivered).toEqual([2, 3, 4]);
  });
});

describe('ProjectConfigCache', () => {
  it('serves a loaded config until it is maxAge old, then reloads', async () => {
    // Prepare
    let now = 0;
    let version = 1;
    const load = vi.fn(async () => config(version));
    const cache = new ProjectConfigCache(load, 1000, () => now);
    // Act
    const first = await cache.get('p1');
    version = 2;
    now = 999;
    const cached = await cache.get('p1');
    now = 1000;
    const reloaded = await cache.get('p1');
    // Assess
    expect([first?.version, cached?.version, reloaded?.version]).toEqual([1, 1, 2]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reloads at once after invalidate', async () => {
    // Prepare
    let version = 1;
    const cache = new ProjectConfigCache(
      async () => config(version),
      60_000,
      () => 0,
    );
    await cache.get('p1');
    version = 2;
    // Act
    cache.invalidate('p1');
    // Assess
    expect((await cache.get('p1'))?.version).toBe(2);
  });

  it('keeps serving the last config when a reload fails, and fails only without one', async () => {
    // Prepare
    let now = 0;
    let broken = false;
    const cache = new ProjectConfigCache(
      async (id) => {
        if (broken) throw new Error('table unavailable');
        return { ...config(1), projectId: id };
      },
      1000,
      () => now,
    );
    await cache.get('p1');
    broken = true;
    now = 5000;
    // Act
    const stale = await cache.get('p1');
    const never = cache.get('p2');
    // Assess
    expect(stale?.version).toBe(1);
    await expect(never).rejects.toThrow('table unavailable');
  });

  it('loads a project once for concurrent requests', async () => {
    // Prepare
    let resolve: (c: EdgeProjectConfig) => void = () => {};
    const load = vi.fn(() => new Promise<EdgeProjectConfig>((r) => (resolve = r)));
    const cache = new ProjectConfigCache(load, 1000, () => 1_000_000);
    // Act
    const a = cache.get('p1');
    const b = cache.get('p1');
    resolve(config(7));
    // Assess
    expect([(await a)?.version, (await b)?.version]).toEqual([7, 7]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a config whose load began before an invalidate', async () => {
    // Prepare
    let version = 1;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const load = vi.fn(async () => {
      const loaded = config(version);
      await gate;
      return loaded;
    });
    const cache = new ProjectConfigCache(load, 60_000, () => 0);
    const beforeChange = cache.get('p1');
    // Act
    version = 2;
    cache.invalidate('p1');
    release();
    await beforeChange;
    const afterChange = await cache.get('p1');
    // Assess
    expect(afterChange?.version).toBe(2);
  });

  it('does not remember unknown projects', async () => {
    // Prepare
    let exists = false;
    const cache = new ProjectConfigCache(
      async () => (exists ? config(1) : undefined),
      60_000,
      () => 0,
    );
    // Act
    const missing = await cache.get('p1');
    exists = true;
    const created = await cache.get('p1');
    // Assess
    expect(missing).toBeUndefined();
    expect(created?.version).toBe(1);
  });
});

describe('ttlMemo', () => {
  it('remembers a result for ttl, then asks again', async () => {
    // Prepare
    let now = 0;
    let answer = 'a';
    const fn = vi.fn(async (_k: string) => answer);
    const memo = ttlMemo(fn, 1000, 100, () => now);
    // Act
    const first = await memo('k');
    answer = 'b';
    now = 999;
    const cached = await memo('k');
    now = 1000;
    const fresh = await memo('k');
    // Assess
    expect([first, cached, fresh]).toEqual(['a', 'a', 'b']);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('remembers negative results too, but never a rejection', async () => {
    // Prepare
    let calls = 0;
    const memo = ttlMemo(
      async (k: string) => {
        calls += 1;
        if (k === 'bad' && calls === 1) throw new Error('transient');
        return k === 'none' ? undefined : k;
      },
      60_000,
      100,
      () => 0,
    );
    // Act
    await expect(memo('bad')).rejects.toThrow('transient');
    await Promise.resolve();
    const retried = await memo('bad');
    await memo('none');
    const callsBefore = calls;
    await memo('none');
    // Assess
    expect(retried).toBe('bad');
    expect(calls).toBe(callsBefore);
  });

  it('keeps a newer result when an older call for the same key rejects late', async () => {
    // Prepare
    let now = 0;
    let fail: (err: Error) => void = () => {};
    const slow = new Promise<string>((_resolve, reject) => (fail = reject));
    const fn = vi.fn(async (_k: string) => (fn.mock.calls.length === 1 ? slow : 'fresh'));
    const memo = ttlMemo(fn, 1000, 100, () => now);
    const first = memo('a');
    now = 1000;
    await memo('a');
    // Act
    fail(new Error('table timeout'));
    await first.catch(() => undefined);
    const again = await memo('a');
    // Assess
    expect(again).toBe('fresh');
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('evicts the oldest entry beyond maxEntries', async () => {
    // Prepare
    const fn = vi.fn(async (k: string) => k);
    const memo = ttlMemo(fn, 60_000, 2, () => 0);
    // Act
    await memo('a');
    await memo('b');
    await memo('c');
    await memo('b');
    await memo('a');
    // Assess
    expect(fn.mock.calls.map((c) => c[0])).toEqual(['a', 'b', 'c', 'a']);
  });
});

describe('projectIdFromHost', () => {
  it.each([
    ['demo.localhost:8080', 'localhost', 'demo'],
    ['DEMO.LocalHost', 'localhost', 'demo'],
    ['demo.localhost.', 'localhost', 'demo'],
    ['p-abc123.edge.example.com:443', 'edge.example.com', 'p-abc123'],
  ])('reads %s under %s as %s', (host, domain, expected) => {
    expect(projectIdFromHost(host, domain)).toBe(expected);
  });

  it.each([
    [undefined, 'localhost'],
    ['localhost:8080', 'localhost'],
    ['127.0.0.1:8080', 'localhost'],
    ['demo.evil.com', 'localhost'],
    ['demolocalhost', 'localhost'],
    ['-bad.localhost', 'localhost'],
    ['under_score.localhost', 'localhost'],
    [`${'a'.repeat(64)}.localhost`, 'localhost'],
    // One label only: the wildcard certificate covers one level, and both runtimes read hosts the same way.
    ['www.p1.edge.example.com', 'edge.example.com'],
  ])('finds no project in %s under %s', (host, domain) => {
    expect(projectIdFromHost(host, domain)).toBeUndefined();
  });
});

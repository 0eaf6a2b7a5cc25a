import { describe, expect, it } from 'vitest';
import { ByteLru } from '../../../server/cache/byte-lru.ts';
import { isNotModified } from '../../../server/cache/conditional.ts';
import { cacheOptionsFromEnv } from '../../../server/cache/options.ts';

describe('byte-bounded LRU', () => {
  it('evicts least recently used entries until the declared bytes fit, reporting each removal', () => {
    // Prepare
    const removed: string[] = [];
    const lru = new ByteLru<string>({ maxBytes: 100, onRemove: (key, _v, cause) => removed.push(`${key}:${cause}`) });
    lru.set('a', 'A', 40);
    lru.set('b', 'B', 40);
    lru.get('a');
    // Act
    lru.set('c', 'C', 40);
    // Assess
    expect([...lru.keys()]).toEqual(['a', 'c']);
    expect(lru.bytes).toBe(80);
    expect(removed).toEqual(['b:evicted']);
  });

  it('refuses an entry larger than the whole budget and keeps what it had', () => {
    // Prepare
    const lru = new ByteLru<string>({ maxBytes: 100 });
    lru.set('a', 'A', 60);
    // Act
    const stored = lru.set('huge', 'H', 101);
    // Assess
    expect(stored).toBe(false);
    expect([...lru.keys()]).toEqual(['a']);
  });

  it('accounts a replaced entry once', () => {
    // Prepare
    const lru = new ByteLru<string>({ maxBytes: 100 });
    lru.set('a', 'A1', 60);
    // Act
    lru.set('a', 'A2', 30);
    // Assess
    expect(lru.bytes).toBe(30);
    expect(lru.peek('a')).toBe('A2');
  });
});

describe('conditional request evaluation', () => {
  it('matches If-None-Match: * whenever the entry has an ETag', () => {
    // Act & Assess
    expect(isNotModified({ 'if-none-match': '*' }, { etag: '"x"' })).toBe(true);
    expect(isNotModified({ 'if-none-match': '*' }, {})).toBe(false);
  });

  it('lets If-None-Match decide over If-Modified-Since when both are sent', () => {
    // Act
    const result = isNotModified(
      { 'if-none-match': '"old"', 'if-modified-since': 'Fri, 02 Jan 2026 00:00:00 GMT' },
      { etag: '"new"', lastModified: 'Thu, 01 Jan 2026 00:00:00 GMT' },
    );
    // Assess
    expect(result).toBe(false);
  });
});

describe('cache sizing from the environment', () => {
  it('defaults to 256 MB and 8 MB', () => {
    // Act
    const options = cacheOptionsFromEnv({});
    // Assess
    expect(options).toEqual({ maxBytes: 268_435_456, maxObjectBytes: 8_388_608 });
  });

  it('reads EDGE_CACHE_MAX_BYTES and rejects a malformed value', () => {
    // Act
    const options = cacheOptionsFromEnv({ EDGE_CACHE_MAX_BYTES: '1048576' });
    // Assess
    expect(options.maxBytes).toBe(1_048_576);
    expect(() => cacheOptionsFromEnv({ EDGE_CACHE_MAX_BYTES: '-1' })).toThrow();
  });
});

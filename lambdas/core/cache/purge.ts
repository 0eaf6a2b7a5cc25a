import { z } from 'zod';
import type { CacheConfig } from '../config/cache-config.ts';
import { normalisePath, normaliseQuery } from './normalise.ts';

/** Body of `POST /projects/:id/cache/purge`: exactly one kind of selector. */
export const purgeRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('all') }).strict(),
  z
    .object({ type: z.literal('prefix'), prefix: z.string().min(1).max(2048).startsWith('/', 'must start with /') })
    .strict(),
  z
    .object({
      type: z.literal('url'),
      /** Path plus optional `?query`, e.g. `/products?id=7`. */
      url: z.string().min(1).max(4096).startsWith('/', 'must start with /'),
    })
    .strict(),
  z
    .object({
      type: z.literal('tag'),
      tags: z.array(z.string().trim().min(1).max(256)).min(1).max(100),
    })
    .strict(),
]);
export type PurgeRequest = z.infer<typeof purgeRequestSchema>;

/** A purge request brought into the form cache entries are indexed by (normalised path, key query). */
export type PurgeSelector =
  | { type: 'all' }
  | { type: 'prefix'; prefix: string }
  | { type: 'url'; path: string; query: string }
  | { type: 'tag'; tags: string[] };

/**
 * Normalises like the cache key does, so `/a%7eb?y=2&x=1` purges the entry stored for `/a~b?x=1&y=2`,
 * and an exact URL drops the query parameters the key ignores (`varyByQueryParams`). An exact URL purge
 * removes every variant of it (all header / cookie / host variants).
 */
export function toPurgeSelector(request: PurgeRequest, config: Pick<CacheConfig, 'varyByQueryParams'>): PurgeSelector {
  switch (request.type) {
    case 'all':
      return { type: 'all' };
    case 'prefix':
      return { type: 'prefix', prefix: normalisePath(request.prefix) };
    case 'url': {
      const q = request.url.indexOf('?');
      const rawPath = q < 0 ? request.url : request.url.slice(0, q);
      const rawQuery = q < 0 ? '' : request.url.slice(q + 1);
      return {
        type: 'url',
        path: normalisePath(rawPath),
        query: normaliseQuery(rawQuery, config.varyByQueryParams).query,
      };
    }
    case 'tag':
      return { type: 'tag', tags: [...new Set(request.tags.map((t) => t.toLowerCase()))] };
  }
}

export interface PurgeableEntry {
  path: string;
  query: string;
  tags: readonly string[];
}

export function matchesPurge(entry: PurgeableEntry, selector: PurgeSelector): boolean {
  switch (selector.type) {
    case 'all':
      return true;
    case 'prefix':
      return entry.path.startsWith(selector.prefix);
    case 'url':
      return entry.path === selector.path && entry.query === selector.query;
    case 'tag':
      return selector.tags.some((tag) => entry.tags.includes(tag));
  }
}

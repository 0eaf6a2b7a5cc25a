import { resolveCacheKey, toCachePlan } from '../../../lambdas/core/cache/cache-key.ts';
import type { CacheConfig, CacheRule } from '../../../lambdas/core/config/cache-config.ts';
import type { CachePlan } from '../../../lambdas/core/pipeline/types.ts';
import type { OriginFetch, OriginResponse } from '../../../server/cache/http-cache.ts';
import { request, settings } from './fixtures.ts';

export class FakeClock {
  ms = Date.UTC(2026, 0, 1);
  now = (): number => this.ms;
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

type Reply = OriginResponse | Error | ((fetch: OriginFetch) => OriginResponse | Promise<OriginResponse>);

/** An origin that records every fetch and answers from a queue; once it drains, the last reply repeats. */
export class FakeOrigin {
  readonly fetches: OriginFetch[] = [];
  private replies: Reply[] = [];
  private lastReply: Reply | undefined;

  reply(...replies: Reply[]): this {
    this.replies.push(...replies);
    return this;
  }

  get calls(): number {
    return this.fetches.length;
  }

  fetch = async (fetch: OriginFetch): Promise<OriginResponse> => {
    this.fetches.push(fetch);
    const queued = this.replies.shift();
    if (queued !== undefined) this.lastReply = queued;
    const reply = queued ?? this.lastReply;
    if (reply === undefined) throw new Error('FakeOrigin has no reply queued');
    if (reply instanceof Error) throw reply;
    return typeof reply === 'function' ? reply(fetch) : reply;
  };
}

export function ok(body: string, headers: OriginResponse['headers'] = {}, status = 200): OriginResponse {
  return { status, headers: { 'content-type': 'text/plain', ...headers }, body: Buffer.from(body) };
}

export function planFor(
  path: string,
  options: {
    projectId?: string;
    query?: string;
    method?: string;
    headers?: Record<string, string>;
    cache?: Partial<CacheConfig>;
    rules?: CacheRule[];
  } = {},
): CachePlan {
  return toCachePlan(
    resolveCacheKey(
      request({
        path,
        query: options.query ?? '',
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
      }),
      settings(
        { defaultTtlSec: 60, staleWhileRevalidateSec: 30, staleIfErrorSec: 600, ...options.cache },
        { projectId: options.projectId ?? 'proj-a' },
      ),
      options.rules ?? [],
    ),
  );
}

export function get(headers: Record<string, string> = {}, method = 'GET') {
  return { method, headers, path: '/' };
}

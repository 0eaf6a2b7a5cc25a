import { parseCacheControl } from '../../lambdas/core/cache/cache-control.ts';
import { parseCacheKey } from '../../lambdas/core/cache/cache-key.ts';
import { matchesPurge, type PurgeSelector } from '../../lambdas/core/cache/purge.ts';
import { decideStorage, parseCacheTags, type StorageReason } from '../../lambdas/core/cache/response-policy.ts';
import type { CachePlan } from '../../lambdas/core/pipeline/types.ts';
import { ByteLru } from './byte-lru.ts';
import { isNotModified } from './conditional.ts';
import {
  clientHeaders,
  headerBytes,
  mergeRevalidated,
  notModifiedHeaders,
  type ResponseHeaders,
  singleHeader,
} from './response-headers.ts';

export interface OriginResponse {
  status: number;
  headers: ResponseHeaders;
  body: Buffer;
}

/** The client request as the cache needs it: header names lower-cased. */
export interface CacheRequest {
  method: string;
  headers: Record<string, string>;
  path?: string;
}

/**
 * How the cache asks for an origin response. `method` is GET for every cache fill (a HEAD miss fills
 * the GET entry); `headers` are overrides of the client's request headers, a null value meaning
 * "remove": the client's conditional and Range headers are removed on fills, and the cache's own
 * validators are added when it revalidates a stored entry.
 */
export interface OriginFetch {
  method: string;
  headers: Record<string, string | null>;
}

/** Must reject on timeouts and connection errors: that is what triggers stale-if-error. */
export type FetchOrigin = (fetch: OriginFetch) => Promise<OriginResponse>;

export type CacheStatus = 'HIT' | 'MISS' | 'STALE' | 'BYPASS';

export type CacheDetail =
  | 'fresh'
  | 'stale_while_revalidate'
  | 'stale_if_error'
  | 'stored'
  | 'revalidated'
  | 'too_large'
  | 'unindexable_key'
  | StorageReason
  | string;

export interface CacheResult {
  status: number;
  /** Client-ready headers, including `x-cache-status` (and `age` for HIT / STALE). */
  headers: ResponseHeaders;
  /** Shared with the cache entry: do not mutate. Empty for HEAD and 304. */
  body: Buffer;
  cacheStatus: CacheStatus;
  /** Why: the bypass reason, the storage decision, or how a stored entry was used. */
  detail: CacheDetail;
}

export interface HttpCacheOptions {
  /** Total bytes of entries (headers + body + key); default 256 MB (EDGE_CACHE_MAX_BYTES). */
  maxBytes?: number;
  /** Largest single entry stored; default 8 MB. */
  maxObjectBytes?: number;
  /** Epoch milliseconds; injectable for tests. */
  now?: () => number;
  /** Background refresh failures (stale-while-revalidate) land here instead of being lost. */
  onBackgroundError?: (error: unknown, key: string) => void;
}

export interface HttpCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  evictions: number;
  hits: number;
  misses: number;
  stale: number;
  bypasses: number;
  originFetches: number;
}

export interface CacheEntry {
  key: string;
  projectId: string;
  path: string;
  query: string;
  status: number;
  headers: ResponseHeaders;
  body: Buffer;
  storedAt: number;
  ttlSec: number;
  swrSec: number;
  sieSec: number;
  /** False when the origin said must-revalidate / proxy-revalidate: never served stale. */
  allowStale: boolean;
  etag?: string;
  lastModified?: string;
  tags: string[];
  /** Request header values the origin's `Vary` names, as sent by the request that filled the entry. */
  vary: Array<[string, string | undefined]>;
  bytes: number;
}

type FillOutcome =
  | { kind: 'stored'; entry: CacheEntry; detail: 'stored' | 'revalidated' }
  | {
      kind: 'not_stored';
      response: OriginResponse;
      detail: StorageReason | 'too_large' | 'unindexable_key';
      requestHeaders: Record<string, string>;
    }
  | { kind: 'failed'; error: unknown };

export const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;
export const DEFAULT_MAX_OBJECT_BYTES = 8 * 1024 * 1024;
/** Fixed per-entry bookkeeping charged on top of headers + body + key. */
const ENTRY_OVERHEAD_BYTES = 256;

const STRIPPED_FROM_FILLS: Record<string, null> = {
  'if-none-match': null,
  'if-modified-since': null,
  'if-match': null,
  'if-unmodified-since': null,
  'if-range': null,
  range: null,
};

/** Origin refusals that are a property of the response (BYPASS), not a passing accident (MISS). */
const ORIGIN_FORBIDS: ReadonlySet<string> = new Set<StorageReason>([
  'no_store',
  'private',
  'no_cache',
  'authorization',
  'vary_star',
  'set_cookie',
  'origin_max_age_zero',
  'expired_at_origin',
]);

function varyNames(headers: ResponseHeaders): string[] {
  const vary = singleHeader(headers, 'vary');
  if (!vary) return [];
  return vary
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter((v) => v.length > 0);
}

/**
 * Whether a response fetched for one request may answer another concurrent request for the same key
 * without being stored: never when it is personal (cookies, private, authorization) or varies.
 */
function shareable(
  response: OriginResponse,
  leader: Record<string, string>,
  follower: Record<string, string>,
): boolean {
  const headers = clientHeaders(response.headers);
  if (headers['set-cookie'] !== undefined) return false;
  const cc = parseCacheControl(headers['cache-control']);
  if (cc.has('private') || cc.has('no-store') || cc.has('no-cache')) return false;
  if (leader.authorization !== follower.authorization) return false;
  return varyNames(headers).every((name) => name !== '*' && leader[name] === follower[name]);
}

/**
 * The self-hosted edge cache: HIT / MISS / STALE / BYPASS with stale-while-revalidate, stale-if-error,
 * request coalescing, conditional requests and purge, over a byte-bounded LRU. What to cache and for
 * how long comes from the CachePlan (lambdas/core/cache); this class only carries it out.
 */
export class HttpCache {
  private readonly store: ByteLru<CacheEntry>;
  private readonly byProject = new Map<string, Set<string>>();
  private readonly inflight = new Map<string, Promise<FillOutcome>>();
  private readonly background = new Set<Promise<unknown>>();
  private readonly now: () => number;
  private readonly maxObjectBytes: number;
  private readonly counters = { hits: 0, misses: 0, stale: 0, bypasses: 0, originFetches: 0 };

  constructor(private readonly options: HttpCacheOptions = {}) {
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.maxObjectBytes = Math.min(options.maxObjectBytes ?? DEFAULT_MAX_OBJECT_BYTES, maxBytes);
    this.now = options.now ?? Date.now;
    this.store = new ByteLru<CacheEntry>({
      maxBytes,
      onRemove: (key, entry) => {
        const keys = this.byProject.get(entry.projectId);
        keys?.delete(key);
        if (keys?.size === 0) this.byProject.delete(entry.projectId);
      },
    });
  }

  async handle(plan: CachePlan, request: CacheRequest, fetchOrigin: FetchOrigin): Promise<CacheResult> {
    const method = request.method.toUpperCase();
    if (plan.mode !== 'cache' || (method !== 'GET' && method !== 'HEAD')) {
      this.counters.bypasses++;
      this.counters.originFetches++;
      const response = await fetchOrigin({ method, headers: {} });
      const reason = plan.mode === 'cache' ? 'method_not_cacheable' : plan.reason;
      return this.fromResponse(response, 'BYPASS', reason);
    }
    const now = this.now();
    const entry = this.lookup(plan, request.headers, now);
    if (entry) {
      const age = this.ageSec(entry, now);
      if (age < entry.ttlSec) {
        this.counters.hits++;
        return this.fromEntry(entry, request, 'HIT', 'fresh');
      }
      if (age < entry.ttlSec + entry.swrSec) {
        this.counters.stale++;
        this.refreshInBackground(plan, request, entry, fetchOrigin);
        return this.fromEntry(entry, request, 'STALE', 'stale_while_revalidate');
      }
    }
    const own = this.inflight.get(plan.key);
    const fill = own ?? this.startFill(plan, request, entry, fetchOrigin);
    const outcome = await fill;
    return this.respond(outcome, plan, request, entry, fetchOrigin, own === undefined);
  }

  /** Removes the project's entries the selector matches; never looks at another project's entries. */
  purge(projectId: string, selector: PurgeSelector): number {
    const keys = this.byProject.get(projectId);
    if (!keys) return 0;
    let purged = 0;
    for (const key of [...keys]) {
      const entry = this.store.peek(key);
      if (entry && matchesPurge(entry, selector) && this.store.delete(key)) purged++;
    }
    return purged;
  }

  /** Resolves when every background refresh started so far has finished (tests, graceful shutdown). */
  async settled(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  stats(): HttpCacheStats {
    return {
      entries: this.store.size,
      bytes: this.store.bytes,
      maxBytes: this.store.maxBytes,
      evictions: this.store.evictions,
      ...this.counters,
    };
  }

  /** Keys from least to most recently used (for diagnostics and tests). */
  keys(): string[] {
    return [...this.store.keys()];
  }

  peek(key: string): CacheEntry | undefined {
    return this.store.peek(key);
  }

  clear(): void {
    this.store.clear();
  }

  private ageSec(entry: CacheEntry, now: number): number {
    return Math.max(0, (now - entry.storedAt) / 1000);
  }

  /**
   * The entry usable for this request, if any; dead entries are dropped on the way. Lifetimes follow the
   * current plan, not the one at fill time, so lowering a TTL in the configuration applies to entries
   * already stored (within the proxy's config reload) instead of only to the next fills.
   */
  private lookup(
    plan: Extract<CachePlan, { mode: 'cache' }>,
    requestHeaders: Record<string, string>,
    now: number,
  ): CacheEntry | undefined {
    const key = plan.key;
    const entry = this.store.get(key);
    if (!entry) return undefined;
    entry.ttlSec = plan.ttlSec;
    entry.swrSec = entry.allowStale ? plan.staleWhileRevalidateSec : 0;
    entry.sieSec = entry.allowStale ? plan.staleIfErrorSec : 0;
    if (this.ageSec(entry, now) >= entry.ttlSec + Math.max(entry.swrSec, entry.sieSec)) {
      this.store.delete(key);
      return undefined;
    }
    // One variant per key, as nginx keeps: another variant is a miss that replaces it.
    return entry.vary.every(([name, value]) => requestHeaders[name] === value) ? entry : undefined;
  }

  private startFill(
    plan: Extract<CachePlan, { mode: 'cache' }>,
    request: CacheRequest,
    previous: CacheEntry | undefined,
    fetchOrigin: FetchOrigin,
  ): Promise<FillOutcome> {
    const fill = this.fetchAndStore(plan, request, previous, fetchOrigin).finally(() => {
      if (this.inflight.get(plan.key) === fill) this.inflight.delete(plan.key);
    });
    this.inflight.set(plan.key, fill);
    return fill;
  }

  private refreshInBackground(
    plan: Extract<CachePlan, { mode: 'cache' }>,
    request: CacheRequest,
    entry: CacheEntry,
    fetchOrigin: FetchOrigin,
  ): void {
    if (this.inflight.has(plan.key)) return;
    const report = (error: unknown) => this.options.onBackgroundError?.(error, plan.key);
    const refresh = this.startFill(plan, request, entry, fetchOrigin).then((outcome) => {
      if (outcome.kind === 'failed') report(outcome.error);
    }, report);
    this.background.add(refresh);
    void refresh.finally(() => this.background.delete(refresh));
  }

  /** One origin request; stores what the policy allows. Never rejects: failures become an outcome. */
  private async fetchAndStore(
    plan: Extract<CachePlan, { mode: 'cache' }>,
    request: CacheRequest,
    previous: CacheEntry | undefined,
    fetchOrigin: FetchOrigin,
  ): Promise<FillOutcome> {
    const headers: Record<string, string | null> = { ...STRIPPED_FROM_FILLS };
    if (previous?.etag) headers['if-none-match'] = previous.etag;
    if (previous?.lastModified) headers['if-modified-since'] = previous.lastModified;
    let response: OriginResponse;
    try {
      this.counters.originFetches++;
      response = await fetchOrigin({ method: 'GET', headers });
    } catch (error) {
      return { kind: 'failed', error };
    }
    const now = this.now();
    if (response.status === 304 && previous && (previous.etag || previous.lastModified)) {
      return { kind: 'stored', entry: this.revalidate(previous, response, now), detail: 'revalidated' };
    }
    const decision = decideStorage(response, { requestHeaders: request.headers, nowMs: now });
    const notStored = (detail: StorageReason | 'too_large' | 'unindexable_key'): FillOutcome => {
      // The origin's current answer supersedes the old copy, unless it is an error stale-if-error may hide.
      if (previous && response.status < 500 && this.store.peek(previous.key) === previous) {
        this.store.delete(previous.key);
      }
      return { kind: 'not_stored', response, detail, requestHeaders: request.headers };
    };
    if (!decision.store) return notStored(decision.reason);
    const parsed = parseCacheKey(plan.key);
    if (!parsed) return notStored('unindexable_key');
    const stored = clientHeaders(response.headers, ['set-cookie', 'age']);
    const bytes = response.body.length + headerBytes(stored) + plan.key.length + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.maxObjectBytes) return notStored('too_large');
    const entry: CacheEntry = {
      key: plan.key,
      projectId: parsed.projectId,
      path: parsed.path,
      query: parsed.query,
      status: response.status,
      headers: stored,
      body: response.body,
      storedAt: now,
      ttlSec: plan.ttlSec,
      swrSec: decision.allowStale ? plan.staleWhileRevalidateSec : 0,
      sieSec: decision.allowStale ? plan.staleIfErrorSec : 0,
      allowStale: decision.allowStale,
      tags: parseCacheTags(response.headers),
      vary: varyNames(stored).map((name) => [name, request.headers[name]]),
      bytes,
    };
    const etag = singleHeader(stored, 'etag');
    const lastModified = singleHeader(stored, 'last-modified');
    if (etag) entry.etag = etag;
    if (lastModified) entry.lastModified = lastModified;
    this.put(entry);
    return { kind: 'stored', entry, detail: 'stored' };
  }

  private revalidate(previous: CacheEntry, notModified: OriginResponse, now: number): CacheEntry {
    const headers = mergeRevalidated(previous.headers, notModified.headers);
    const tags = parseCacheTags(notModified.headers);
    const entry: CacheEntry = {
      ...previous,
      headers,
      storedAt: now,
      tags: tags.length > 0 ? tags : previous.tags,
      bytes: previous.body.length + headerBytes(headers) + previous.key.length + ENTRY_OVERHEAD_BYTES,
    };
    const etag = singleHeader(headers, 'etag');
    if (etag) entry.etag = etag;
    this.put(entry);
    return entry;
  }

  private put(entry: CacheEntry): void {
    if (!this.store.set(entry.key, entry, entry.bytes)) return;
    let keys = this.byProject.get(entry.projectId);
    if (!keys) {
      keys = new Set();
      this.byProject.set(entry.projectId, keys);
    }
    keys.add(entry.key);
  }

  private async respond(
    outcome: FillOutcome,
    plan: Extract<CachePlan, { mode: 'cache' }>,
    request: CacheRequest,
    previous: CacheEntry | undefined,
    fetchOrigin: FetchOrigin,
    leader: boolean,
  ): Promise<CacheResult> {
    if (outcome.kind === 'stored') {
      const variantMatches = outcome.entry.vary.every(([name, value]) => request.headers[name] === value);
      if (leader || variantMatches) {
        this.counters.misses++;
        return this.fromEntry(outcome.entry, request, 'MISS', outcome.detail);
      }
    } else if (outcome.kind === 'failed' || outcome.response.status >= 500) {
      const stale = this.staleIfError(previous);
      if (stale) {
        this.counters.stale++;
        return this.fromEntry(stale, request, 'STALE', 'stale_if_error');
      }
      if (outcome.kind === 'failed') throw outcome.error;
      if (leader || shareable(outcome.response, outcome.requestHeaders, request.headers)) {
        this.counters.misses++;
        return this.fromResponse(outcome.response, 'MISS', outcome.detail, request.method);
      }
    } else if (leader || shareable(outcome.response, outcome.requestHeaders, request.headers)) {
      const status = ORIGIN_FORBIDS.has(outcome.detail) ? 'BYPASS' : 'MISS';
      this.counters[status === 'BYPASS' ? 'bypasses' : 'misses']++;
      return this.fromResponse(outcome.response, status, outcome.detail, request.method);
    }
    // The leader's response was personal or another variant: this follower asks the origin itself,
    // uncoalesced, so followers never queue behind each other one round at a time.
    return this.respond(
      await this.fetchAndStore(plan, request, previous, fetchOrigin),
      plan,
      request,
      previous,
      fetchOrigin,
      true,
    );
  }

  private staleIfError(entry: CacheEntry | undefined): CacheEntry | undefined {
    if (!entry || entry.sieSec <= 0) return undefined;
    // The entry may have been purged or replaced while the origin was failing.
    if (this.store.peek(entry.key) !== entry) return undefined;
    return this.ageSec(entry, this.now()) < entry.ttlSec + entry.sieSec ? entry : undefined;
  }

  private fromEntry(
    entry: CacheEntry,
    request: CacheRequest,
    cacheStatus: CacheStatus,
    detail: CacheDetail,
  ): CacheResult {
    const headers: ResponseHeaders = { ...entry.headers, 'x-cache-status': cacheStatus };
    if (cacheStatus !== 'MISS') headers.age = String(Math.floor(this.ageSec(entry, this.now())));
    if (entry.status === 200 && isNotModified(request.headers, entry)) {
      const notModified: ResponseHeaders = { ...notModifiedHeaders(entry.headers), 'x-cache-status': cacheStatus };
      if (headers.age !== undefined) notModified.age = headers.age;
      return { status: 304, headers: notModified, body: Buffer.alloc(0), cacheStatus, detail };
    }
    if (request.method.toUpperCase() !== 'HEAD') {
      return { status: entry.status, headers, body: entry.body, cacheStatus, detail };
    }
    // The stored body is the whole representation, so HEAD can state its length even when the origin
    // sent it chunked.
    headers['content-length'] = String(entry.body.length);
    return { status: entry.status, headers, body: Buffer.alloc(0), cacheStatus, detail };
  }

  private fromResponse(
    response: OriginResponse,
    cacheStatus: CacheStatus,
    detail: CacheDetail,
    method = 'GET',
  ): CacheResult {
    const headers: ResponseHeaders = { ...clientHeaders(response.headers), 'x-cache-status': cacheStatus };
    const body = method.toUpperCase() === 'HEAD' ? Buffer.alloc(0) : response.body;
    return { status: response.status, headers, body, cacheStatus, detail };
  }
}

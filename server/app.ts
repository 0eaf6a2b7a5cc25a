import { mkdirSync } from 'node:fs';
import http, { type Server } from 'node:http';
import { resolve } from 'node:path';
import { createServices, type Services } from '../lambdas/api/services/services.ts';
import { challengeResponse } from '../lambdas/core/challenge/challenge.ts';
import { DdosActivityLog } from '../lambdas/core/ddos/activity.ts';
import { DdosGuard } from '../lambdas/core/ddos/guard.ts';
import type { Plan, PlanName } from '../lambdas/core/plans.ts';
import { plansWith } from '../lambdas/core/quota/quota.ts';
import { RateLimiter } from '../lambdas/core/ratelimit/sliding-window.ts';
import { createDocumentClient, ensureTable } from '../lambdas/data/dynamo.ts';
import { CHALLENGE_SECRET } from '../lambdas/data/gateway-secret-repository.ts';
import { loadEdgeProjectConfig } from '../lambdas/data/project-config-loader.ts';
import { createRepositories, type Repositories } from '../lambdas/data/repositories.ts';
import { TABLE } from '../lambdas/data/table-design.ts';
import { createApiRequestHandler } from './api-server.ts';
import { type Bootstrap, ensureBootstrap } from './bootstrap.ts';
import { HttpCache, type HttpCacheOptions } from './cache/http-cache.ts';
import { cacheOptionsFromEnv } from './cache/options.ts';
import { createDemoOrigin } from './demo-origin.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { type EmbeddedDynamo, startEmbeddedDynamo } from './embedded-dynamo.ts';
import { answerClientErrorsWithJson, listen } from './http-util.ts';
import { createCountryResolver, type GeoOptions, geoOptionsFromEnv } from './geo/country-resolver.ts';
import { ProjectConfigCache } from './proxy/project-config-cache.ts';
import { createProxyRequestHandler } from './proxy/proxy-server.ts';
import { ttlMemo } from './proxy/ttl-memo.ts';
import { InMemoryUsageMeter } from './usage/usage-meter.ts';
import { createWafEventBuffer } from './waf-event-buffer.ts';

export interface ServerOptions {
  /** Where state persists (embedded DynamoDB, bootstrap.json). Undefined with `persist: false` keeps all in memory. */
  dataDir?: string;
  persist?: boolean;
  /** A real DynamoDB / LocalStack / moto endpoint instead of the embedded one. */
  dynamoEndpoint?: string;
  tableName?: string;
  host?: string;
  apiPort?: number;
  proxyPort?: number;
  demoOriginPort?: number;
  proxyDomain?: string;
  originTimeoutMs?: number;
  inspectBodyBytes?: number;
  /** How long the proxy may use a project's config before re-reading it. */
  configMaxAgeMs?: number;
  seedDemo?: boolean;
  /** Country lookup for the proxy; defaults to EDGE_GEOIP_DB / EDGE_GEOIP_HEADER. */
  geo?: GeoOptions;
  /** How long WAF events may wait in memory before they are written (they are always written on close). */
  eventFlushIntervalMs?: number;
  /** Edge cache sizing and hooks; defaults to EDGE_CACHE_MAX_BYTES / EDGE_CACHE_MAX_OBJECT_BYTES. */
  cache?: HttpCacheOptions;
  /** Per-plan overrides of PLANS (tests shrink `monthlyRequests` to reach a quota in a few requests). */
  planOverrides?: Partial<Record<PlanName, Partial<Omit<Plan, 'name'>>>>;
  /** How long counted requests may wait in memory before the month's usage is written (always on close). */
  usageFlushIntervalMs?: number;
  log?: (line: string) => void;
}

export interface RunningServer {
  dataDir: string;
  apiUrl: string;
  apiBaseUrl: string;
  proxyPort: number;
  proxyUrlFor(projectId: string): string;
  demoOriginUrl: string;
  bootstrap?: Bootstrap;
  bootstrapCreated: boolean;
  repos: Repositories;
  services: Services;
  /** The proxy's edge cache (shared with the API's purge endpoint). */
  cache: HttpCache;
  close(): Promise<void>;
}

/** Every state-holding piece of the self-hosted product, started in dependency order and stopped in reverse. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const started: Array<() => Promise<unknown>> = [];
  try {
    return await assemble(options, log, (stop) => started.push(stop));
  } catch (err) {
    // A failed start must not leave the database thread (holding the data dir's LevelDB lock) or a
    // listening port behind: the next start in this process would fail on them.
    for (const stop of started.reverse()) {
      await stop().catch((stopErr: unknown) => log(`start-up clean-up: ${String(stopErr)}`));
    }
    throw err;
  }
}

async function assemble(
  options: ServerOptions,
  log: (line: string) => void,
  onStarted: (stop: () => Promise<unknown>) => void,
): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const proxyDomain = options.proxyDomain ?? 'localhost';
  const persist = options.persist ?? true;
  const dataDir = resolve(options.dataDir ?? '.edge-gateway');
  if (persist) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lock = persist ? acquireDataDirLock(dataDir) : undefined;
  if (lock) onStarted(async () => lock.release());

  const embedded: EmbeddedDynamo | undefined = options.dynamoEndpoint
    ? undefined
    : await startEmbeddedDynamo(persist ? dataDir : undefined);
  if (embedded) onStarted(() => embedded.close());
  const endpoint = options.dynamoEndpoint ?? embedded?.endpoint;
  const doc = createDocumentClient({ endpoint });
  const tableName = options.tableName ?? TABLE.defaultName;
  await ensureTable(doc, tableName);
  const repos = createRepositories(doc, tableName);

  const configCache = new ProjectConfigCache(
    (projectId) => loadEdgeProjectConfig(doc, tableName, projectId),
    options.configMaxAgeMs ?? 1000,
  );
  const cache = new HttpCache({
    ...cacheOptionsFromEnv(),
    onBackgroundError: (err, key) => log(`cache: background refresh of ${key} failed: ${String(err)}`),
    ...options.cache,
  });
  // One limiter, DDoS guard and usage meter per process: exact limits and quotas within it.
  const plans = plansWith(options.planOverrides);
  const rateLimiter = new RateLimiter();
  const ddosGuard = new DdosGuard();
  const ddosActivity = new DdosActivityLog();
  const usageMeter = new InMemoryUsageMeter(repos.usage, {
    flushIntervalMs: options.usageFlushIntervalMs,
    onError: (err) => log(`usage: write failed, will retry: ${String(err)}`),
  });
  const services = createServices(repos, {
    onConfigChanged: (projectId) => configCache.invalidate(projectId),
    purgeCache: (projectId, selector) => cache.purge(projectId, selector),
    plans,
    usageMeter,
    rateLimiter,
    ddosActivity: (projectId, nowMs) => ddosActivity.view(projectId, nowMs),
  });

  const events = createWafEventBuffer(repos.table, (projectId) => configCache.get(projectId), {
    intervalMs: options.eventFlushIntervalMs,
    onError: (err) => log(`waf events: flush failed, will retry: ${String(err)}`),
  });
  onStarted(() => Promise.all([events.close(), usageMeter.close()]));
  const challengeSecret = await repos.secrets.getOrCreate(CHALLENGE_SECRET);
  const countryOf = createCountryResolver(options.geo ?? geoOptionsFromEnv(process.env));
  const verifyKey = ttlMemo((composite: string) => {
    const [projectId, key] = splitOnce(composite);
    return repos.apiKeys.verify(projectId, key);
  }, 1000);

  const demoOrigin = createDemoOrigin();
  onStarted(() => drain(demoOrigin));
  const demoOriginPort = await listen(demoOrigin, options.demoOriginPort ?? 0, host);
  const demoOriginUrl = `http://${host}:${demoOriginPort}`;

  const apiServer = http.createServer(createApiRequestHandler(services));
  answerClientErrorsWithJson(apiServer);
  onStarted(() => drain(apiServer));
  const apiPort = await listen(apiServer, options.apiPort ?? 4000, host);
  const proxyServer = http.createServer(
    createProxyRequestHandler({
      proxyDomain,
      loadConfig: (projectId) => configCache.get(projectId),
      ports: {
        now: Date.now,
        verifyApiKey: (projectId, key) => verifyKey(`${projectId}\n${key}`),
        challengeSecret,
        challengeResponse,
        rateLimiter,
        ddosGuard,
        usageMeter,
        plans,
        // The durable record is the `ddos` WAF event the stage writes; this feeds GET /ddos/status.
        onDdosActivated: (projectId, ip, at, blockDurationSec) => {
          ddosActivity.record(projectId, ip, at, blockDurationSec);
          log(`ddos: project ${projectId} holding ${ip} for ${blockDurationSec}s`);
        },
        onRuleLogged: (entry) =>
          log(
            `rule log: project=${entry.projectId} rule=${entry.ruleId} (${entry.ruleName}) request=${entry.requestId} ${entry.method} ${entry.path} ip=${entry.ip}`,
          ),
      },
      countryOf,
      recordEvents: (batch) => {
        for (const e of batch) events.push(e);
      },
      originTimeoutMs: options.originTimeoutMs ?? 30_000,
      inspectBodyBytes: options.inspectBodyBytes ?? 64 * 1024,
      cache,
      log,
    }),
  );
  proxyServer.keepAliveTimeout = 65_000;
  answerClientErrorsWithJson(proxyServer, { 'x-cache-status': 'BYPASS' });
  onStarted(() => drain(proxyServer));
  const proxyPort = await listen(proxyServer, options.proxyPort ?? 8080, host);

  const apiUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${apiPort}`;
  const proxyUrlFor = (projectId: string) => `http://${projectId}.${proxyDomain}:${proxyPort}`;
  let bootstrap: Bootstrap | undefined;
  let bootstrapCreated = false;
  if ((options.seedDemo ?? true) && persist) {
    const seeded = await ensureBootstrap(
      repos,
      dataDir,
      { apiBaseUrl: `${apiUrl}/v1`, proxyUrlFor, demoOriginUrl },
      new Date().toISOString(),
    );
    bootstrap = seeded.bootstrap;
    bootstrapCreated = seeded.created;
  }

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      // Stop accepting, let in-flight requests finish (bounded), then persist what is buffered.
      await Promise.all([drain(proxyServer), drain(apiServer), drain(demoOrigin)]);
      await Promise.all([events.close(), usageMeter.close()]);
      await embedded?.close();
      lock?.release();
    })();
    return closing;
  };

  return {
    dataDir,
    apiUrl,
    apiBaseUrl: `${apiUrl}/v1`,
    proxyPort,
    proxyUrlFor,
    demoOriginUrl,
    bootstrap,
    bootstrapCreated,
    repos,
    services,
    cache,
    close,
  };
}

function splitOnce(composite: string): [string, string] {
  const i = composite.indexOf('\n');
  return [composite.slice(0, i), composite.slice(i + 1)];
}

async function drain(server: Server, graceMs = 10_000): Promise<void> {
  await new Promise<void>((resolveClose) => {
    const timer = setTimeout(() => {
      server.closeAllConnections();
    }, graceMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolveClose();
    });
    server.closeIdleConnections();
  });
}

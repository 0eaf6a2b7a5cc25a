/**
 * npm run bench:cache — cache HITs through our cache against nginx `proxy_cache` (one worker) in the
 * same run, with the ratio, and our MISS path. Every server runs in its own process; the load generator
 * runs here.
 *
 * "Ours" is measured twice when possible: the gateway proxy with cacheEnabled (only once the proxy serves
 * from HttpCache; the script says so when it does not yet), and HttpCache behind a bare node:http front
 * that resolves the real CachePlan per request (this file, started with `--front <originPort>`).
 */
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { resolveCacheKey, toCachePlan } from '../../lambdas/core/cache/cache-key.ts';
import { DEFAULT_CACHE_CONFIG } from '../../lambdas/core/config/cache-config.ts';
import { HttpCache, type OriginFetch, type OriginResponse } from '../../server/cache/http-cache.ts';
import { type LoadResult, load, printTable, startNginx, startTs, stop } from './support/processes.ts';

const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const hitPath = '/api/v1/items?id=42&view=full';

async function runFront(originPort: number): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const cache = new HttpCache();
  const settings = { projectId: 'bench', cacheEnabled: true, cache: { ...DEFAULT_CACHE_CONFIG, defaultTtlSec: 3600 } };
  const fetchFrom =
    (path: string, headers: Record<string, string>) =>
    (fetch: OriginFetch): Promise<OriginResponse> =>
      new Promise((resolve, reject) => {
        const out: Record<string, string> = { ...headers };
        for (const [name, value] of Object.entries(fetch.headers)) {
          if (value === null) delete out[name];
          else out[name] = value;
        }
        const req = http.request({
          host: '127.0.0.1',
          port: originPort,
          path,
          method: fetch.method,
          headers: out,
          agent,
        });
        req.once('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.once('end', () =>
            resolve({
              status: res.statusCode ?? 502,
              headers: res.headers as OriginResponse['headers'],
              body: Buffer.concat(chunks),
            }),
          );
          res.once('error', reject);
        });
        req.once('error', reject);
        req.end();
      });
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers[name] = value;
    }
    const plan = toCachePlan(
      resolveCacheKey(
        {
          method: req.method ?? 'GET',
          path: q < 0 ? url : url.slice(0, q),
          query: q < 0 ? '' : url.slice(q + 1),
          headers,
        },
        settings,
        [],
      ),
    );
    cache.handle(plan, { method: req.method ?? 'GET', headers, path: url }, fetchFrom(url, headers)).then(
      (result) => {
        res.writeHead(result.status, result.headers);
        res.end(result.body);
      },
      () => {
        res.writeHead(502);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

async function cacheStatusOf(url: string, headers: Record<string, string>): Promise<string> {
  await fetch(url, { headers });
  const second = await fetch(url, { headers });
  await second.arrayBuffer();
  return second.headers.get('x-cache-status') ?? 'none';
}

/** Every request a distinct URL: the MISS path (lookup, origin fetch, store, LRU eviction pressure). */
async function loadMisses(name: string, url: string): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration, idReplacement: true });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main(): Promise<void> {
  const origin = await startTs('scripts/bench/support/echo-origin.ts');
  const originPort = Number(origin.info.port);
  const front = await startTs('scripts/bench/cache.ts', ['--front', String(originPort)]);
  const gateway = await startTs('scripts/bench/support/gateway.ts', [
    `http://127.0.0.1:${originPort}`,
    JSON.stringify({ cacheEnabled: true }),
  ]);
  const nginx = await startNginx(
    originPort,
    `proxy_cache_path ${mkdtempSync(join(tmpdir(), 'edge-nginx-cache-'))} levels=1:2 keys_zone=edgebench:16m max_size=256m inactive=1h use_temp_path=off;`,
    `proxy_cache edgebench;
      proxy_cache_valid 200 1h;
      proxy_cache_lock on;
      add_header X-Cache-Status $upstream_cache_status;`,
  ).catch(() => undefined);
  const rows: LoadResult[] = [];
  const headers = { accept: 'application/json', 'user-agent': 'bench/1.0' };
  try {
    const frontUrl = `http://127.0.0.1:${front.info.port}`;
    let nginxHit: LoadResult | undefined;
    if (nginx && (await cacheStatusOf(`http://127.0.0.1:${nginx.port}${hitPath}`, headers)) === 'HIT') {
      console.error(`nginx proxy_cache HITs, 1 worker (${duration}s)...`);
      nginxHit = await load('nginx proxy_cache HIT (1 worker)', `http://127.0.0.1:${nginx.port}${hitPath}`, headers, {
        duration,
        connections,
      });
      rows.push(nginxHit);
    } else {
      console.error('nginx with proxy_cache unavailable (apt-get install -y nginx): no nginx baseline');
    }
    console.error(`HttpCache HITs behind a bare node:http front (${duration}s)...`);
    const ownStatus = await cacheStatusOf(`${frontUrl}${hitPath}`, headers);
    const ours = await load('HttpCache HIT (bare node:http front)', `${frontUrl}${hitPath}`, headers, {
      duration,
      connections,
    });
    rows.push(ours);
    const gatewayHeaders = {
      ...headers,
      host: `${gateway.info.projectId}.localhost`,
      'x-api-key': String(gateway.info.apiKey),
    };
    const gatewayUrl = `http://127.0.0.1:${gateway.info.proxyPort}${hitPath}`;
    const gatewayStatus = await cacheStatusOf(gatewayUrl, gatewayHeaders);
    let gatewayHit: LoadResult | undefined;
    if (gatewayStatus === 'HIT') {
      console.error(`edge gateway proxy HITs (${duration}s)...`);
      gatewayHit = await load('edge gateway proxy HIT (key check + cache)', gatewayUrl, gatewayHeaders, {
        duration,
        connections,
      });
      rows.push(gatewayHit);
    } else {
      console.error(
        `edge gateway proxy answers X-Cache-Status: ${gatewayStatus} on a repeat GET: not serving from the cache yet`,
      );
    }
    console.error(`HttpCache MISS path, every URL distinct (${duration}s)...`);
    rows.push(await loadMisses('HttpCache MISS (bare front, distinct URLs)', `${frontUrl}/api/v1/miss/[<id>]`));
    printTable(rows);
    console.log(`\nrepeat GET through the bare front said X-Cache-Status: ${ownStatus}`);
    if (nginxHit) {
      console.log(
        `HttpCache HIT / nginx proxy_cache HIT throughput: ${(ours.rps / nginxHit.rps).toFixed(2)} (target >= 0.40)`,
      );
      if (gatewayHit) {
        console.log(
          `gateway HIT / nginx proxy_cache HIT throughput: ${(gatewayHit.rps / nginxHit.rps).toFixed(2)} (target >= 0.40)`,
        );
      }
    }
  } finally {
    stop(front, gateway, origin, nginx?.child);
  }
}

if (process.argv[2] === '--front') {
  await runFront(Number(process.argv[3]));
} else {
  await main();
}

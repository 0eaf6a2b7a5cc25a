/**
 * npm run bench:cache — cache HITs through the real gateway (key check, security stages, cache stage,
 * HttpCache) against nginx `proxy_cache` (one worker) in the same run, with the ratio; then the MISS path
 * (every URL distinct: origin fetch, store, LRU) through both. A third target, HttpCache behind a bare
 * node:http front (this file with `--front`), shows how much of the gateway's cost is the cache itself.
 * Origin, gateway, front and nginx each run in their own process; the load generator runs here.
 */
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveCacheKey, toCachePlan } from '../../lambdas/core/cache/cache-key.ts';
import { DEFAULT_CACHE_CONFIG } from '../../lambdas/core/config/cache-config.ts';
import { HttpCache } from '../../server/cache/http-cache.ts';
import { flattenHeaders } from '../../server/http-util.ts';
import { bufferedOriginFetch } from '../../server/proxy/cached-forward.ts';
import { type LoadResult, load, printTable, startNginx, startTs, stop } from './support/processes.ts';

const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const hitPath = '/api/v1/items?id=42&view=full';
const missPath = '/api/v1/miss/[<id>]';

function getOnce(url: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    // node:http rather than fetch, which silently drops the Host header the gateway routes on.
    const req = http.get(url, { headers, agent: false }, (res) => {
      res.resume();
      res.once('end', () => resolve(String(res.headers['x-cache-status'] ?? `none (status ${res.statusCode})`)));
    });
    req.once('error', reject);
  });
}

/** The repeat of a GET, so a cache that works answers HIT. */
async function cacheStatusOf(url: string, headers: Record<string, string>): Promise<string> {
  await getOnce(url, headers);
  return getOnce(url, headers);
}

/** HttpCache with the real CachePlan per request and the proxy's origin fetch, and nothing else. */
async function runFront(originPort: number): Promise<void> {
  const cache = new HttpCache();
  const settings = { projectId: 'bench', cacheEnabled: true, cache: DEFAULT_CACHE_CONFIG };
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const headers = flattenHeaders(req.headers);
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
    const target = { url: new URL(url, `http://127.0.0.1:${originPort}`), headers: { ...headers } };
    cache
      .handle(
        plan,
        { method: req.method ?? 'GET', headers, path: url },
        bufferedOriginFetch(() => target, 30_000, 64 << 20),
      )
      .then(
        (result) => {
          res.writeHead(result.status, { ...result.headers, 'content-length': result.body.length });
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

interface Target {
  name: string;
  base: string;
  headers: Record<string, string>;
}

const best = (results: LoadResult[]) => results.reduce((a, b) => (b.rps > a.rps ? b : a));

async function main(): Promise<void> {
  const origin = await startTs('scripts/bench/support/echo-origin.ts');
  const originPort = Number(origin.info.port);
  const gateway = await startTs('scripts/bench/support/gateway.ts', [
    `http://127.0.0.1:${originPort}`,
    JSON.stringify({ cacheEnabled: true }),
  ]);
  const front = await startTs('scripts/bench/cache.ts', ['--front', String(originPort)]);
  const nginx = await startNginx(
    originPort,
    `proxy_cache_path ${mkdtempSync(join(tmpdir(), 'edge-nginx-cache-'))} levels=1:2 keys_zone=edgebench:16m max_size=256m inactive=1h use_temp_path=off;`,
    `proxy_cache edgebench;
      proxy_cache_valid 200 1h;
      proxy_cache_lock on;
      add_header X-Cache-Status $upstream_cache_status;`,
  ).catch(() => undefined);
  const headers = { accept: 'application/json', 'user-agent': 'bench/1.0' };
  const gatewayTarget: Target = {
    name: 'edge gateway',
    base: `http://127.0.0.1:${gateway.info.proxyPort}`,
    headers: { ...headers, host: `${gateway.info.projectId}.localhost`, 'x-api-key': String(gateway.info.apiKey) },
  };
  const frontTarget: Target = { name: 'HttpCache alone', base: `http://127.0.0.1:${front.info.port}`, headers };
  const nginxTarget: Target | undefined = nginx
    ? { name: 'nginx proxy_cache (1 worker)', base: `http://127.0.0.1:${nginx.port}`, headers }
    : undefined;
  const opts = { duration, connections };
  try {
    const hitTargets: Target[] = [];
    if (nginxTarget && (await cacheStatusOf(`${nginxTarget.base}${hitPath}`, headers)) === 'HIT') {
      hitTargets.push(nginxTarget);
    } else {
      console.error('nginx with proxy_cache unavailable (apt-get install -y nginx): no nginx baseline');
    }
    for (const target of [gatewayTarget, frontTarget]) {
      const status = await cacheStatusOf(`${target.base}${hitPath}`, target.headers);
      if (status !== 'HIT') throw new Error(`${target.name} answered X-Cache-Status: ${status} on a repeat GET`);
      hitTargets.push(target);
    }
    // HIT rows alternate between the targets for `rounds` rounds, so a burst of load from other processes
    // on the shared machine lands on every side instead of skewing one; each keeps its best round.
    const hits = new Map<Target, LoadResult[]>(hitTargets.map((t) => [t, []]));
    for (let round = 1; round <= rounds; round++) {
      for (const target of hitTargets) {
        console.error(`round ${round}/${rounds}: ${target.name} HITs (${duration}s)...`);
        hits.get(target)!.push(await load(`${target.name} HIT`, `${target.base}${hitPath}`, target.headers, opts));
      }
    }
    const rows: LoadResult[] = hitTargets.map((t) => best(hits.get(t)!));
    for (const target of nginxTarget && hits.has(nginxTarget) ? [nginxTarget, gatewayTarget] : [gatewayTarget]) {
      console.error(`${target.name} MISS path, every URL distinct (${duration}s)...`);
      rows.push(
        await load(`${target.name} MISS (distinct URLs)`, `${target.base}${missPath}`, target.headers, {
          ...opts,
          idReplacement: true,
        }),
      );
    }

    printTable(rows);
    console.log(
      `\n${duration}s per row, ${connections} connections, ${rounds} alternating HIT rounds (best kept), origin: scripts/bench/support/echo-origin.ts`,
    );
    for (let i = 0; i < rounds; i++) {
      const line = hitTargets.map((t) => `${t.name} ${hits.get(t)![i]!.rps.toFixed(0)}`).join(', ');
      console.log(`round ${i + 1} HIT req/s: ${line}`);
    }
    const nginxHit = nginxTarget ? hits.get(nginxTarget) : undefined;
    if (nginxHit) {
      const base = best(nginxHit).rps;
      const ratio = (t: Target) => (best(hits.get(t)!).rps / base).toFixed(2);
      console.log(`gateway HIT / nginx proxy_cache HIT throughput: ${ratio(gatewayTarget)} (target >= 0.40)`);
      console.log(`HttpCache alone HIT / nginx proxy_cache HIT throughput: ${ratio(frontTarget)}`);
    }
  } finally {
    stop(gateway, front, origin, nginx?.child);
  }
}

if (process.argv[2] === '--front') {
  await runFront(Number(process.argv[3]));
} else {
  await main();
}

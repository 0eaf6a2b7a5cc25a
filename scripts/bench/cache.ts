/**
 * npm run bench:cache — cache HITs through the real gateway (key check, security stages, cache stage,
 * HttpCache) against nginx `proxy_cache` (one worker) in the same run, with the ratio; then the MISS path
 * (every URL distinct: origin fetch, store, LRU) through both. Origin, gateway and nginx each run in their
 * own process; the load generator runs here.
 */
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LoadResult, load, printTable, startNginx, startTs, stop } from './support/processes.ts';

const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
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

/**
 * The load generator is one IP sending thousands of requests a second: exactly what the per-IP DDoS
 * guard exists to stop. It is switched off for the bench project so the figures measure the cache path
 * rather than 429s / challenges (with the guard on, each request still pays its token-bucket check).
 */
async function disableDdosGuard(info: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${String(info.apiBaseUrl)}/projects/${String(info.projectId)}/ddos/config`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', 'x-api-key': String(info.apiKey) },
    body: JSON.stringify({ enabled: false }),
  });
  if (res.status !== 200 && res.status !== 404) throw new Error(`disabling the DDoS guard: ${await res.text()}`);
}

async function main(): Promise<void> {
  const origin = await startTs('scripts/bench/support/echo-origin.ts');
  const originPort = Number(origin.info.port);
  const gateway = await startTs('scripts/bench/support/gateway.ts', [
    `http://127.0.0.1:${originPort}`,
    JSON.stringify({ cacheEnabled: true }),
  ]);
  await disableDdosGuard(gateway.info);
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
  const gatewayHeaders = {
    ...headers,
    host: `${gateway.info.projectId}.localhost`,
    'x-api-key': String(gateway.info.apiKey),
  };
  const gatewayBase = `http://127.0.0.1:${gateway.info.proxyPort}`;
  const nginxBase = nginx ? `http://127.0.0.1:${nginx.port}` : undefined;
  const opts = { duration, connections };
  try {
    let nginxHit: LoadResult | undefined;
    if (nginxBase && (await cacheStatusOf(`${nginxBase}${hitPath}`, headers)) === 'HIT') {
      console.error(`nginx proxy_cache HITs, 1 worker (${duration}s)...`);
      nginxHit = await load('nginx proxy_cache HIT (1 worker)', `${nginxBase}${hitPath}`, headers, opts);
      rows.push(nginxHit);
    } else {
      console.error('nginx with proxy_cache unavailable (apt-get install -y nginx): no nginx baseline');
    }

    const gatewayStatus = await cacheStatusOf(`${gatewayBase}${hitPath}`, gatewayHeaders);
    if (gatewayStatus !== 'HIT') {
      throw new Error(`the gateway answered X-Cache-Status: ${gatewayStatus} on a repeat GET, expected HIT`);
    }
    console.error(`edge gateway HITs (${duration}s)...`);
    const gatewayHit = await load(
      'edge gateway HIT (key check + pipeline + HttpCache)',
      `${gatewayBase}${hitPath}`,
      gatewayHeaders,
      opts,
    );
    rows.push(gatewayHit);

    if (nginxBase) {
      console.error(`nginx proxy_cache MISS path, every URL distinct (${duration}s)...`);
      rows.push(
        await load('nginx proxy_cache MISS (distinct URLs)', `${nginxBase}${missPath}`, headers, {
          ...opts,
          idReplacement: true,
        }),
      );
    }
    console.error(`edge gateway MISS path, every URL distinct (${duration}s)...`);
    const gatewayMiss = await load('edge gateway MISS (distinct URLs)', `${gatewayBase}${missPath}`, gatewayHeaders, {
      ...opts,
      idReplacement: true,
    });
    rows.push(gatewayMiss);

    printTable(rows);
    console.log(`\n${duration}s per row, ${connections} connections, origin: scripts/bench/support/echo-origin.ts`);
    if (nginxHit) {
      console.log(
        `gateway HIT / nginx proxy_cache HIT throughput: ${(gatewayHit.rps / nginxHit.rps).toFixed(2)} (target >= 0.40)`,
      );
    }
  } finally {
    stop(gateway, origin, nginx?.child);
  }
}

await main();

/**
 * npm run bench:proxy — throughput and latency of the edge proxy (with the API-key check) against the
 * origin alone and, where installed, nginx as a plain one-worker reverse proxy, all in one run.
 * Every server runs in its own process; the load generator runs here.
 */
import { type LoadResult, load, printTable, startNginx, startTs, stop } from './support/processes.ts';

const duration = Number(process.env.BENCH_DURATION ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const path = '/api/v1/items?id=42&view=full';

const origin = await startTs('scripts/bench/support/echo-origin.ts');
const originPort = Number(origin.info.port);
const gateway = await startTs('scripts/bench/support/gateway.ts', [`http://127.0.0.1:${originPort}`]);
const nginx = await startNginx(originPort);
const rows: LoadResult[] = [];
try {
  const browserish = { accept: 'application/json', 'user-agent': 'bench/1.0' };
  console.error(`origin direct (${duration}s)...`);
  rows.push(
    await load('origin direct', `http://127.0.0.1:${originPort}${path}`, browserish, { duration, connections }),
  );
  if (nginx) {
    console.error(`nginx, 1 worker (${duration}s)...`);
    rows.push(
      await load('nginx reverse proxy (1 worker)', `http://127.0.0.1:${nginx.port}${path}`, browserish, {
        duration,
        connections,
      }),
    );
  } else {
    console.error('nginx not installed (apt-get install -y nginx): skipping the nginx baseline');
  }
  const gatewayHeaders = {
    ...browserish,
    host: `${gateway.info.projectId}.localhost`,
    'x-api-key': String(gateway.info.apiKey),
  };
  const gatewayUrl = `http://127.0.0.1:${gateway.info.proxyPort}${path}`;
  console.error(`edge gateway proxy (${duration}s)...`);
  const ours = await load('edge gateway proxy (key check)', gatewayUrl, gatewayHeaders, { duration, connections });
  rows.push(ours);
  const half = Math.max(1, Math.floor(ours.rps / 2));
  // Latency at a fixed rate, ours and the baselines at the same rate: on a small shared machine the
  // load generator and the origin compete for the same cores, which the baselines show.
  console.error(`edge gateway at half its peak, ${half} req/s (${duration}s)...`);
  rows.push(
    await load(`edge gateway at ${half} req/s (half peak)`, gatewayUrl, gatewayHeaders, {
      duration,
      connections,
      overallRate: half,
    }),
  );
  const atHalf = rows.at(-1)!;
  if (nginx) {
    rows.push(
      await load(`nginx at ${half} req/s`, `http://127.0.0.1:${nginx.port}${path}`, browserish, {
        duration,
        connections,
        overallRate: half,
      }),
    );
  }
  rows.push(
    await load(`origin direct at ${half} req/s`, `http://127.0.0.1:${originPort}${path}`, browserish, {
      duration,
      connections,
      overallRate: half,
    }),
  );
  printTable(rows);
  const nginxRow = rows.find((r) => r.name.startsWith('nginx'));
  const originRow = rows[0]!;
  console.log(`\nproxy / origin-direct throughput: ${(ours.rps / originRow.rps).toFixed(2)}`);
  if (nginxRow) console.log(`proxy / nginx throughput: ${(ours.rps / nginxRow.rps).toFixed(2)} (target >= 0.30)`);
  console.log(`p99 at half peak: ${atHalf.p99} ms (target < 5 ms)`);
} finally {
  stop(gateway, origin, nginx?.child);
}

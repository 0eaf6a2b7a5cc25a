import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

export interface Started {
  info: Record<string, unknown>;
  child: ChildProcess;
}

/** Runs a TypeScript helper in its own Node process and waits for the JSON line it prints when ready. */
export async function startTs(script: string, args: string[] = []): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const info = await new Promise<Record<string, unknown>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited early with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line) as Record<string, unknown>);
    });
  });
  return { info, child };
}

export function stop(...started: Array<Started | ChildProcess | undefined>): void {
  for (const s of started) {
    const child = s && 'child' in s ? s.child : s;
    child?.kill('SIGTERM');
  }
}

/** nginx as a plain reverse proxy with one worker (the fair single-core comparison), when installed. */
export async function startNginx(
  originPort: number,
  extraHttp = '',
  extraLocation = '',
): Promise<{ port: number; child: ChildProcess } | undefined> {
  const which = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' });
  const bin = which.stdout.trim().split('\n')[0];
  if (!bin) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'edge-nginx-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream origin { server 127.0.0.1:${originPort}; keepalive 64; }
  ${extraHttp}
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://origin;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $remote_addr;
      ${extraLocation}
    }
  }
}
`,
  );
  const child = spawn(bin, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return { port, child };
    } catch {
      // not listening yet
    }
  }
  child.kill();
  return undefined;
}

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(
  name: string,
  url: string,
  headers: Record<string, string>,
  opts: {
    connections?: number;
    duration?: number;
    overallRate?: number;
    /** Replace `[<id>]` in the URL with a fresh id per request (every request a distinct URL). */
    idReplacement?: boolean;
  } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    headers,
    connections: opts.connections ?? 32,
    duration: opts.duration ?? 8,
    ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
    ...(opts.idReplacement ? { idReplacement: true } : {}),
  });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function printTable(rows: LoadResult[]): void {
  console.log('\n| target | requests/s | p50 ms | p99 ms | errors | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`);
  }
}

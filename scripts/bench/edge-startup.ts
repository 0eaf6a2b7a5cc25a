/**
 * Lambda@Edge start-up: builds the four bundles (settings baked in), then for each one starts fresh Node
 * processes that import the bundle (init) and handle one real-shaped CloudFront event (first event), the
 * way a cold Lambda instance does. Prints median figures per bundle, zipped sizes, and the ratio to a
 * baseline process that imports an empty module, measured in the same run.
 *
 *   npm run bench:edge-startup [-- --runs 7]
 *
 * The viewer-request run uses a project that does not exist and an unreachable table endpoint, so the
 * first event measures the full code path to a fail-closed answer without any network; what the real
 * DynamoDB read adds on top depends on the replica's distance.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEVELOPMENT_EDGE_SETTINGS } from '../../lambdas/edge/settings.ts';
import { buildAllEdgeBundles, EDGE_ZIP_BUDGET_BYTES, type EdgeFunctionName } from '../../lib/edge-bundles.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const runs = Math.max(1, Math.min(25, Number(values.runs)));

const FIXTURE: Record<EdgeFunctionName, string> = {
  'viewer-request': 'cloudfront-viewer-request',
  'origin-request': 'cloudfront-origin-request',
  'origin-response': 'cloudfront-origin-response',
  'viewer-response': 'cloudfront-viewer-response',
};

const work = mkdtempSync(join(tmpdir(), 'edge-startup-'));
const reports = buildAllEdgeBundles(
  { ...DEVELOPMENT_EDGE_SETTINGS, proxyDomain: 'edge.example.com' },
  join(work, 'edge'),
);

// Runs inside the child: everything timed is what a cold instance does before answering.
const probe = `
const t0 = performance.now();
const mod = await import(process.argv[2]);
const t1 = performance.now();
const event = JSON.parse(require('node:fs').readFileSync(process.argv[3], 'utf8'));
if (process.argv[4] === 'origin-request') event.Records[0].cf.request.headers['x-eg-project'] = [{ key: 'x', value: 'nosuchproject' }];
const context = { invokedFunctionArn: 'arn:aws:lambda:us-east-1:123456789012:function:bench:1' };
await mod.handler(event, context);
const t2 = performance.now();
console.log(JSON.stringify({ init: t1 - t0, first: t2 - t1 }));
process.exit(0);
`;
const probeFile = join(work, 'probe.cjs.mjs');
writeFileSync(
  probeFile,
  `import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);\n${probe}`,
);
const emptyModule = join(work, 'empty.mjs');
writeFileSync(emptyModule, 'export const handler = async () => ({});\n');

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function measure(modulePath: string, fixture: string, name: string) {
  const env = {
    ...process.env,
    // Unreachable on purpose: no network in the benchmark (see the header comment).
    AWS_ENDPOINT_URL: 'http://127.0.0.1:9',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    AWS_REGION: 'us-east-1',
    AWS_MAX_ATTEMPTS: '1',
  };
  const inits: number[] = [];
  const firsts: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const out = execFileSync(process.execPath, [probeFile, modulePath, fixture, name], {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    wall.push(performance.now() - started);
    const { init, first } = JSON.parse(out.trim().split('\n').pop()!) as { init: number; first: number };
    inits.push(init);
    firsts.push(first);
  }
  return { init: median(inits), first: median(firsts), wall: median(wall) };
}

const fixtures = resolve('test/events');
const baseline = measure(emptyModule, join(fixtures, 'cloudfront-viewer-response.json'), 'baseline');
console.log(`Lambda@Edge start-up, Node ${process.version}, ${runs} fresh processes per bundle (medians)\n`);
console.log(
  'bundle            zipped KB  budget   init ms  first event ms  init+first ms  process wall ms (x baseline)',
);
console.log(
  `${'(empty module)'.padEnd(16)}  ${'-'.padStart(9)}  ${'-'.padStart(6)}  ${baseline.init.toFixed(1).padStart(7)}  ${baseline.first.toFixed(1).padStart(14)}  ${(baseline.init + baseline.first).toFixed(1).padStart(13)}  ${baseline.wall.toFixed(0).padStart(7)} (1.00x)`,
);
for (const report of reports) {
  const m = measure(join(report.dir, 'index.mjs'), join(fixtures, `${FIXTURE[report.name]}.json`), report.name);
  const kb = report.zippedBytes / 1024;
  const total = m.init + m.first;
  console.log(
    `${report.name.padEnd(16)}  ${kb.toFixed(1).padStart(9)}  ${(report.zippedBytes <= EDGE_ZIP_BUDGET_BYTES ? 'ok' : 'OVER').padStart(6)}  ${m.init.toFixed(1).padStart(7)}  ${m.first.toFixed(1).padStart(14)}  ${total.toFixed(1).padStart(13)}  ${m.wall.toFixed(0).padStart(7)} (${(m.wall / baseline.wall).toFixed(2)}x)${total > 100 ? '  > 100 ms target' : ''}`,
  );
}

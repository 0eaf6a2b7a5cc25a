/**
 * Engine time per request for a typical browser GET, a 2 KB JSON POST and a ~60 KB body of technical
 * text, against a trivial baseline measured in the same run. Prints p50/p99 in microseconds and heap figures.
 *   npm run bench:waf            (add NODE_OPTIONS=--expose-gc for a settled heap figure)
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_WAF_CONFIG } from '../../lambdas/core/config/waf-config.ts';
import { type EdgeRequest, splitQuery } from '../../lambdas/core/edge-request.ts';
import { compileWaf, inspectRequest } from '../../lambdas/core/waf/index.ts';

const ITERATIONS = 20_000;
const WARMUP = 2_000;
const TIME_LIMIT_MS = 8_000;

const browserHeaders: Record<string, string> = {
  'user-agent':
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-language': 'en-GB,en;q=0.9,de;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  referer: 'https://shop.example.com/catalogue/shoes?page=1',
  cookie: 'session=5f2b9c0e8a1d4e7f; theme=dark; consent=analytics%3Dno',
  'sec-fetch-mode': 'navigate',
};

const typicalGet: EdgeRequest = {
  method: 'GET',
  path: '/api/v1/products/8472/reviews',
  query: 'page=2&limit=20&sort=-created&q=running%20shoes%20size%2042',
  headers: browserHeaders,
  ip: '198.51.100.23',
};

function jsonBodyOfAbout(bytes: number): string {
  const doc = {
    title: "Customer's review: great shoes, but sizing runs small",
    rating: 4,
    tags: ['running', 'trail', 'size-42'],
    author: { name: "Siobhán O'Neill", email: 'siobhan@example.com', verified: true },
    body: '',
  };
  const sentence = "I've worn these for 3 weeks on mixed terrain; the grip is excellent and they're light. ";
  while (JSON.stringify(doc).length < bytes) doc.body += sentence;
  return `${JSON.stringify(doc)
    .slice(0, bytes - 2)
    .replace(/\\?$/, '')}"}`;
}

/** The same GET with a User-Agent never seen before, so the engine's User-Agent memo cannot help. */
const unseenAgentGets: EdgeRequest[] = Array.from({ length: ITERATIONS + WARMUP }, (_, i) => ({
  ...typicalGet,
  headers: { ...browserHeaders, 'user-agent': `${browserHeaders['user-agent']} Build/${i}` },
}));
let unseenAgentIndex = 0;

const postBody = jsonBodyOfAbout(2048);
const jsonPost: EdgeRequest = {
  method: 'POST',
  path: '/api/v1/products/8472/reviews',
  query: '',
  headers: { ...browserHeaders, 'content-type': 'application/json' },
  ip: '198.51.100.23',
  body: new TextEncoder().encode(postBody),
};

/**
 * A large body of technical text (the README files of installed dependencies: prose, code blocks,
 * shell lines, HTML badges), about 60 KB as one JSON field: the gate opens for most signatures on text
 * like this, so it shows the per-byte cost rather than the gated common case.
 */
function readmeText(bytes: number): string {
  let text = '';
  for (const name of ['undici', 'typescript', 'zod', 'vitest', 'esbuild', 'aws-cdk-lib']) {
    try {
      text += `${readFileSync(new URL(`../../node_modules/${name}/README.md`, import.meta.url), 'utf8')}\n\n`;
    } catch {
      // A package without a README only makes the text shorter; the size is printed.
    }
    if (text.length >= bytes) break;
  }
  return text.slice(0, bytes);
}

/** Built only when its row runs, so the other scenarios are measured with the heap they had before. */
function largePost(): EdgeRequest {
  const body = JSON.stringify({ title: 'docs', body: readmeText(60 * 1024) });
  return { ...jsonPost, body: new TextEncoder().encode(body) };
}

/** Baseline for the GET: split and decode the query and lower-case-scan every header once. */
function minimalGetScan(req: EdgeRequest): number {
  let hits = 0;
  for (const [name, value] of splitQuery(req.query)) {
    if (decodeURIComponent(name + value).includes('<')) hits++;
  }
  for (const value of Object.values(req.headers)) if (value.toLowerCase().includes('<script')) hits++;
  return hits;
}

/** Baseline for the POST: decode the body and JSON.parse it. */
function jsonParseBody(req: EdgeRequest): number {
  return Object.keys(JSON.parse(new TextDecoder().decode(req.body)) as object).length;
}

function measure(fn: () => unknown, warmup = WARMUP): { p50: number; p99: number; n: number } {
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < ITERATIONS && performance.now() - started < TIME_LIMIT_MS; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    samples.push(Number(process.hrtime.bigint() - t0) / 1000);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { p50: at(0.5), p99: at(0.99), n: samples.length };
}

const gc = (globalThis as { gc?: () => void }).gc;
const heapMb = () => {
  gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};
/**
 * Typed-array memory (the keyword automaton's tables) lives outside the JS heap; backing stores of
 * garbage arrays are released a collection later, hence the second one.
 */
const arrayBuffersMb = () => {
  gc?.();
  gc?.();
  return process.memoryUsage().arrayBuffers / 1024 / 1024;
};

const heapBefore = heapMb();
const buffersBefore = arrayBuffersMb();
const waf = compileWaf(DEFAULT_WAF_CONFIG);
const heapCompiled = heapMb();
const buffersCompiled = arrayBuffersMb();
const sanity = [inspectRequest(waf, typicalGet).action, inspectRequest(waf, jsonPost).action];
if (sanity.some((a) => a !== 'allow')) throw new Error(`benchmark requests must be allowed, got ${sanity.join(', ')}`);

const rows: Array<[string, ReturnType<typeof measure>, string, ReturnType<typeof measure>]> = [
  [
    'typical GET',
    measure(() => inspectRequest(waf, typicalGet)),
    'minimal query+header scan',
    measure(() => minimalGetScan(typicalGet)),
  ],
  [
    'GET, unseen User-Agent',
    measure(() => inspectRequest(waf, unseenAgentGets[unseenAgentIndex++ % unseenAgentGets.length]!)),
    'minimal query+header scan',
    measure(() => minimalGetScan(typicalGet)),
  ],
  [
    `JSON POST (${postBody.length} B)`,
    measure(() => inspectRequest(waf, jsonPost)),
    'TextDecoder + JSON.parse',
    measure(() => jsonParseBody(jsonPost)),
  ],
];
const large = largePost();
rows.push([
  `JSON POST (${((large.body?.length ?? 0) / 1024).toFixed(0)} KB README)`,
  measure(() => inspectRequest(waf, large), 20),
  'TextDecoder + JSON.parse',
  measure(() => jsonParseBody(large), 20),
]);
const heapAfter = heapMb();

console.log(
  `bench:waf  node ${process.version}, sensitivity ${DEFAULT_WAF_CONFIG.sensitivityScore}, ${waf.signatures.length} active signatures`,
);
console.log(
  'scenario                  engine p50   engine p99   baseline                    base p50   base p99   p50 ratio',
);
for (const [name, engine, baseName, base] of rows) {
  console.log(
    `${name.padEnd(24)} ${engine.p50.toFixed(1).padStart(8)} µs ${engine.p99.toFixed(1).padStart(9)} µs   ${baseName.padEnd(26)} ${base.p50.toFixed(1).padStart(6)} µs ${base.p99.toFixed(1).padStart(7)} µs ${(engine.p50 / base.p50).toFixed(1).padStart(8)}x`,
  );
}
console.log(
  `heap: ${heapBefore.toFixed(1)} MB before compile, +${(heapCompiled - heapBefore).toFixed(2)} MB heap and +${(buffersCompiled - buffersBefore).toFixed(2)} MB typed arrays for the compiled WAF, ${heapAfter.toFixed(1)} MB after ${rows.reduce((n, r) => n + r[1].n, 0)} inspections${gc ? '' : ' (no --expose-gc: figures include garbage)'}`,
);

/**
 * `npm run bench:rules`: edge-rule evaluation time for 100 enabled rules, the rate limiter's cost per
 * check and its memory for 1 million tracked IPs, each next to a baseline measured in the same run.
 * Prints figures only; nothing here is asserted. Run with --expose-gc (the npm script does).
 */
import { type EdgeRule, edgeRuleInputSchema } from '../../lambdas/core/config/edge-rule.ts';
import { DdosGuard } from '../../lambdas/core/ddos/guard.ts';
import type { EdgeRequest } from '../../lambdas/core/edge-request.ts';
import { RateLimiter } from '../../lambdas/core/ratelimit/sliding-window.ts';
import { compileRules } from '../../lambdas/core/rules/compile.ts';
import { evaluateRules } from '../../lambdas/core/rules/evaluate.ts';

const gc = (globalThis as { gc?: () => void }).gc;
const fmt = (n: number, digits = 2) => n.toFixed(digits);

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Per-call timings in µs; `fn` runs `iterations` times after a warm-up. */
function timeCalls(fn: () => unknown, iterations: number): { p50: number; p99: number; mean: number } {
  for (let i = 0; i < Math.min(iterations, 20_000); i++) fn();
  const samples = new Float64Array(iterations);
  let total = 0;
  for (let i = 0; i < iterations; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    const us = Number(process.hrtime.bigint() - t0) / 1000;
    samples[i] = us;
    total += us;
  }
  samples.sort();
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), mean: total / iterations };
}

/** Mean ns per call over a tight batch (no per-call clock reads). */
function nsPerCall(fn: (i: number) => unknown, iterations: number): number {
  for (let i = 0; i < Math.min(iterations, 100_000); i++) fn(i);
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) fn(i);
  return Number(process.hrtime.bigint() - t0) / iterations;
}

// ── 1. 100 enabled rules ────────────────────────────────────────────────────────────────────────────
function hundredRules(): EdgeRule[] {
  const shapes = [
    (i: number) => [{ field: 'path', op: 'starts_with', value: `/internal/${i}/` }],
    (i: number) => [{ field: 'path', op: 'equals', value: `/legacy/${i}` }],
    (i: number) => [{ field: 'path', op: 'contains', value: `secret-${i}` }],
    (i: number) => [{ field: 'path', op: 'matches', value: `^/v[0-9]+/tenant-${i}/(?:a|b)+$` }],
    (i: number) => [
      { field: 'method', op: 'equals', value: 'DELETE' },
      { field: 'path', op: 'ends_with', value: `.bak${i}` },
    ],
    (i: number) => [{ field: 'ip', op: 'in_cidr', value: `10.${i}.0.0/16` }],
    (i: number) => [
      { field: 'country', op: 'in', value: 'KP,IR,SY' },
      { field: 'path', op: 'contains', value: `x${i}` },
    ],
    (i: number) => [{ field: 'header', op: 'contains', value: `User-Agent: bot-${i}` }],
    (i: number) => [{ field: 'query_param', op: 'equals', value: `debug=${i}` }],
    (i: number) => [{ field: 'header', op: 'equals', value: `X-Tenant: t-${i}` }],
  ];
  return Array.from({ length: 100 }, (_, i) => {
    const parsed = edgeRuleInputSchema.parse({
      name: `rule ${i}`,
      priority: i + 1,
      action: 'block',
      conditions: i === 99 ? [{ field: 'path', op: 'starts_with', value: '/late/' }] : shapes[i % shapes.length]!(i),
    });
    const at = new Date(Date.UTC(2025, 0, 1, 0, 0, 0, i)).toISOString();
    return { ...parsed, id: `rul_${i}`, projectId: 'prj_bench', createdAt: at, updatedAt: at };
  });
}

const baseRequest: EdgeRequest = {
  method: 'GET',
  path: '/v1/orders/12345',
  query: 'page=2&limit=50',
  headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)', accept: 'application/json', 'x-tenant': 'acme' },
  ip: '203.0.113.77',
  country: 'DE',
};
const compiled = compileRules(hundredRules());
const ctx = { projectId: 'prj_bench', apiKeyId: 'key_1', now: Date.now() };
const noMatch = baseRequest;
const lateMatch: EdgeRequest = { ...baseRequest, path: '/late/orders/1' };
if (evaluateRules(compiled, noMatch, ctx).effect.kind !== 'continue') throw new Error('no-match request matched');
if (evaluateRules(compiled, lateMatch, ctx).effect.kind !== 'block') throw new Error('late request did not match');

// Baseline: the cheapest conceivable 100-rule scan, one startsWith per rule on the raw path.
const prefixes = Array.from({ length: 100 }, (_, i) => `/internal/${i}/`);
const baselineScan = (path: string) => {
  for (const p of prefixes) if (path.startsWith(p)) return true;
  return false;
};

const EVALS = 200_000;
const none = timeCalls(() => evaluateRules(compiled, noMatch, ctx), EVALS);
const late = timeCalls(() => evaluateRules(compiled, lateMatch, ctx), EVALS);
const base = timeCalls(() => baselineScan(noMatch.path), EVALS);

console.log('Edge rules: 100 enabled rules (10 condition shapes incl. regex, CIDR, header, query), per-call timing');
console.log(`  matches none : p50 ${fmt(none.p50)} µs  p99 ${fmt(none.p99)} µs  mean ${fmt(none.mean)} µs`);
console.log(`  matches #100 : p50 ${fmt(late.p50)} µs  p99 ${fmt(late.p99)} µs  mean ${fmt(late.mean)} µs`);
console.log(`  baseline (100 startsWith, same timer): p50 ${fmt(base.p50)} µs  p99 ${fmt(base.p99)} µs`);
console.log(`  ratio p50 matches-none / baseline: ${fmt(none.p50 / base.p50, 1)}x   (target ≤ 20 µs p50)`);

// ── 2. limiter cost per check ───────────────────────────────────────────────────────────────────────
const KEYS = 10_000;
const ips = Array.from({ length: KEYS }, (_, i) => `198.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
const CHECKS = 2_000_000;
const t0 = Date.now();
const logLimiter = new RateLimiter();
const logNs = nsPerCall(
  (i) => logLimiter.check('prj:rule', ips[i % KEYS]!, { requests: 10, windowSec: 60 }, t0 + Math.floor(i / 100)),
  CHECKS,
);
const subLimiter = new RateLimiter();
const subNs = nsPerCall(
  (i) => subLimiter.check('prj:rule', ips[i % KEYS]!, { requests: 100, windowSec: 60 }, t0 + Math.floor(i / 100)),
  CHECKS,
);
const guard = new DdosGuard();
const ddosThreshold = { requestsPerSecond: 50, burst: 100, blockDurationSec: 60 };
const ddosNs = nsPerCall((i) => guard.check('prj', ips[i % KEYS]!, ddosThreshold, t0 + Math.floor(i / 100)), CHECKS);
const counts = new Map<string, number>();
const mapNs = nsPerCall((i) => {
  const ip = ips[i % KEYS]!;
  counts.set(ip, (counts.get(ip) ?? 0) + 1);
}, CHECKS);

console.log(`\nLimiter: ${CHECKS.toLocaleString('en')} checks over ${KEYS.toLocaleString('en')} IPs`);
console.log(`  exact log (10 / 60 s)          : ${fmt(logNs, 0)} ns/check  (${fmt(logNs / mapNs, 1)}x baseline)`);
console.log(`  sub-windows (100 / 60 s)       : ${fmt(subNs, 0)} ns/check  (${fmt(subNs / mapNs, 1)}x baseline)`);
console.log(`  DDoS guard GCRA (50 rps, 100)  : ${fmt(ddosNs, 0)} ns/check  (${fmt(ddosNs / mapNs, 1)}x baseline)`);
console.log(`  baseline Map<ip, count> += 1   : ${fmt(mapNs, 0)} ns/op   (target ≤ 2000 ns/check)`);

// ── 3. memory for 1 million tracked IPs ─────────────────────────────────────────────────────────────
const MILLION = 1_000_000;
// Time moves 1 ms per 4096 checks (about 250 ms in all), so no limiter key goes idle and nothing is
// evicted; the DDoS guard (idle once its bucket refills, 20 ms here) sees all IPs in the same millisecond.
const ipOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

function memory(): number {
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

function measure(label: string, track: (ip: string, i: number) => void): number {
  const before = memory();
  for (let i = 0; i < MILLION; i++) track(ipOf(i), i);
  const mb = (memory() - before) / 1024 / 1024;
  console.log(`  ${label.padEnd(31)}: ${fmt(mb, 1)} MB`);
  return mb;
}

console.log(
  `\nMemory for ${MILLION.toLocaleString('en')} tracked IPs (heap + array buffers after GC${gc ? '' : ' — run with --expose-gc for exact figures'})`,
);
const now = Date.now();
// Each structure stays alive to the end; every figure is the growth its own million IPs caused.
const map = new Map<string, number>();
const baseMb = measure('baseline Map<ip, count>', (ip) => map.set(ip, 1));
const limiter = new RateLimiter();
const logMb = measure('exact log (10 / 60 s)', (ip, i) =>
  limiter.check('prj:rule', ip, { requests: 10, windowSec: 60 }, now + (i >> 12)),
);
const subs = new RateLimiter();
const subMb = measure('sub-windows (100 / 60 s)', (ip, i) =>
  subs.check('prj:rule', ip, { requests: 100, windowSec: 60 }, now + (i >> 12)),
);
const ddos = new DdosGuard();
const ddosMb = measure('DDoS guard', (ip) => ddos.check('prj', ip, ddosThreshold, now));
console.log(
  `  ratio to baseline: log ${fmt(logMb / baseMb, 1)}x, sub-windows ${fmt(subMb / baseMb, 1)}x, DDoS ${fmt(ddosMb / baseMb, 1)}x   (target ≤ 200 MB)`,
);
if (map.size + limiter.size + subs.size + ddos.size !== 4 * MILLION)
  throw new Error('keys were evicted during the memory run');

/**
 * Measures the WAF engine against labelled corpora (format: ../shared/waf-corpus/README.md).
 *   npm run waf:eval -- [--json] [--sensitivity N] [--show fn|fp] [file.jsonl …]
 * A row counts as blocked when the decision is anything but `allow` (a challenge stops a bot too).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';
import { DEFAULT_WAF_CONFIG } from '../lambdas/core/config/waf-config.ts';
import type { EdgeRequest } from '../lambdas/core/edge-request.ts';
import { compileWaf, inspectRequest, type WafDecision } from '../lambdas/core/waf/index.ts';

const corpusRowSchema = z.object({
  id: z.string(),
  source: z.string(),
  label: z.enum(['attack', 'benign']),
  category: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  query: z.string(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
});
export type CorpusRow = z.infer<typeof corpusRowSchema>;

export interface Confusion {
  tp: number;
  fp: number;
  tn: number;
  fn: number;
  tpr: number;
  fpr: number;
  balancedAccuracy: number;
}

export interface EvalReport {
  overall: Confusion;
  bySource: Record<string, Confusion>;
  byCategory: Record<string, Confusion>;
}

export interface RowOutcome {
  row: CorpusRow;
  blocked: boolean;
  decision: WafDecision;
}

const encoder = new TextEncoder();

export function parseCorpus(text: string): CorpusRow[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => corpusRowSchema.parse(JSON.parse(line)));
}

/** The request as the corpus README says it goes on the wire, from 127.0.0.1. */
export function rowToEdgeRequest(row: CorpusRow): EdgeRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(row.headers)) headers[name.toLowerCase()] = value;
  const req: EdgeRequest = { method: row.method, path: row.path, query: row.query, headers, ip: '127.0.0.1' };
  if (row.body !== '') req.body = encoder.encode(row.body);
  return req;
}

interface Counts {
  tp: number;
  fp: number;
  tn: number;
  fn: number;
}

function finish(c: Counts): Confusion {
  const tpr = c.tp + c.fn === 0 ? 0 : c.tp / (c.tp + c.fn);
  const fpr = c.fp + c.tn === 0 ? 0 : c.fp / (c.fp + c.tn);
  // With only one class present, balanced accuracy is the rate of that class.
  const hasAttacks = c.tp + c.fn > 0;
  const hasBenign = c.fp + c.tn > 0;
  const balancedAccuracy = hasAttacks && hasBenign ? (tpr + 1 - fpr) / 2 : hasAttacks ? tpr : 1 - fpr;
  return { ...c, tpr, fpr, balancedAccuracy };
}

function tally(counts: Map<string, Counts>, key: string, row: CorpusRow, blocked: boolean): void {
  const c = counts.get(key) ?? { tp: 0, fp: 0, tn: 0, fn: 0 };
  if (row.label === 'attack') {
    if (blocked) c.tp++;
    else c.fn++;
  } else if (blocked) c.fp++;
  else c.tn++;
  counts.set(key, c);
}

function finishAll(counts: Map<string, Counts>): Record<string, Confusion> {
  return Object.fromEntries(
    [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, c]) => [k, finish(c)]),
  );
}

/** Runs the engine at one sensitivity over rows; `onProgress` is called every 1,000 rows. */
export function evaluateRows(
  rows: readonly CorpusRow[],
  sensitivity: number,
  onOutcome?: (outcome: RowOutcome) => void,
  onProgress?: (done: number) => void,
): EvalReport {
  const waf = compileWaf({ ...DEFAULT_WAF_CONFIG, sensitivityScore: sensitivity });
  const overall = new Map<string, Counts>();
  const bySource = new Map<string, Counts>();
  const byCategory = new Map<string, Counts>();
  rows.forEach((row, index) => {
    const decision = inspectRequest(waf, rowToEdgeRequest(row));
    const blocked = decision.action !== 'allow';
    tally(overall, 'overall', row, blocked);
    tally(bySource, row.source, row, blocked);
    tally(byCategory, row.category ?? 'uncategorised', row, blocked);
    onOutcome?.({ row, blocked, decision });
    if (onProgress && (index + 1) % 1000 === 0) onProgress(index + 1);
  });
  return {
    overall: finish(overall.get('overall') ?? { tp: 0, fp: 0, tn: 0, fn: 0 }),
    bySource: finishAll(bySource),
    byCategory: finishAll(byCategory),
  };
}

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

export function formatTable(title: string, entries: Record<string, Confusion>): string {
  const lines = [
    `${title.padEnd(28)} ${'attacks'.padStart(8)} ${'benign'.padStart(8)} ${'TPR'.padStart(7)} ${'FPR'.padStart(7)} ${'BA'.padStart(7)}`,
  ];
  for (const [name, c] of Object.entries(entries)) {
    lines.push(
      `${name.padEnd(28)} ${String(c.tp + c.fn).padStart(8)} ${String(c.fp + c.tn).padStart(8)} ${percent(c.tpr).padStart(7)} ${percent(c.fpr).padStart(7)} ${c.balancedAccuracy.toFixed(3).padStart(7)}`,
    );
  }
  return lines.join('\n');
}

export function defaultCorpusFiles(repoRoot: string): string[] {
  const dir = resolve(repoRoot, '..', 'shared', 'waf-corpus');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .map((name) => join(dir, name));
}

const argsSchema = z.object({
  json: z.boolean(),
  sensitivity: z.number().int().min(0).max(100),
  show: z.enum(['fn', 'fp']).optional(),
  files: z.array(z.string()),
});

function parseArgs(argv: readonly string[]): z.infer<typeof argsSchema> {
  const parsed = {
    json: false,
    sensitivity: DEFAULT_WAF_CONFIG.sensitivityScore,
    show: undefined as string | undefined,
    files: [] as string[],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') parsed.json = true;
    else if (arg === '--sensitivity') parsed.sensitivity = Number(argv[++i]);
    else if (arg === '--show') parsed.show = argv[++i];
    else parsed.files.push(arg);
  }
  return argsSchema.parse(parsed);
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const files = args.files.length > 0 ? args.files : defaultCorpusFiles(repoRoot);
  const rows = files.flatMap((file) => parseCorpus(readFileSync(file, 'utf8')));
  process.stderr.write(`waf:eval: ${rows.length} rows from ${files.length} file(s), sensitivity ${args.sensitivity}\n`);
  const started = performance.now();
  const report = evaluateRows(
    rows,
    args.sensitivity,
    (outcome) => {
      const wrong =
        outcome.row.label === 'attack' ? !outcome.blocked && args.show === 'fn' : outcome.blocked && args.show === 'fp';
      if (wrong) {
        const d = outcome.decision;
        process.stdout.write(
          `${outcome.row.id}\t${outcome.row.category}\t${d.action}\t${d.score}\t${d.ruleIds.join(',')}\t${outcome.row.method} ${outcome.row.path}?${outcome.row.query.slice(0, 200)}\t${outcome.row.body.slice(0, 200).replace(/\s+/g, ' ')}\n`,
        );
      }
    },
    (done) => process.stderr.write(`  ${done}/${rows.length}\r`),
  );
  const seconds = (performance.now() - started) / 1000;
  process.stderr.write(`\nwaf:eval: done in ${seconds.toFixed(1)} s\n`);
  if (args.show) return;
  console.log(formatTable('overall', { all: report.overall }));
  console.log();
  console.log(formatTable('source', report.bySource));
  console.log();
  console.log(formatTable('category', report.byCategory));
  if (args.json) console.log(JSON.stringify(report));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();

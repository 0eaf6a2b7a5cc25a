import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluateRows, formatTable, parseCorpus, rowToEdgeRequest } from '../../../scripts/waf-eval.ts';

const rows = parseCorpus(readFileSync(new URL('./fixtures/corpus-sample.jsonl', import.meta.url), 'utf8'));

describe('waf:eval', () => {
  it('builds the wire request of a corpus row: lower-cased headers, literal body, loopback client', () => {
    // Prepare
    const row = rows.find((r) => r.method === 'POST' && r.body !== '')!;
    // Act
    const req = rowToEdgeRequest(row);
    // Assess
    expect(req.ip).toBe('127.0.0.1');
    expect(Object.keys(req.headers).every((h) => h === h.toLowerCase())).toBe(true);
    expect(new TextDecoder().decode(req.body)).toBe(row.body);
    expect(req.query).toBe(row.query);
  });

  it('counts every row once overall, per source and per category, with consistent rates', () => {
    // Act
    const report = evaluateRows(rows, 70);
    // Assess
    const attacks = rows.filter((r) => r.label === 'attack').length;
    const { tp, fn, fp, tn, tpr, fpr, balancedAccuracy } = report.overall;
    expect(tp + fn).toBe(attacks);
    expect(fp + tn).toBe(rows.length - attacks);
    expect(tpr).toBeCloseTo(tp / (tp + fn));
    expect(fpr).toBeCloseTo(fp / (fp + tn));
    expect(balancedAccuracy).toBeCloseTo((tpr + 1 - fpr) / 2);
    const sum = (group: Record<string, { tp: number; fp: number; tn: number; fn: number }>) =>
      Object.values(group).reduce((n, c) => n + c.tp + c.fp + c.tn + c.fn, 0);
    expect(sum(report.bySource)).toBe(rows.length);
    expect(sum(report.byCategory)).toBe(rows.length);
    expect(Object.keys(report.bySource).sort()).toEqual([...new Set(rows.map((r) => r.source))].sort());
  });

  it('counts a challenge as blocked and reports each outcome', () => {
    // Prepare
    const seen: string[] = [];
    // Act
    const report = evaluateRows(rows, 70, (o) => {
      expect(o.blocked).toBe(o.decision.action !== 'allow');
      seen.push(o.row.id);
    });
    // Assess
    expect(seen).toEqual(rows.map((r) => r.id));
    expect(report.overall.tp + report.overall.fp).toBe(seen.length - report.overall.tn - report.overall.fn);
  });

  it('blocks the sample UNION SELECT attack and allows the sample package description', () => {
    // Act
    const outcomes = new Map<string, boolean>();
    evaluateRows(rows, 70, (o) => outcomes.set(o.row.id, o.blocked));
    // Assess
    expect(outcomes.get('httpparams-005165')).toBe(true);
    expect(outcomes.get('benign-text-002075')).toBe(false);
  });

  it('prints a table with one line per group', () => {
    // Act
    const table = formatTable('source', evaluateRows(rows, 70).bySource);
    // Assess
    expect(table.split('\n')).toHaveLength(1 + new Set(rows.map((r) => r.source)).size);
    expect(table).toContain('TPR');
  });
});

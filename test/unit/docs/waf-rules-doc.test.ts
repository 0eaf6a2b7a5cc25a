import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rulesTable, WAF_DOC, withRulesTable } from '../../../scripts/waf-rules-doc.ts';
import { ALL_SIGNATURES } from '../../../lambdas/core/waf/signatures/index.ts';

describe('docs/WAF.md rule table', () => {
  it('lists every signature the engine runs, as the code describes it', () => {
    // Prepare
    const doc = readFileSync(WAF_DOC, 'utf8');

    // Act
    const regenerated = withRulesTable(doc, rulesTable());

    // Assess
    expect(regenerated, 'run `npm run docs:waf-rules`').toBe(doc);
  });

  it('gives each signature one row with its level and severity, pipes escaped', () => {
    // Prepare
    const first = ALL_SIGNATURES[0]!;
    const piped = { ...first, id: 'TEST-1', description: 'a | b' };

    // Act
    const table = rulesTable([first, piped]);

    // Assess
    expect(table.split('\n')).toHaveLength(4);
    expect(table).toContain(
      `| ${first.id} | ${first.family} | ${first.threatType} | ${first.level} | ${first.severity} |`,
    );
    expect(table).toContain('a \\| b');
  });

  it('refuses a document without the markers instead of appending a table somewhere', () => {
    expect(() => withRulesTable('# no markers', rulesTable())).toThrow(/markers/);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_EDGE_SETTINGS } from '../../../lambdas/edge/settings.ts';
import { buildAllEdgeBundles, EDGE_ZIP_BUDGET_BYTES } from '../../../lib/edge-bundles.ts';

const outRoot = mkdtempSync(join(tmpdir(), 'edge-bundles-'));
afterAll(() => rmSync(outRoot, { recursive: true, force: true }));

describe('Lambda@Edge bundles', () => {
  const reports = buildAllEdgeBundles({ ...DEVELOPMENT_EDGE_SETTINGS, proxyDomain: 'edge.example.com' }, outRoot);

  it.each(reports.map((r) => [r.name, r]))('%s zips to at most 300 KB (viewer limit is 1 MB)', (_name, report) => {
    // Assess
    expect(report.zippedBytes).toBeGreaterThan(0);
    expect(report.zippedBytes).toBeLessThanOrEqual(EDGE_ZIP_BUDGET_BYTES);
  });

  it('bakes the settings into the bundle instead of reading environment variables', async () => {
    // Prepare
    const { readFileSync } = await import('node:fs');
    const code = readFileSync(join(outRoot, 'viewer-request', 'index.mjs'), 'utf8');

    // Assess
    expect(code).toContain('edge.example.com');
    expect(code).not.toContain('__EDGE_SETTINGS__');
  });
});

/**
 * Bundles the four Lambda@Edge functions to dist/edge/<name>/index.mjs (minified, tree-shaken, settings
 * baked in with esbuild `define`) and prints each one's zipped size against the budget.
 *
 *   npm run build:edge -- --proxy-domain edge.example.com --home-region eu-west-1 [--table edge-gateway]
 *
 * `cdk synth` builds the same bundles itself from CDK context; this script is for inspection and the
 * start-up benchmark.
 */
import { parseArgs } from 'node:util';
import { DEVELOPMENT_EDGE_SETTINGS } from '../lambdas/edge/settings.ts';
import { buildAllEdgeBundles, EDGE_ZIP_BUDGET_BYTES, edgeSettingsFor } from '../lib/edge-bundles.ts';

const { values } = parseArgs({
  options: {
    'proxy-domain': { type: 'string' },
    'home-region': { type: 'string' },
    table: { type: 'string' },
    out: { type: 'string', default: 'dist/edge' },
  },
});

// The same derivation `cdk synth` uses, so the inspected bundles are the deployed ones.
const settings = edgeSettingsFor({
  proxyDomain: values['proxy-domain'] ?? DEVELOPMENT_EDGE_SETTINGS.proxyDomain,
  homeRegion: values['home-region'] ?? DEVELOPMENT_EDGE_SETTINGS.homeRegion,
  tableName: values.table ?? DEVELOPMENT_EDGE_SETTINGS.tableName,
  replicaRegions: [],
});

let over = false;
for (const report of buildAllEdgeBundles(settings, values.out!)) {
  const kb = (report.zippedBytes / 1024).toFixed(1);
  const ok = report.zippedBytes <= EDGE_ZIP_BUDGET_BYTES;
  over ||= !ok;
  console.log(`${report.name.padEnd(16)} ${kb.padStart(7)} KB zipped  ${ok ? 'ok' : 'OVER BUDGET'}  ${report.dir}`);
}
if (over) process.exitCode = 1;

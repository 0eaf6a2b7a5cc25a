import { join } from 'node:path';
import { EDGE_TIMINGS, type EdgeSettings } from '../lambdas/edge/settings.ts';
import { bundleLambda, bundleLambdaCached, zippedSize } from './bundle.ts';
import { type DeploymentSettings, resourceNames } from './settings.ts';

/** The four Lambda@Edge triggers, in the order CloudFront runs them on a cache miss. */
export const EDGE_FUNCTIONS = ['viewer-request', 'origin-request', 'origin-response', 'viewer-response'] as const;
export type EdgeFunctionName = (typeof EDGE_FUNCTIONS)[number];

/** Lambda@Edge's hard limit for viewer triggers is 1 MB zipped; we hold every trigger to this budget. */
export const EDGE_ZIP_BUDGET_BYTES = 300 * 1024;

/** Settings baked into the edge bundles: everything Lambda@Edge would otherwise read from env vars. */
export function edgeSettingsFor(
  settings: Pick<DeploymentSettings, 'proxyDomain' | 'tableName' | 'homeRegion' | 'replicaRegions'>,
): EdgeSettings {
  return {
    proxyDomain: settings.proxyDomain,
    tableName: settings.tableName,
    homeRegion: settings.homeRegion,
    tableRegions: [settings.homeRegion, ...settings.replicaRegions],
    wafEventQueueName: resourceNames(settings).wafEventQueue,
    ...EDGE_TIMINGS,
  };
}

export function edgeEntry(name: EdgeFunctionName): string {
  return `lambdas/edge/${name}.ts`;
}

/** Bundles one trigger with the settings baked in; returns the asset directory. */
export function buildEdgeBundle(name: EdgeFunctionName, settings: EdgeSettings, outRoot?: string): string {
  const define = { __EDGE_SETTINGS__: settings };
  if (outRoot === undefined) return bundleLambdaCached(edgeEntry(name), define);
  return bundleLambda({ entry: edgeEntry(name), outDir: join(outRoot, name), define });
}

export interface EdgeBundleReport {
  name: EdgeFunctionName;
  dir: string;
  zippedBytes: number;
}

export function buildAllEdgeBundles(settings: EdgeSettings, outRoot: string): EdgeBundleReport[] {
  return EDGE_FUNCTIONS.map((name) => {
    const dir = buildEdgeBundle(name, settings, outRoot);
    return { name, dir, zippedBytes: zippedSize(dir) };
  });
}

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import { buildSync } from 'esbuild';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface BundleOptions {
  /** Entry file relative to the repository root, e.g. `lambdas/edge/viewer-request.ts`. */
  entry: string;
  /** Directory (relative to the root or absolute) that will hold only `index.mjs`: one Lambda asset. */
  outDir: string;
  /** Identifier → value, serialised with JSON.stringify: baked-in settings (Lambda@Edge has no env vars). */
  define?: Record<string, unknown>;
  /** Keep a source map beside the bundle (control-plane functions); edge bundles stay lean. */
  sourcemap?: boolean;
}

// ESM output still has CommonJS dependencies inside (the AWS SDK's), which call require().
const REQUIRE_SHIM =
  "import { createRequire as __egCreateRequire } from 'node:module'; const require = __egCreateRequire(import.meta.url);";

/**
 * Bundles one Lambda handler: ESM for Node 22, minified and tree-shaken, with the AWS SDK bundled so the
 * deployed code is exactly the version the tests ran against.
 */
export function bundleLambda(options: BundleOptions): string {
  const outDir = resolve(REPO_ROOT, options.outDir);
  mkdirSync(outDir, { recursive: true });
  const define: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.define ?? {})) define[name] = JSON.stringify(value);
  buildSync({
    entryPoints: [resolve(REPO_ROOT, options.entry)],
    outfile: join(outDir, 'index.mjs'),
    absWorkingDir: REPO_ROOT,
    bundle: true,
    minify: true,
    treeShaking: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    mainFields: ['module', 'main'],
    banner: { js: REQUIRE_SHIM },
    define,
    sourcemap: options.sourcemap ? 'linked' : false,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return outDir;
}

const memo = new Map<string, string>();

/**
 * Bundles into a directory named after the inputs, once per process: synthesising several stacks (or
 * several test apps) reuses the same asset instead of rebuilding it.
 */
export function bundleLambdaCached(entry: string, define: Record<string, unknown> = {}, sourcemap = false): string {
  const hash = createHash('sha256')
    .update(entry)
    .update(JSON.stringify(define))
    .update(String(sourcemap))
    .digest('hex')
    .slice(0, 16);
  const cached = memo.get(hash);
  if (cached && existsSync(join(cached, 'index.mjs'))) return cached;
  const name = entry
    .replace(/^lambdas\//, '')
    .replace(/\.ts$/, '')
    .replace(/[^a-zA-Z0-9]+/g, '-');
  const outDir = bundleLambda({ entry, outDir: join('dist', 'lambda', `${name}-${hash}`), define, sourcemap });
  memo.set(hash, outDir);
  return outDir;
}

/**
 * Bytes of a one-file zip archive holding `index.mjs` at maximum compression (local header + central
 * directory + end record around the deflated data): the figure Lambda@Edge's code-size limits apply to.
 */
export function zippedSize(outDir: string): number {
  const name = 'index.mjs';
  const deflated = deflateRawSync(readFileSync(join(outDir, name)), { level: 9 }).length;
  return 30 + name.length + deflated + 46 + name.length + 22;
}

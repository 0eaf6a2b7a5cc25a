import type { CacheRule } from '../config/cache-config.ts';
import { compileGlob, type GlobMatcher } from './glob.ts';
import { compareCodeUnits, normaliseGlobPattern } from './normalise.ts';

/** Lower priority first; ties go to the older rule, then the id, so the order never depends on storage. */
export function compareCacheRules(a: CacheRule, b: CacheRule): number {
  return a.priority - b.priority || compareCodeUnits(a.createdAt, b.createdAt) || compareCodeUnits(a.id, b.id);
}

export function sortCacheRules(rules: readonly CacheRule[]): CacheRule[] {
  return [...rules].sort(compareCacheRules);
}

// Rule lists are per project and change only with a config version, so compiled globs are reused
// across requests; the map is bounded because patterns come from customers.
const compiled = new Map<string, GlobMatcher>();
const COMPILED_LIMIT = 5000;

function matcherFor(pattern: string): GlobMatcher {
  let matcher = compiled.get(pattern);
  if (!matcher) {
    if (compiled.size >= COMPILED_LIMIT) compiled.clear();
    matcher = compileGlob(normaliseGlobPattern(pattern));
    compiled.set(pattern, matcher);
  }
  return matcher;
}

/** The first rule, in priority order, whose `pathPattern` matches the (normalised) path. */
export function selectCacheRule(rules: readonly CacheRule[], normalisedPath: string): CacheRule | undefined {
  return sortCacheRules(rules).find((rule) => matcherFor(rule.pathPattern).matches(normalisedPath));
}

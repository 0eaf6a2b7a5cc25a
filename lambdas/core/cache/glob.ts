/**
 * Path globs for cache rules: `*` matches any run of characters inside one segment, `**` any run across
 * segments, `?` one character other than `/`. `/**` at the end also matches the bare prefix (`/api/**`
 * matches `/api`), and `/**\/` in the middle also matches a single `/` (`/a/**\/b` matches `/a/b`), as in
 * gitignore-style globs users know.
 *
 * Matching simulates the pattern as an NFA over the path, one character at a time: time is
 * O(path × pattern) with no backtracking, so a hostile pattern or path cannot make matching explode the
 * way a regex built from a glob can.
 */

type Token =
  | { kind: 'char'; char: string }
  | { kind: 'one' }
  | { kind: 'star' }
  | { kind: 'globstar' }
  /** Zero-width: lets the matcher jump forward to `to` (used for the optional `/**` forms). */
  | { kind: 'skip'; to: number };

export interface GlobMatcher {
  readonly pattern: string;
  matches(path: string): boolean;
}

function tokenize(pattern: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === '/' && pattern.startsWith('/**', i) && (i + 3 === pattern.length || pattern[i + 3] === '/')) {
      // `/**` (end) or `/**/` (middle): the segment(s) in between may be absent altogether.
      const trailing = i + 3 === pattern.length;
      const skipIndex = tokens.length;
      tokens.push({ kind: 'skip', to: -1 }, { kind: 'char', char: '/' }, { kind: 'globstar' });
      if (trailing) {
        tokens[skipIndex] = { kind: 'skip', to: skipIndex + 3 };
        i += 3;
      } else {
        // `/**/` ≡ `/` or `/…/`: jump from before the first `/` to the final `/`.
        tokens.push({ kind: 'char', char: '/' });
        tokens[skipIndex] = { kind: 'skip', to: skipIndex + 3 };
        i += 4;
      }
      continue;
    }
    if (c === '*') {
      let run = 1;
      while (pattern[i + run] === '*') run++;
      tokens.push({ kind: run >= 2 ? 'globstar' : 'star' });
      i += run;
      continue;
    }
    tokens.push(c === '?' ? { kind: 'one' } : { kind: 'char', char: c });
    i++;
  }
  return tokens;
}

/** Adds `state` and every state reachable from it without consuming a character. */
function addState(tokens: Token[], active: Uint8Array, state: number): void {
  const stack = [state];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (active[s]) continue;
    active[s] = 1;
    const token = tokens[s];
    if (!token) continue;
    if (token.kind === 'skip') {
      stack.push(s + 1, token.to);
    } else if (token.kind === 'star' || token.kind === 'globstar') {
      stack.push(s + 1);
    }
  }
}

export function compileGlob(pattern: string): GlobMatcher {
  const tokens = tokenize(pattern);
  const accept = tokens.length;
  return {
    pattern,
    matches(path: string): boolean {
      let active = new Uint8Array(accept + 1);
      let next = new Uint8Array(accept + 1);
      addState(tokens, active, 0);
      for (const c of path) {
        next.fill(0);
        let any = false;
        for (let s = 0; s < accept; s++) {
          if (!active[s]) continue;
          const token = tokens[s]!;
          switch (token.kind) {
            case 'char':
              if (token.char === c) {
                addState(tokens, next, s + 1);
                any = true;
              }
              break;
            case 'one':
              if (c !== '/') {
                addState(tokens, next, s + 1);
                any = true;
              }
              break;
            case 'star':
              if (c !== '/') {
                addState(tokens, next, s);
                any = true;
              }
              break;
            case 'globstar':
              addState(tokens, next, s);
              any = true;
              break;
            case 'skip':
              break;
          }
        }
        if (!any) return false;
        [active, next] = [next, active];
      }
      return active[accept] === 1;
    },
  };
}

export function matchGlob(pattern: string, path: string): boolean {
  return compileGlob(pattern).matches(path);
}

/**
 * Why a cache-rule pattern is refused, or undefined when it is usable. Syntax other glob dialects give a
 * meaning to (`[a-z]`, `{a,b}`) would be matched literally here and silently never
 * match, so it is refused rather than accepted; so are whitespace and control characters, which never
 * appear raw in a request path, and runs of three or more `*`, whose meaning differs between dialects.
 */
export function globPatternProblem(pattern: string): string | undefined {
  if (!pattern.startsWith('/')) return 'must start with /';
  if (/\?[^/]*=/.test(pattern)) return 'is matched against the path only: leave the query string out';
  if (/[[\]{}]/.test(pattern)) return 'character classes ([...]) and alternatives ({a,b}) are not supported';
  if (/[\s\p{Cc}]/u.test(pattern)) return 'must not contain whitespace or control characters';
  if (pattern.includes('***')) return 'use * (one segment) or ** (any depth), not three or more *';
  return undefined;
}

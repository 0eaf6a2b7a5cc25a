/**
 * The `matches` dialect of edge-rule path conditions, run by a Thompson NFA (Pike VM without captures):
 * time is O(input length × program size) whatever the pattern, so no pattern can backtrack
 * catastrophically. Features that need backtracking (backreferences, lookarounds) are refused when the
 * rule is created, with a message saying why. Supported: literals, `.`, classes `[a-z]` `[^…]`,
 * `\d \w \s` (and negations), `^ $`, groups `(…)` `(?:…)`, `|`, `* + ? {n} {n,} {n,m}` (lazy `?` suffix
 * accepted; it cannot change whether a pattern matches).
 */

export const MAX_PATTERN_LENGTH = 256;
export const MAX_REPEAT = 100;
export const MAX_PROGRAM_SIZE = 2000;

export class UnsafePatternError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = 'UnsafePatternError';
  }
}

/** Sorted, non-overlapping [from, to] pairs of UTF-16 code units. */
type Ranges = number[];

type Node =
  | { kind: 'empty' }
  | { kind: 'set'; ranges: Ranges }
  | { kind: 'concat'; items: Node[] }
  | { kind: 'alt'; options: Node[] }
  | { kind: 'repeat'; node: Node; min: number; max: number }
  | { kind: 'bol' }
  | { kind: 'eol' };

const MAX_CODE = 0xffff;
const DIGIT: Ranges = [48, 57];
const WORD: Ranges = [48, 57, 65, 90, 95, 95, 97, 122];
const SPACE: Ranges = normalise([
  9, 13, 32, 32, 160, 160, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f, 0x3000,
  0x3000, 0xfeff, 0xfeff,
]);
const DOT: Ranges = complement([10, 10, 13, 13, 0x2028, 0x2029]);

function normalise(pairs: Ranges): Ranges {
  const list: Array<[number, number]> = [];
  for (let i = 0; i < pairs.length; i += 2) list.push([pairs[i]!, pairs[i + 1]!]);
  list.sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  for (const [from, to] of list) {
    const last = out.length - 1;
    if (last > 0 && from <= out[last]! + 1) out[last] = Math.max(out[last]!, to);
    else out.push(from, to);
  }
  return out;
}

function complement(ranges: Ranges): Ranges {
  const sorted = normalise(ranges);
  const out: Ranges = [];
  let next = 0;
  for (let i = 0; i < sorted.length; i += 2) {
    if (sorted[i]! > next) out.push(next, sorted[i]! - 1);
    next = sorted[i + 1]! + 1;
  }
  if (next <= MAX_CODE) out.push(next, MAX_CODE);
  return out;
}

class Parser {
  private pos = 0;
  constructor(private readonly src: string) {}

  parse(): Node {
    const node = this.alternation();
    if (this.pos < this.src.length) this.fail(`unbalanced ')'`);
    return node;
  }

  private fail(message: string, at = this.pos): never {
    throw new UnsafePatternError(`${message} at position ${at}`, at);
  }

  private peek(): string | undefined {
    return this.src[this.pos];
  }

  private alternation(): Node {
    const options = [this.concatenation()];
    while (this.peek() === '|') {
      this.pos++;
      options.push(this.concatenation());
    }
    return options.length === 1 ? options[0]! : { kind: 'alt', options };
  }

  private concatenation(): Node {
    const items: Node[] = [];
    for (let c = this.peek(); c !== undefined && c !== '|' && c !== ')'; c = this.peek()) {
      items.push(this.repetition());
    }
    if (items.length === 0) return { kind: 'empty' };
    return items.length === 1 ? items[0]! : { kind: 'concat', items };
  }

  private repetition(): Node {
    const start = this.pos;
    const atom = this.atom();
    const bounds = this.quantifier();
    if (!bounds) return atom;
    if (atom.kind === 'bol' || atom.kind === 'eol') this.fail('nothing to repeat', start);
    if (this.peek() === '?') this.pos++;
    if (this.peek() === '+' || this.peek() === '*' || this.peek() === '{')
      this.fail('a quantifier cannot follow a quantifier');
    return { kind: 'repeat', node: atom, min: bounds.min, max: bounds.max };
  }

  private quantifier(): { min: number; max: number } | undefined {
    const c = this.peek();
    if (c === '*' || c === '+' || c === '?') {
      this.pos++;
      return { min: c === '+' ? 1 : 0, max: c === '?' ? 1 : Number.POSITIVE_INFINITY };
    }
    if (c !== '{') return undefined;
    const m = /^\{(\d{1,4})(,(\d{0,4}))?\}/.exec(this.src.slice(this.pos));
    if (!m) this.fail(String.raw`'{' must start a quantifier {n}, {n,} or {n,m}; write \{ for a literal brace`);
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] ? Number(m[3]) : Number.POSITIVE_INFINITY;
    if (max < min) this.fail('quantifier range out of order');
    if (min > MAX_REPEAT || (Number.isFinite(max) && max > MAX_REPEAT))
      this.fail(`repeat counts above ${MAX_REPEAT} are not allowed`);
    this.pos += m[0].length;
    return { min, max };
  }

  private atom(): Node {
    const c = this.peek();
    switch (c) {
      case '(':
        return this.group();
      case '[':
        return { kind: 'set', ranges: this.charClass() };
      case '.':
        this.pos++;
        return { kind: 'set', ranges: DOT };
      case '^':
        this.pos++;
        return { kind: 'bol' };
      case '$':
        this.pos++;
        return { kind: 'eol' };
      case '\\':
        return { kind: 'set', ranges: this.escape(false) };
      case '*':
      case '+':
      case '?':
        return this.fail('nothing to repeat');
      default: {
        const code = this.src.charCodeAt(this.pos++);
        return { kind: 'set', ranges: [code, code] };
      }
    }
  }

  private group(): Node {
    const start = this.pos;
    this.pos++;
    if (this.peek() === '?') {
      const head = this.src.slice(this.pos, this.pos + 3);
      if (head.startsWith('?:')) this.pos += 2;
      else if (head.startsWith('?=') || head.startsWith('?!'))
        this.fail('lookahead is not supported (it needs backtracking)', start);
      else if (head.startsWith('?<=') || head.startsWith('?<!'))
        this.fail('lookbehind is not supported (it needs backtracking)', start);
      else if (head.startsWith('?<')) this.fail('named groups are not supported; use (?:...)', start);
      else this.fail('inline flags and other group modifiers are not supported', start);
    }
    const inner = this.alternation();
    if (this.peek() !== ')') this.fail(`unterminated group`, start);
    this.pos++;
    return inner;
  }

  private charClass(): Ranges {
    const start = this.pos;
    this.pos++;
    let negate = false;
    if (this.peek() === '^') {
      negate = true;
      this.pos++;
    }
    const pairs: Ranges = [];
    let first = true;
    while (this.peek() !== ']' || first) {
      if (this.peek() === undefined) this.fail('unterminated character class', start);
      first = false;
      const from = this.classAtom();
      if (this.peek() === '-' && this.src[this.pos + 1] !== ']' && this.src[this.pos + 1] !== undefined) {
        this.pos++;
        const to = this.classAtom();
        if (from.length !== 2 || to.length !== 2 || from[0] !== from[1] || to[0] !== to[1]) {
          this.fail('a class range needs single characters at both ends');
        }
        if (to[0]! < from[0]!) this.fail('class range out of order');
        pairs.push(from[0]!, to[0]!);
      } else {
        pairs.push(...from);
      }
    }
    this.pos++;
    return negate ? complement(pairs) : normalise(pairs);
  }

  private classAtom(): Ranges {
    if (this.peek() === '\\') return this.escape(true);
    const code = this.src.charCodeAt(this.pos++);
    return [code, code];
  }

  private escape(inClass: boolean): Ranges {
    const start = this.pos;
    this.pos++;
    const c = this.src[this.pos++];
    if (c === undefined) this.fail('pattern ends with a lone backslash', start);
    switch (c) {
      case 'd':
        return DIGIT;
      case 'D':
        return complement(DIGIT);
      case 'w':
        return WORD;
      case 'W':
        return complement(WORD);
      case 's':
        return SPACE;
      case 'S':
        return complement(SPACE);
      case 't':
        return [9, 9];
      case 'n':
        return [10, 10];
      case 'r':
        return [13, 13];
      case 'f':
        return [12, 12];
      case 'v':
        return [11, 11];
      case 'x':
      case 'u': {
        const digits = c === 'x' ? 2 : 4;
        const hex = this.src.slice(this.pos, this.pos + digits);
        if (!new RegExp(`^[0-9a-fA-F]{${digits}}$`).test(hex)) this.fail(`\\${c} needs ${digits} hex digits`, start);
        this.pos += digits;
        const code = Number.parseInt(hex, 16);
        return [code, code];
      }
      case 'b':
      case 'B':
        return this.fail(
          inClass ? String.raw`\b inside a class is not supported` : 'word boundaries are not supported',
          start,
        );
      case 'k':
        return this.fail('backreferences are not supported (they need backtracking)', start);
      default:
        if (/[1-9]/.test(c)) return this.fail('backreferences are not supported (they need backtracking)', start);
        if (/[0-9A-Za-z]/.test(c)) return this.fail(`unknown escape \\${c}`, start);
        return [c.charCodeAt(0), c.charCodeAt(0)];
    }
  }
}

const OP_SET = 0;
const OP_SPLIT = 1;
const OP_JMP = 2;
const OP_BOL = 3;
const OP_EOL = 4;
const OP_MATCH = 5;

/** A set test: an ASCII bitmap for the common case plus the ranges for everything else. */
class CharSet {
  private readonly ascii = new Uint32Array(4);
  constructor(private readonly ranges: Ranges) {
    for (let i = 0; i < ranges.length; i += 2) {
      for (let code = ranges[i]!; code <= ranges[i + 1]! && code < 128; code++) {
        this.ascii[code >> 5]! |= 1 << (code & 31);
      }
    }
  }

  has(code: number): boolean {
    if (code < 128) return (this.ascii[code >> 5]! & (1 << (code & 31))) !== 0;
    const r = this.ranges;
    for (let i = 0; i < r.length; i += 2) {
      if (code < r[i]!) return false;
      if (code <= r[i + 1]!) return true;
    }
    return false;
  }
}

class ProgramBuilder {
  readonly ops: number[] = [];
  readonly a: number[] = [];
  readonly b: number[] = [];
  readonly sets: CharSet[] = [];

  finish(): void {
    this.emit(OP_MATCH);
  }

  private emit(op: number, a = 0, b = 0): number {
    if (this.ops.length >= MAX_PROGRAM_SIZE) {
      throw new UnsafePatternError(`pattern expands to more than ${MAX_PROGRAM_SIZE} states; simplify it`, 0);
    }
    this.ops.push(op);
    this.a.push(a);
    this.b.push(b);
    return this.ops.length - 1;
  }

  compile(node: Node): void {
    switch (node.kind) {
      case 'empty':
        return;
      case 'set':
        this.sets.push(new CharSet(node.ranges));
        this.emit(OP_SET, this.sets.length - 1);
        return;
      case 'bol':
        this.emit(OP_BOL);
        return;
      case 'eol':
        this.emit(OP_EOL);
        return;
      case 'concat':
        for (const item of node.items) this.compile(item);
        return;
      case 'alt': {
        const jumps: number[] = [];
        node.options.forEach((option, i) => {
          if (i === node.options.length - 1) {
            this.compile(option);
            return;
          }
          const split = this.emit(OP_SPLIT);
          this.a[split] = this.ops.length;
          this.compile(option);
          jumps.push(this.emit(OP_JMP));
          this.b[split] = this.ops.length;
        });
        for (const j of jumps) this.a[j] = this.ops.length;
        return;
      }
      case 'repeat': {
        for (let i = 0; i < node.min; i++) this.compile(node.node);
        if (!Number.isFinite(node.max)) {
          const split = this.emit(OP_SPLIT);
          this.a[split] = this.ops.length;
          this.compile(node.node);
          this.emit(OP_JMP, split);
          this.b[split] = this.ops.length;
          return;
        }
        const splits: number[] = [];
        for (let i = node.min; i < node.max; i++) {
          const split = this.emit(OP_SPLIT);
          this.a[split] = this.ops.length;
          splits.push(split);
          this.compile(node.node);
        }
        for (const s of splits) this.b[s] = this.ops.length;
        return;
      }
    }
  }
}

export interface SafePattern {
  readonly source: string;
  /** Unanchored search like RegExp#test, in time linear in `input.length`. */
  test(input: string): boolean;
}

class PikeProgram implements SafePattern {
  private readonly ops: Uint8Array;
  private readonly a: Int32Array;
  private readonly b: Int32Array;
  private readonly sets: CharSet[];
  private readonly size: number;
  // Reused between calls: evaluation is synchronous, so one buffer set per pattern is enough.
  private current: Int32Array;
  private next: Int32Array;
  private readonly stack: Int32Array;
  private readonly mark: Uint32Array;
  private generation = 0;

  constructor(
    readonly source: string,
    builder: ProgramBuilder,
  ) {
    this.size = builder.ops.length;
    this.ops = Uint8Array.from(builder.ops);
    this.a = Int32Array.from(builder.a);
    this.b = Int32Array.from(builder.b);
    this.sets = builder.sets;
    this.current = new Int32Array(this.size);
    this.next = new Int32Array(this.size);
    this.stack = new Int32Array(this.size * 2 + 2);
    this.mark = new Uint32Array(this.size);
  }

  /** Adds `pc` and everything reachable from it without consuming input; true when MATCH is reached. */
  private addThread(list: Int32Array, length: number, pc: number, pos: number, inputLength: number): number {
    const { ops, a, b, mark, stack } = this;
    let top = 0;
    stack[top++] = pc;
    while (top > 0) {
      const at = stack[--top]!;
      if (mark[at] === this.generation) continue;
      mark[at] = this.generation;
      switch (ops[at]) {
        case OP_SET:
          list[length++] = at;
          break;
        case OP_JMP:
          stack[top++] = a[at]!;
          break;
        case OP_SPLIT:
          stack[top++] = b[at]!;
          stack[top++] = a[at]!;
          break;
        case OP_BOL:
          if (pos === 0) stack[top++] = at + 1;
          break;
        case OP_EOL:
          if (pos === inputLength) stack[top++] = at + 1;
          break;
        case OP_MATCH:
          return -1;
      }
    }
    return length;
  }

  private nextGeneration(): void {
    if (++this.generation === 0xffffffff) {
      this.mark.fill(0);
      this.generation = 1;
    }
  }

  test(input: string): boolean {
    const n = input.length;
    this.nextGeneration();
    let length = this.addThread(this.current, 0, 0, 0, n);
    if (length < 0) return true;
    for (let pos = 0; pos < n; pos++) {
      const code = input.charCodeAt(pos);
      this.nextGeneration();
      let nextLength = 0;
      for (let i = 0; i < length; i++) {
        const pc = this.current[i]!;
        if (this.sets[this.a[pc]!]!.has(code)) {
          nextLength = this.addThread(this.next, nextLength, pc + 1, pos + 1, n);
          if (nextLength < 0) return true;
        }
      }
      // Unanchored search: a match may start at every position.
      nextLength = this.addThread(this.next, nextLength, 0, pos + 1, n);
      if (nextLength < 0) return true;
      const swap = this.current;
      this.current = this.next;
      this.next = swap;
      length = nextLength;
    }
    return false;
  }
}

/** Compiles a `matches` pattern; throws UnsafePatternError naming the refused feature and its position. */
export function compileSafePattern(source: string): SafePattern {
  if (source.length > MAX_PATTERN_LENGTH) {
    throw new UnsafePatternError(`pattern longer than ${MAX_PATTERN_LENGTH} characters`, MAX_PATTERN_LENGTH);
  }
  const ast = new Parser(source).parse();
  const builder = new ProgramBuilder();
  builder.compile(ast);
  builder.finish();
  return new PikeProgram(source, builder);
}

/** The reason a pattern is refused, or undefined when it is accepted. */
export function checkSafePattern(source: string): string | undefined {
  try {
    compileSafePattern(source);
    return undefined;
  } catch (err) {
    if (err instanceof UnsafePatternError) return err.message;
    throw err;
  }
}

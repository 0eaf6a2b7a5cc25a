/**
 * Normalisation of one inspected value into the views the signatures read. Attackers encode payloads
 * so the origin decodes them but a naive matcher does not, so everything here undoes encodings the way
 * a permissive origin stack would: several percent-decoding rounds (overlong UTF-8 and %uXXXX included),
 * HTML entities, JavaScript escapes, Unicode compatibility forms and case. NUL bytes are kept: a
 * signature looks for them after file names.
 */

const MAX_DECODE_ROUNDS = 4;

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 0x20;
  if (lower >= 97 && lower <= 102) return lower - 87;
  return -1;
}

function isContinuation(byte: number | undefined): byte is number {
  return byte !== undefined && (byte & 0xc0) === 0x80;
}

/**
 * Decodes bytes as UTF-8 but accepts overlong forms (%c0%ae is '.') because some servers historically
 * did, and maps every byte that is not part of a sequence to its Latin-1 character instead of failing.
 */
/** Low six bits of an overlong continuation byte that spell '.' or '/'. */
const OVERLONG_SEPARATOR_BITS = new Set([0x2e, 0x2f]);

function decodeUtf8Lenient(bytes: number[]): string {
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const b1 = bytes[i + 1];
    const b2 = bytes[i + 2];
    const b3 = bytes[i + 3];
    if (b === 0xc1 && isContinuation(b1) && OVERLONG_SEPARATOR_BITS.has(b1 & 0x3f)) {
      // %c1%af: decoders that only checked the lead byte's marker kept the low six bits, '/' or '.';
      // C1 never starts valid UTF-8, so no honest text reads differently.
      out += String.fromCharCode(b1 & 0x3f);
      i += 2;
    } else if (b >= 0xc0 && b < 0xe0 && isContinuation(b1)) {
      out += String.fromCharCode(((b & 0x1f) << 6) | (b1 & 0x3f));
      i += 2;
    } else if (b >= 0xe0 && b < 0xf0 && isContinuation(b1) && isContinuation(b2)) {
      out += String.fromCharCode(((b & 0x0f) << 12) | ((b1 & 0x3f) << 6) | (b2 & 0x3f));
      i += 3;
    } else if (b >= 0xf0 && b < 0xf8 && isContinuation(b1) && isContinuation(b2) && isContinuation(b3)) {
      const cp = ((b & 0x07) << 18) | ((b1 & 0x3f) << 12) | ((b2 & 0x3f) << 6) | (b3 & 0x3f);
      out += cp <= 0x10ffff ? String.fromCodePoint(cp) : '\ufffd';
      i += 4;
    } else if (b >= 0xf8 && b < 0xfe && isContinuation(b1)) {
      // 5- and 6-byte forms are invalid UTF-8, but old decoders folded them (%f8%80%80%80%af is '/').
      const length = b < 0xfc ? 5 : 6;
      let cp = b & (length === 5 ? 0x03 : 0x01);
      let k = 1;
      while (k < length && isContinuation(bytes[i + k])) {
        cp = cp * 64 + (bytes[i + k]! & 0x3f);
        k++;
      }
      out += cp <= 0x10ffff ? String.fromCodePoint(cp) : '\ufffd';
      i += k;
    } else if ((b === 0xc0 || b === 0xc1) && b1 === 0x25) {
      // %c1%25pc: the byte meant to follow is percent-encoded once more, so the lead waits for no '%'.
      i += 1;
    } else if ((b === 0xc0 || b === 0xc1) && b1 !== undefined) {
      // Old IIS decoders ignored the continuation marker bits: %c1%1c is '\\', %c0%2e is '.'.
      out += String.fromCharCode(((b & 0x1f) << 6) | (b1 & 0x3f));
      i += 2;
    } else if (b === 0xc0 || b === 0xc1) {
      // A lone overlong lead byte (%c0.) is dropped, as lenient decoders do, exposing the ASCII after it.
      i += 1;
    } else {
      out += String.fromCharCode(b);
      i += 1;
    }
  }
  return out;
}

/** One round of lenient percent-decoding; malformed escapes stay literal. */
export function percentDecodeOnce(text: string, plusIsSpace: boolean): string {
  if (!text.includes('%')) return plusIsSpace && text.includes('+') ? text.replaceAll('+', ' ') : text;
  let out = '';
  const bytes: number[] = [];
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 37) {
      const h1 = hexValue(text.charCodeAt(i + 1));
      const h2 = hexValue(text.charCodeAt(i + 2));
      if (h1 >= 0 && h2 >= 0) {
        bytes.push(h1 * 16 + h2);
        i += 3;
        continue;
      }
      // `%2%f`: each nibble escaped on its own (dotdotpwn), read before `%fe` could swallow the second
      // nibble; only the readings `.`, `/` and `\` are taken, any other pair stays as it is.
      if (h1 >= 0 && text.charCodeAt(i + 2) === 37) {
        const split = h1 * 16 + hexValue(text.charCodeAt(i + 3));
        if (split === 0x2e || split === 0x2f || split === 0x5c) {
          bytes.push(split);
          i += 4;
          continue;
        }
      }
      const u = text.charCodeAt(i + 1) | 0x20;
      if (u === 117) {
        const d = [2, 3, 4, 5].map((k) => hexValue(text.charCodeAt(i + k)));
        if (d.every((v) => v >= 0)) {
          if (bytes.length) out += decodeUtf8Lenient(bytes.splice(0));
          out += String.fromCharCode(d[0]! * 4096 + d[1]! * 256 + d[2]! * 16 + d[3]!);
          i += 6;
          continue;
        }
      }
    }
    if (bytes.length) out += decodeUtf8Lenient(bytes.splice(0));
    out += plusIsSpace && code === 43 ? ' ' : text[i];
    i += 1;
  }
  if (bytes.length) out += decodeUtf8Lenient(bytes);
  return out;
}

const NAMED_ENTITIES: Record<string, string> = {
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  amp: '&',
  colon: ':',
  semi: ';',
  tab: '\t',
  newline: '\n',
  lpar: '(',
  rpar: ')',
  sol: '/',
  bsol: '\\',
  comma: ',',
  period: '.',
  excl: '!',
  num: '#',
  equals: '=',
  nbsp: ' ',
  grave: '`',
  lsqb: '[',
  rsqb: ']',
  lcub: '{',
  rcub: '}',
  lbrace: '{',
  rbrace: '}',
  lbrack: '[',
  rbrack: ']',
  ast: '*',
  plus: '+',
  percnt: '%',
  quest: '?',
  dollar: '$',
  vert: '|',
};

// Leading zeros are allowed in any number, as browsers read them (`&#0000000123;` is `{`).
const ENTITY = /&(?:#(x0{0,64}[0-9a-f]{1,6}|0{0,64}\d{1,7})|([a-z]{2,7}));?/gi;

export function decodeHtmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, numeric: string | undefined, name: string | undefined) => {
    if (numeric !== undefined) {
      const cp =
        numeric[0] === 'x' || numeric[0] === 'X' ? Number.parseInt(numeric.slice(1), 16) : Number.parseInt(numeric, 10);
      return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
    }
    return NAMED_ENTITIES[(name ?? '').toLowerCase()] ?? whole;
  });
}

const JS_ESCAPE = /\\(?:u\{([0-9a-f]{1,6})\}|u([0-9a-f]{4})|x([0-9a-f]{2}))/gi;

export function decodeJsEscapes(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(JS_ESCAPE, (_w, braced: string | undefined, u4: string | undefined, x2: string | undefined) => {
    const cp = Number.parseInt(braced ?? u4 ?? x2 ?? '0', 16);
    return cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
  });
}

/** A UTF-7 shifted run of an ASCII character: code units below 0x100 always start with base64 `A`. */
const UTF7_RUN = /\+(A[A-Za-z0-9+/]{1,63})-/g;
const BASE64_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * UTF-7 (`+ADw-script+AD4-`): a page served or sniffed as UTF-7 runs it as `<script>`. A run is decoded
 * only when it is closed by `-`, its padding bits are zero and it spells printable ASCII, so `C++ADT-`
 * or `+ADD` in ordinary text stay as they are.
 */
function decodeUtf7(text: string): string {
  return text.replace(UTF7_RUN, (whole, run: string) => {
    let bits = 0;
    let width = 0;
    let out = '';
    for (const c of run) {
      bits = ((bits << 6) | BASE64_DIGITS.indexOf(c)) & 0xffffff;
      width += 6;
      if (width >= 16) {
        width -= 16;
        const unit = (bits >> width) & 0xffff;
        if (unit < 0x20 || unit > 0x7e) return whole;
        out += String.fromCharCode(unit);
      }
    }
    // UTF-7 pads the last unit with zero bits; anything else is not UTF-7.
    return out === '' || (bits & ((1 << width) - 1)) !== 0 ? whole : out;
  });
}

const NON_ASCII = /[^\u0000-\u007f]/;
const LOOKALIKE_MAP: Record<string, string> = {
  '\u2215': '/',
  '\u2044': '/',
  '\u29f8': '/',
  '\u2216': '\\',
  '\u29f5': '\\',
  '\u29f9': '\\',
  '\u2024': '.',
  '\uf025': '\\',
  // Private-use code points that Windows best-fit mapping turns into path separators (dotdotpwn lists).
  '\uefc8': '/',
};
const LOOKALIKES = /[\u2215\u2044\u29f8\u2216\u29f5\u29f9\u2024\uf025\uefc8]/g;

/**
 * Fully decodes a value and folds case. `urlEncoded` says whether '+' means space (query strings and
 * form bodies) in the first round.
 */
export function normalizeValue(raw: string, urlEncoded: boolean): string {
  let text = raw;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let next = percentDecodeOnce(text, urlEncoded && round === 0);
    next = decodeJsEscapes(decodeHtmlEntities(next));
    if (next === text) break;
    text = next;
  }
  if (text.includes('+A')) text = decodeUtf7(text);
  // Full-width and other compatibility forms (＜script＞) are folded to ASCII by NFKC; slash and dot
  // look-alikes that NFKC keeps are folded by hand because Windows path APIs accept some of them.
  if (NON_ASCII.test(text)) text = text.normalize('NFKC').replace(LOOKALIKES, (c) => LOOKALIKE_MAP[c] ?? c);
  return text.toLowerCase();
}

const SQL_LINE_COMMENT = /(?:#|--)[^\n]{0,200}\n/g;
const SQL_BLOCK_COMMENT = /\/\*!?\d{0,6}|\*\//g;
/**
 * A plain block comment: the database ignores its content, so it goes entirely (`DROP/*x*\/TABLE` is
 * `drop table`). MySQL and MariaDB executable comments (an exclamation mark first) keep theirs.
 */
const SQL_PLAIN_COMMENT = /\/\*(?!!|m!)[^*]{0,200}\*\//g;
/** Whitespace that is not already one plain space: a longer run, or any tab, newline or NBSP. */
const WHITESPACE_RUN =
  /(?: [\s\u000b\u00a0]|[\t\n\r\f\u000b\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff])[\s\u000b\u00a0]*/g;
const NEEDS_WHITESPACE_FOLD =
  /(?: [\s\u000b\u00a0]|[\t\n\r\f\u000b\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff])/;

/** Typographic quotes, the prime and an en dash: see foldTypographicQuotes. */
const TYPOGRAPHIC = /[\u2018\u2019\u2032\u02bc\u201c\u201d\u2013]|\u0301/;
/** A single typographic quote that is not an apostrophe inside a word (it's, what’s stay as they are). */
const TYPOGRAPHIC_SINGLE = /(?<![a-z])(?:[\u2018\u2019\u2032\u02bc]| ?\u0301)|[\u2018\u2019\u2032\u02bc](?![a-z])/g;
const TYPOGRAPHIC_DOUBLE = /[\u201c\u201d]/g;
/** An en dash that ends the value: payload lists write `'1′='1–` where `--` was meant. */
const TRAILING_EN_DASH = /\u2013\s{0,10}$/;

/**
 * Some client collations and ORMs map ’ ‘ ′ ʼ ´ and “ ” onto ASCII quotes before the query reaches the
 * database, and payload lists use them (`1′) and '1′='1–`, `’ or ‘1’=’1`). The SQL view reads them as
 * `'` and `"` except an apostrophe between two letters (prose: you’re, it’s); `´` reaches here as a space
 * and a combining acute (its NFKC form). A trailing en dash reads as `--`.
 */
function foldTypographicQuotes(text: string): string {
  return text.replace(TYPOGRAPHIC_SINGLE, "'").replace(TYPOGRAPHIC_DOUBLE, '"').replace(TRAILING_EN_DASH, '--');
}

/**
 * The SQL view: comments become token separators (MySQL treats `UNION/**\/SELECT` and
 * `/*!50000SELECT*\/` as plain SQL; a plain comment's content is dropped) and every whitespace run is one space.
 */
export function toSqlView(normalized: string): string {
  let text = normalized;
  if (TYPOGRAPHIC.test(text)) text = foldTypographicQuotes(text);
  if (text.includes('\n') && (text.includes('#') || text.includes('--'))) text = text.replace(SQL_LINE_COMMENT, ' ');
  if (text.includes('/*') || text.includes('*/'))
    text = text.replace(SQL_PLAIN_COMMENT, ' ').replace(SQL_BLOCK_COMMENT, ' ');
  return NEEDS_WHITESPACE_FOLD.test(text) ? text.replace(WHITESPACE_RUN, ' ') : text;
}

const SLASH_RUN = /\/{2,}/g;
const DOT_SEGMENT = /\/(?:\.\/)+/g;

/** The path view: backslashes are separators (Windows, IIS), repeated slashes and `./` segments collapse. */
const HEX_LITERAL_PATH_CHAR = /0x(?:2e|2f|5c)/g;
const HEX_LITERAL_CHARS: Record<string, string> = { '0x2e': '.', '0x2f': '/', '0x5c': '/' };

/** `%2%e`: each nibble escaped on its own, which some decoders reassemble into `%2e`. */
const SPLIT_NIBBLE_ESCAPE = /%([0-9a-f])%([0-9a-f])/g;
/** `..2f`: a hex code without its percent sign right after dots. */
const BARE_HEX_SEPARATOR = /(?<=\.)(?:2f|5c)/g;
/** Control characters left over from broken overlong sequences; 0x1c is what `%c0%9c` (meant as `\`) folds to. */
const PATH_CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f]/g;
const HAS_PATH_CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f]/;
/** An escape with a non-hex digit (`%qf`, `%9v`, `%pc`, `%8s`, `%bg`): see iisLenientEscape. */
const IIS_LENIENT_ESCAPE = /%(?=[0-9a-z]{0,1}[g-z])([0-9a-z])([0-9a-z])/g;
/** NUL between dots (`.%00.`): filters that strip NUL bytes join the dots into `..`. */
const NUL_BETWEEN_DOTS = /(?<=\.)\u0000+(?=\.)/g;

/**
 * Old IIS converted hex digits without validating them (a letter counted as its distance from 'a' plus
 * 10) and kept the low six bits of the overlong byte it built, so `%c0%qf` and `%c0%9v` reached the file
 * system as '/', and `%c1%pc` and `%c1%8s` as '\' (dotdotpwn lists all of them). Only separator and dot
 * readings are folded; any other escape with a non-hex digit stays as it is.
 */
function iisLenientEscape(match: string, a: string, b: string): string {
  const digit = (c: string): number => (c <= '9' ? c.charCodeAt(0) - 48 : c.charCodeAt(0) - 87);
  const bits = (digit(a) * 16 + digit(b)) & 0x3f;
  if (bits === 0x2f || bits === 0x1c) return '/';
  if (bits === 0x2e) return '.';
  // %bg is 0xc0, an overlong lead byte with nothing of its own: dropped like a lone %c0.
  return bits === 0 ? '' : match;
}
/** A segment like `??` or `.?`: the Windows wildcard `?` matches the dots of `..`. */
const WILDCARD_DOTS = /(?<![^/])(?=[.?]{0,2}\?)[.?]{2,3}(?![^/])/g;

export function toPathView(normalized: string): string {
  let text = normalized;
  // dotdotpwn-style 0x2e0x2e0x5c: some file APIs are handed hex-escaped separators.
  if (text.includes('0x')) text = text.replace(HEX_LITERAL_PATH_CHAR, (m) => HEX_LITERAL_CHARS[m] ?? m);
  if (text.includes('%')) {
    text = text.replace(SPLIT_NIBBLE_ESCAPE, (_m, a: string, b: string) =>
      String.fromCharCode(Number.parseInt(a + b, 16)),
    );
    if (text.includes('%')) text = text.replace(IIS_LENIENT_ESCAPE, iisLenientEscape);
  }
  if (text.includes('\u0000')) text = text.replace(NUL_BETWEEN_DOTS, '');
  if (text.includes('.2f') || text.includes('.5c')) text = text.replace(BARE_HEX_SEPARATOR, '/');
  if (HAS_PATH_CONTROL.test(text)) text = text.replace(PATH_CONTROL, (c) => (c === '\u001c' ? '/' : ''));
  if (text.includes('\\')) text = text.replaceAll('\\', '/');
  if (text.includes('?')) text = text.replace(WILDCARD_DOTS, '..');
  if (text.includes('//')) text = text.replace(SLASH_RUN, '/');
  if (text.includes('/./')) text = text.replace(DOT_SEGMENT, '/');
  return text;
}

const SHELL_IFS = /\$\{?ifs(?:%[^}\s]{0,4})?\}?/g;
/**
 * Expansions that are empty (or a number nobody checks) in a non-interactive shell, used to split a
 * command word: `c$@at`, `pi$()ng`, `wh\`\`oami`, `una$$me`.
 */
const SHELL_EMPTY_EXPANSION = /\$\{?[*@#?!_$-]\}?|\$\(\)|\x60\x60/g;
const SHELL_QUOTES_IN_WORD = /(?<=[a-z0-9/])(?:''|""|\\|'(?=[a-z0-9]))/g;

/**
 * The shell view: `${IFS}` is a space and quotes or backslashes inside a word vanish, as the shell
 * would do (`c'a't /etc/pa''sswd` runs `cat /etc/passwd`).
 */
export function toShellView(normalized: string): string {
  let text = normalized;
  // A literal \n in a payload becomes a newline once echo -e or printf interprets it.
  if (text.includes('\\')) text = text.replace(/\\[nr]/g, '\n');
  if (text.includes('$')) text = text.replace(SHELL_IFS, ' ');
  if (text.includes('$') || text.includes('``')) text = text.replace(SHELL_EMPTY_EXPANSION, '');
  if (text.includes("'") || text.includes('"') || text.includes('\\')) text = text.replace(SHELL_QUOTES_IN_WORD, '');
  return text;
}

const BASE64_TOKEN = /^[A-Za-z0-9+/_-]{8,4096}(?:=|%3[dD]){0,2}$/;
const BASE64_PADDING = /(?:=|%3[dD])+$/;
const HAS_UPPER = /[A-Z]/;
const HAS_LOWER = /[a-z]/;

/**
 * The base64 view: a value that is one mixed-case base64 token (gadget chains and serialized objects
 * travel this way) decoded at all four alignments — a fragment cut out of a longer base64 string
 * decodes cleanly once the missing leading characters are made up — one reading per line, lower-cased.
 * Empty for anything else. Reads the raw value because base64 is case-sensitive.
 */
export function toBase64View(raw: string): string {
  if (raw.length < 8 || !BASE64_TOKEN.test(raw) || !HAS_UPPER.test(raw) || !HAS_LOWER.test(raw)) return '';
  const body = raw.replace(BASE64_PADDING, '').replaceAll('-', '+').replaceAll('_', '/');
  const readings: string[] = [];
  for (const shift of ['', 'A', 'AA', 'AAA']) {
    let token = shift + body;
    if (token.length % 4 === 1) token = token.slice(0, -1);
    token += '='.repeat((4 - (token.length % 4)) % 4);
    try {
      readings.push(atob(token));
    } catch {
      // Not decodable at this alignment.
    }
  }
  return readings.join('\n').toLowerCase();
}

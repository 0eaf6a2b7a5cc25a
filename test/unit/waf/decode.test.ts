import { describe, expect, it } from 'vitest';
import {
  decodeHtmlEntities,
  decodeJsEscapes,
  normalizeValue,
  percentDecodeOnce,
  toBase64View,
  toPathView,
  toShellView,
  toSqlView,
} from '../../../lambdas/core/waf/decode.ts';

describe('WAF decoding', () => {
  it.each([
    ['repeated percent-encoding', '%252e%252e%252f', false, '../'],
    ['%u escapes', '%u003cscript%u003e', false, '<script>'],
    ['overlong UTF-8', '%c0%ae%c0%ae%c0%af', false, '../'],
    ['5-byte overlong UTF-8', '%f8%80%80%80%af', false, '/'],
    ['plus as space in query values', 'a+b', true, 'a b'],
    ['HTML entities, numeric and named', '&#x3C;&#60&lt;&colon;', false, '<<<:'],
    ['JS escapes', '\\u003c\\x3c\\u{3c}', false, '<<<'],
    ['full-width forms', '\uFF1CSCRIPT\uFF1E', false, '<script>'],
    ['slash look-alikes', '..\u2215..\u2216', false, '../..\\'],
    ['case', 'UnIoN SeLeCt', false, 'union select'],
  ])('undoes %s', (_name, raw, urlEncoded, expected) => {
    // Act
    const decoded = normalizeValue(raw, urlEncoded);
    // Assess
    expect(decoded).toBe(expected);
  });

  it('keeps malformed escapes literally instead of failing', () => {
    // Act / Assess
    expect(percentDecodeOnce('100% sure %zz %u12', false)).toBe('100% sure %zz %u12');
    expect(decodeHtmlEntities('&unknown; &amp')).toBe('&unknown; &');
    expect(decodeJsEscapes('C:\\temp\\xyz')).toBe('C:\\temp\\xyz');
  });

  it('turns SQL comments into separators and collapses whitespace in the SQL view', () => {
    // Act / Assess
    expect(toSqlView('1/**/union/*!50000select*/\t\n1')).toBe('1 union select 1');
    expect(toSqlView('1 union#x\nselect 1')).toBe('1 union select 1');
  });

  it('normalises separators in the path view', () => {
    // Act / Assess
    expect(toPathView('..\\..//./etc/./passwd')).toBe('../../etc/passwd');
    expect(toPathView('0x2e0x2e0x2fetc')).toBe('../etc');
  });

  it('removes shell quoting tricks in the shell view', () => {
    // Act / Assess
    expect(toShellView(`c'a't\${ifs}/etc/pa\\sswd`)).toBe('cat /etc/passwd');
  });
});

describe('WAF path view: dotdotpwn-style separators', () => {
  it.each([
    ['split-nibble escapes', '%2%e%2%e%2%fetc%2%fpasswd', '../etc/passwd'],
    ['bare hex after dots', '..2f..2fetc2fpasswd', '../../etc2fpasswd'],
    ['control bytes from broken overlong sequences', '..\u0001/..\u001cboot.ini', '../../boot.ini'],
    ['Windows wildcards standing in for dots', '.?/??/etc/issue', '../../etc/issue'],
  ])('folds %s', (_name, input, expected) => {
    // Act
    const view = toPathView(input);
    // Assess
    expect(view).toBe(expected);
  });

  it('keeps a question mark that is part of a file name', () => {
    // Act
    const view = toPathView('docs/what?.md');
    // Assess
    expect(view).toBe('docs/what?.md');
  });

  it.each([
    ['the C1 overlong slash', '..%c1%af..%c1%afetc%c1%afpasswd', '../../etc/passwd'],
    ['IIS non-hex digits meant as a slash', '..%c0%25qf..%c0%259vboot.ini', '../../boot.ini'],
    ['IIS non-hex digits meant as a backslash', '.%2e%c1%25pc.%2e%c1%258swindows', '../../windows'],
    ['the %bg%qf pair', '..%25bg%25qf..%25bg%25qfetc', '../../etc'],
    ['NUL bytes between dots', '.%00.%2F.%00.%2Fetc', '../../etc'],
  ])('folds %s into a traversal in the path view', (_name, raw, expected) => {
    // Act
    const view = toPathView(normalizeValue(raw, true));
    // Assess
    expect(view).toBe(expected);
  });

  it('leaves percent signs before ordinary words and a NUL after a file name alone in the path view', () => {
    // Act
    const views = ['100%good', 'save 50%now', 'report.pdf%00.txt', 'a%c1%b5b'].map((raw) =>
      toPathView(normalizeValue(raw, true)),
    );
    // Assess
    expect(views).toEqual(['100%good', 'save 50%now', 'report.pdf\u0000.txt', 'aub']);
  });
});

describe('WAF base64 view', () => {
  it('decodes a mixed-case token at every alignment', () => {
    // Act
    const view = toBase64View('HJ1bnRpbWU');
    // Assess
    expect(view.split('\n').some((reading) => reading.includes('runtime'))).toBe(true);
  });

  it('is empty for words, hex ids and JWTs', () => {
    // Act
    const views = ['password123', '5f2b9c0e8a1d4e7f', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc'].map(toBase64View);
    // Assess
    expect(views).toEqual(['', '', '']);
  });
});

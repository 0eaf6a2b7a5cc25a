import { describe, expect, it } from 'vitest';
import { normalizeValue, toBase64View, toPathView, toShellView, toSqlView } from '../../../lambdas/core/waf/decode.ts';
import { ALL_SIGNATURES, inspectRequest } from '../../../lambdas/core/waf/index.ts';
import { get, post, waf } from './helpers.ts';

const SIZE = 64 * 1024;

/** Long runs of the characters the patterns key on, alone and interleaved, with no terminator. */
const ADVERSARIAL: Record<string, string> = {
  letters: 'a'.repeat(SIZE),
  digits: '1'.repeat(SIZE),
  angles: '<'.repeat(SIZE),
  tagOpeners: '<a '.repeat(SIZE / 3),
  quotes: "'".repeat(SIZE),
  doubleQuotes: '"'.repeat(SIZE),
  quoteOr: "' or ".repeat(SIZE / 5),
  spaces: ' '.repeat(SIZE),
  percent: '%'.repeat(SIZE),
  percentHex: '%2'.repeat(SIZE / 3),
  dots: '.'.repeat(SIZE),
  dotSlash: '../'.repeat(SIZE / 3),
  slashes: '/'.repeat(SIZE),
  backslashes: '\\'.repeat(SIZE),
  braces: '{{'.repeat(SIZE / 2),
  dollars: '${'.repeat(SIZE / 2),
  semicolons: ';'.repeat(SIZE),
  pipes: '|'.repeat(SIZE),
  backticks: '`'.repeat(SIZE),
  parens: '('.repeat(SIZE),
  selects: 'select '.repeat(SIZE / 7),
  onHandlers: ' onx'.repeat(SIZE / 4),
  entities: '&#'.repeat(SIZE / 2),
  mixed: "<a href='x' onx ( select ; cat ../ ${ {{ %u".repeat(SIZE / 40),
  doubleEncoded: '%25'.repeat(SIZE / 3),
  base64Like: 'Ab9+'.repeat(1000),
  numbersAndQuotes: "1'".repeat(SIZE / 2),
  unclosedAttributes: '<a x="'.repeat(SIZE / 6),
  attributeNames: ' x='.repeat(SIZE / 3),
  cdataOpeners: '<![CDATA['.repeat(SIZE / 9),
  commentOpeners: '<!--'.repeat(SIZE / 4),
  doctypeSubsets: '<!DOCTYPE ['.repeat(SIZE / 11),
};

/** Each view from the raw value and its normalised text, as the engine computes them. */
const VIEWS = {
  text: (_raw: string, text: string) => text,
  sql: (_raw: string, text: string) => toSqlView(text),
  path: (_raw: string, text: string) => toPathView(text),
  shell: (_raw: string, text: string) => toShellView(text),
  base64: (raw: string) => toBase64View(raw),
  raw: (raw: string) => raw,
};

describe('WAF signatures under adversarial input', () => {
  it('every signature finishes on every 64 KB adversarial input', () => {
    // Prepare
    const inputs = Object.values(ADVERSARIAL).map((raw) => [raw, normalizeValue(raw, true)] as const);
    let evaluated = 0;
    // Act
    for (const signature of ALL_SIGNATURES) {
      for (const input of inputs) {
        const result = signature.test(VIEWS[signature.view](...input));
        expect(typeof result).toBe('boolean');
        evaluated++;
      }
    }
    // Assess
    expect(evaluated).toBe(ALL_SIGNATURES.length * inputs.length);
  });

  it.each(Object.entries(ADVERSARIAL))(
    'the whole engine returns a decision for %s in every input place',
    (_name, payload) => {
      // Prepare
      const paranoid = waf({ sensitivityScore: 100 });
      const query = `q=${encodeURIComponent(payload)}`;
      const requests = [
        get(`/search?${query}`),
        post('application/json', JSON.stringify({ body: payload })),
        post('text/plain', payload),
        post('application/xml', `<?xml version="1.0"?><r a="${payload}">${payload}</r>`),
        post('application/xml', payload),
        get('/', { 'user-agent': payload, cookie: `s=${payload}` }),
      ];
      // Act
      const decisions = requests.map((req) => inspectRequest(paranoid, req));
      // Assess
      for (const decision of decisions) expect(['allow', 'challenge', 'block']).toContain(decision.action);
    },
  );
});

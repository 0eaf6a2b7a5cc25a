import { describe, expect, it } from 'vitest';
import type { EdgeRequest } from '../../../lambdas/core/edge-request.ts';
import { inspectRequest } from '../../../lambdas/core/waf/index.ts';
import { base64Spellings } from '../../../lambdas/core/waf/signatures/injection.ts';
import { get, json, post, waf } from './helpers.ts';

const balanced = waf();

function expectDetected(req: EdgeRequest, ruleId: string): void {
  // Act
  const decision = inspectRequest(balanced, req);
  // Assess
  expect(decision.action).not.toBe('allow');
  expect(decision.ruleIds).toContain(ruleId);
}

function expectAllowed(req: EdgeRequest): void {
  // Act
  const decision = inspectRequest(balanced, req);
  // Assess
  expect(decision.ruleIds).toEqual([]);
  expect(decision.action).toBe('allow');
}

const xml = (inner: string) => post('application/xml', `<?xml version="1.0"?><doc>${inner}</doc>`);
const text = (body: string) => post('text/plain', body);

describe('Java deserialization payloads in base64 (JAVA-150, JAVA-151)', () => {
  it('spells a word in base64 at each of the three byte alignments', () => {
    // Act
    const spellings = base64Spellings('runtime');
    // Assess
    expect(spellings).toEqual(['cnVudGltZ', 'J1bnRpbW', 'ydW50aW1l']);
  });

  it.each([
    [
      'a serialized stream header inside an XML element',
      xml('<data>rO0ABXNyABdqYXZhLnV0aWwuUHJpb3JpdHlRdWV1ZQ</data>'),
    ],
    ['the header shifted by one byte in a JSON value', json({ state: 'AKztAAUAAHNy' })],
    ['the header shifted by two bytes in a text body', text('blob=AACs7QAFc3IA')],
    ['InvokerTransformer spelt in base64 in an XML element', xml(`<v>xx${btoa('InvokerTransformer')}</v>`)],
    ['a lower-case gadget name at an odd alignment in a cookie', get('/', { cookie: `s=${btoa('\0whileclosure')}` })],
  ])('blocks %s at sensitivity 70', (_name, req) => {
    expectDetected(req, 'JAVA-150');
  });

  it('challenges Runtime spelt in base64 inside an XML attribute at sensitivity 70', () => {
    expectDetected(xml(`<e a="${btoa('\0\0java.lang.Runtime')}"/>`), 'JAVA-151');
  });

  it.each([
    ['the shifted header bytes as an XML element name', xml('<Cs7QAF>1</Cs7QAF>')],
    ['the header bytes as an XML attribute name', xml('<e KztAAU="1"/>')],
    ['an ordinary base64 image in JSON', json({ avatar: btoa('\x89PNG\r\n\x1a\n plain bytes of a picture') })],
    ['a base64 JWT-like token of ordinary JSON', get(`/?t=${btoa('{"sub":"42","name":"Ada"}')}`)],
  ])('allows %s', (_name, req) => {
    expectAllowed(req);
  });
});

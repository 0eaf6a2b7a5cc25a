import { describe, expect, it } from 'vitest';
import { inspectRequest, MAX_INSPECTED_BODY_BYTES } from '../../../lambdas/core/waf/index.ts';
import { post, waf } from './helpers.ts';

const balanced = waf();
const UNION = "1' UNION SELECT password FROM users--";

describe('WAF body parsing', () => {
  it('inspects JSON keys and nested values and names their location', () => {
    // Prepare
    const req = post(
      'application/json',
      JSON.stringify({ a: [{ b: { c: UNION } }], '<img src=x onerror=alert(1)>': 1 }),
    );
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    const locations = decision.matches.map((m) => m.location);
    expect(locations).toContain('body.json:a[0].b.c');
    expect(locations.some((l) => l.startsWith('body.json-key:'))).toBe(true);
  });

  it('inspects urlencoded form fields after decoding them', () => {
    // Act
    const decision = inspectRequest(
      balanced,
      post('application/x-www-form-urlencoded', `a=1&q=${encodeURIComponent(UNION)}`),
    );
    // Assess
    expect(decision.action).toBe('block');
    expect(decision.matches[0]?.location).toBe('body.form:q');
  });

  it('inspects multipart text parts and file names but skips binary parts', () => {
    // Prepare
    const boundary = 'XyZ';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="comment"',
      '',
      UNION,
      `--${boundary}`,
      'Content-Disposition: form-data; name="upload"; filename="../../etc/passwd"',
      'Content-Type: image/png',
      '',
      '<script>alert(1)</script>',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    // Act
    const decision = inspectRequest(balanced, post(`multipart/form-data; boundary=${boundary}`, body));
    // Assess
    const locations = decision.matches.map((m) => m.location);
    expect(locations).toContain('body.multipart:comment');
    expect(locations).toContain('body.multipart-filename:upload');
    expect(decision.ruleIds.some((id) => id.startsWith('XSS-'))).toBe(false);
  });

  it('inspects a text body as raw text', () => {
    // Act
    const decision = inspectRequest(balanced, post('text/plain', `hello\n${UNION}`));
    // Assess
    expect(decision.action).toBe('block');
    expect(decision.matches[0]?.location).toBe('body');
  });

  it('reads a body without content type both as a form and as text', () => {
    // Act
    const decision = inspectRequest(balanced, post(undefined, "test=admin'--"));
    // Assess
    expect(decision.action).toBe('block');
    expect(decision.matches.map((m) => m.location)).toContain('body.form:test');
  });

  it('falls back to raw text for broken or truncated JSON, so a payload is still seen', () => {
    // Prepare
    const text = `{"q": "${UNION}", "rest": "…`;
    const req = { ...post('application/json', text), bodyTruncated: true };
    // Act
    const decision = inspectRequest(balanced, req);
    // Assess
    expect(decision.action).toBe('block');
    expect(decision.matches[0]?.location).toBe('body');
  });

  it('ignores what lies beyond the inspected body limit and survives a cut multi-byte character', () => {
    // Prepare
    const filler = 'é'.repeat(MAX_INSPECTED_BODY_BYTES / 2 + 1);
    const beyond = inspectRequest(balanced, post('text/plain', `${filler}${UNION}`));
    const within = inspectRequest(balanced, post('text/plain', `${UNION}${filler}`));
    // Assess
    expect(beyond.action).toBe('allow');
    expect(within.action).toBe('block');
  });
});

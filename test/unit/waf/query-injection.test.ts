import { describe, it } from 'vitest';
import { expectAllowed, expectBlocked, expectDetected, form, get, json } from './helpers.ts';

const q = (value: string) => get(`/directory/search?user=${encodeURIComponent(value)}`);

describe('LDAP filter injection (LDAP-100, LDAP-110)', () => {
  it.each([
    ['a wildcard closed before an OR of all users', '*)(|(uid=*'],
    ['a login closed by the absolute-true filter', 'admin)(&)'],
    ['a wildcard closed before an objectClass test', '*)(objectClass=*'],
    ['a password test cut off after the user', 'jdoe)(|(userPassword=*))'],
  ])('blocks %s at sensitivity 70 (%s)', (_name, value) => {
    expectBlocked(q(value), 'LDAP-100');
  });

  it('blocks a compound filter given as the whole value at sensitivity 70', () => {
    expectBlocked(form('filter=(|(uid=*)(cn=*))'), 'LDAP-110');
  });

  it.each([
    ['a C function pointer call', 'status = (*handler)(&request);'],
    ['a curried call in JavaScript', 'const area = multiply(width)(height);'],
    ['a parenthetical in prose', 'Both options (cheap)(fast) are listed; pick one (or both).'],
  ])('allows %s', (_name, text) => {
    expectAllowed(json({ body: text }));
  });
});

describe('XPath injection (XPATH-100, XPATH-110)', () => {
  it.each([
    ['a predicate break-out into every node', "'] | //* | //*['"],
    ['a double-quoted break-out into a user list', '")] | //user/*[contains(*,"'],
  ])('blocks %s at sensitivity 70 (%s)', (_name, value) => {
    expectBlocked(q(value), 'XPATH-100');
  });

  it.each([
    ['the name of the root element', "' and string-length(name(/*[1]))>0 and '1'='1"],
    ['an axis step to any child node', 'x and count(/child::node())>0'],
  ])('challenges a probe for %s at sensitivity 70', (_name, value) => {
    expectDetected(q(value), 'XPATH-110');
  });

  it.each([
    ['a PHP parent constructor call', 'public function __construct() { parent::__construct(); }'],
    ['a C++ scope', 'std::vector<int> v; v.push_back(1);'],
    ['a regular expression', 'Use a pattern like /a|b/ and [x] | // comment'],
    ['an XPath in documentation of a selector API', 'Select rows with //table/tr[2] in the XPath box.'],
  ])('allows %s', (_name, text) => {
    expectAllowed(json({ body: text }));
  });
});

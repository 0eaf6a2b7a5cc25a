import { regexSignature } from '../signature.ts';
import type { Signature } from '../types.ts';

/*
 * Injection into the other query languages an application builds from input: LDAP search filters
 * (RFC 4515: `(&(uid=…)(userPassword=…))`) and XPath expressions over XML documents. Like SQL
 * injection they rewrite a query the server runs, so they fold under the SQLi toggle, each with its own
 * threatType. Only structure that a filter or a path expression needs is matched: prose and code
 * samples write `)(` (calls of calls, `(*fn)(&x)`) and `::` (C++, PHP `parent::__construct`) too.
 */

export const QUERY_INJECTION_SIGNATURES: readonly Signature[] = [
  regexSignature({
    id: 'LDAP-100',
    family: 'sqli',
    threatType: 'ldap_injection',
    level: 1,
    severity: 5,
    description:
      'LDAP filter break-out: a filter closed and a new one opened with an operator (`*)(|(uid=*`, `admin)(&)`), or a wildcard closed before a new attribute test (`*)(objectClass=*`)',
    view: 'text',
    anyOf: [')('],
    // `(&` / `(|` / `(!` must be followed by another filter or close at once (the absolute true filter
    // `(&)`); C code's `(*fn)(&arg)` continues with a name.
    pattern:
      /\)\s{0,3}\(\s{0,3}[|&!]\s{0,3}(?:\(|\))|\*\s{0,3}\)\s{0,3}\(\s{0,3}\(\s{0,3}[|&!]\s{0,3}[a-z][\w.;-]{0,40}\s{0,3}[~<>]?=|\*\s{0,3}\)\s{0,3}\(\s{0,3}[a-z][\w.;-]{0,40}\s{0,3}[~<>]?=/,
  }),
  regexSignature({
    id: 'LDAP-110',
    family: 'sqli',
    threatType: 'ldap_injection',
    level: 1,
    severity: 5,
    description: 'A value that is itself a compound LDAP filter (`(|(uid=*))`, `(&(objectClass=user)(cn=*))`)',
    view: 'text',
    anyOf: ['(&', '(|', '(!'],
    kinds: ['arg', 'arg-name', 'cookie', 'header'],
    pattern: /^\s{0,3}\(\s{0,3}[|&!]\s{0,3}\(\s{0,3}[a-z][\w.;-]{0,40}\s{0,3}[~<>]?=/,
  }),
  regexSignature({
    id: 'XPATH-100',
    family: 'sqli',
    threatType: 'xpath_injection',
    level: 1,
    severity: 5,
    description: 'XPath predicate break-out into a union with another path (`\'] | //* | //*[\'`, `")] | //user/*["`)',
    view: 'text',
    anyOf: [']'],
    allOf: [['//']],
    pattern: /['"]\s{0,3}\)?\s{0,3}\]\s{0,3}\|\s{0,3}\/\//,
  }),
  regexSignature({
    id: 'XPATH-110',
    family: 'sqli',
    threatType: 'xpath_injection',
    level: 2,
    severity: 4,
    description:
      'XPath document probing: an axis step to any node (`child::node()`, `descendant::*`), or `name()`/`count()`/`string-length()` of the root or its children (`name(/*[1])`, `count(/child::node())`)',
    view: 'text',
    anyOf: ['::', '(/'],
    pattern:
      /\b(?:child|descendant(?:-or-self)?|ancestor(?:-or-self)?|parent|following(?:-sibling)?|preceding(?:-sibling)?|attribute|namespace)::(?:\*|node\s{0,2}\(\s{0,2}\)|text\s{0,2}\(\s{0,2}\))|\b(?:name|local-name|count|string-length)\s{0,2}\(\s{0,2}(?:name\s{0,2}\(\s{0,2})?\/(?:\*|child::|descendant)/,
  }),
];

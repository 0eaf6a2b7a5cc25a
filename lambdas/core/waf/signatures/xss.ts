import { regexSignature } from '../signature.ts';
import type { Signature } from '../types.ts';

/*
 * Cross-site scripting (CRS family 941) and session fixation (943, folded under the XSS toggle because
 * it is injected the same way: markup or script that sets a cookie). Markup alone (<b>, <img src>, a
 * markdown link) is normal content; level-1/2 signatures need something that executes: a script
 * element, an event-handler attribute, a javascript:/vbscript: URL, or a break-out into a new tag.
 */

const EVENT_HANDLERS =
  'abort|activate|afterprint|afterscriptexecute|animation(?:cancel|end|iteration|start)|auxclick|beforeactivate|beforecopy|beforecut|beforedeactivate|beforepaste|beforeprint|beforescriptexecute|beforetoggle|beforeunload|begin|blur|bounce|canplay|canplaythrough|change|click|close|contextmenu|copy|cuechange|cut|dblclick|drag|dragend|dragenter|dragleave|dragover|dragstart|drop|durationchange|end|ended|error|finish|focus|focusin|focusout|formdata|fullscreenchange|hashchange|input|invalid|keydown|keypress|keyup|load|loadeddata|loadedmetadata|loadend|loadstart|message|mousedown|mouseenter|mouseleave|mousemove|mouseout|mouseover|mouseup|mousewheel|offline|online|pagehide|pageshow|paste|pause|play|playing|pointer(?:down|enter|leave|move|out|over|up|rawupdate)|popstate|progress|ratechange|readystatechange|repeat|reset|resize|scroll|scrollend|search|seeked|seeking|select|selectionchange|selectstart|show|start|stalled|storage|submit|suspend|timeupdate|toggle|touch(?:start|end|move|cancel)|transition(?:cancel|end|run|start)|unhandledrejection|unload|volumechange|waiting|wheel';

/** A word with up to 8 whitespace or control characters between its letters (jav&#x0A;ascript:). */
function spaced(word: string): string {
  const gap = '[\\s\\x00-\\x1f]{0,8}';
  return `${[...word].join(gap)}${gap}`;
}

/** A word with up to 8 control characters (tab, newline, NUL…) but no plain space between its letters. */
function controlSplit(word: string): string {
  const gap = '[\\t\\n\\r\\x00-\\x1f]{0,8}';
  return `${[...word].join(gap)}${gap}`;
}

/** Whitespace or a block comment between JavaScript tokens (`document /*x*\/ . cookie`). */
const JS_GAP = String.raw`(?:\s|\/\*[^*]{0,60}\*\/)`;

/** The functions payloads call to prove execution (`alert(1)`); keyword-gate fragments of the sink rules. */
const DIALOG_SINKS = ['alert', 'prompt', 'confirm', 'eval'];
/** Names of the global object a payload indexes into (`top['al'+'ert']`). */
const GLOBAL_OBJECTS = ['window', 'top', 'self', 'parent', 'frames', 'globalthis'];

const JS_EXECUTION = String.raw`(?:[\w$.\[\]'"]{1,80} ?(?:\(|\x60|=)|\/\/|[\[{('"\x60])`;

/**
 * `"><img src=`, `--><svg`, `</title><script`: input that ends the attribute, comment or raw-text
 * element it was placed in and opens new markup. Global only for `breaksOutIntoMarkup`'s scan.
 */
const BREAK_OUT =
  /(?:(["'`] ?\/? ?|--)|<\/(?:title|textarea|style|noscript|xmp|iframe|template) ?)> ?<\/? ?(?:script|img|svg|iframe|body|a|div|input|details|video|audio|style|marquee|object|embed|math|xss|image|frameset|frame|form|button|select|textarea|meta|link|base|isindex|table|td|p|b|h1|title)\b[^>]{0,200}?(?:[\s/]on[a-z]{3,40} ?=|src ?=|href ?=|>|$)/g;

/**
 * A quote or `--` before `>` breaks out only when no tag or comment of the value's own is open there:
 * `<a href="x"><img src=…>` and `<!-- banner --><img …>` are a document's ordinary markup (READMEs,
 * rich-text bodies), while `"><img src=…` must have been written to close markup outside the value.
 */
function breaksOutIntoMarkup(view: string): boolean {
  if (!view.includes('>')) return false;
  BREAK_OUT.lastIndex = 0;
  for (let m = BREAK_OUT.exec(view); m !== null; m = BREAK_OUT.exec(view)) {
    const closesOwnTag = m[1] !== undefined && view.lastIndexOf('<', m.index) > view.lastIndexOf('>', m.index);
    if (!closesOwnTag) return true;
    BREAK_OUT.lastIndex = m.index + 1;
  }
  return false;
}

export const XSS_SIGNATURES: readonly Signature[] = [
  regexSignature({
    id: 'XSS-100',
    family: 'xss',
    threatType: 'xss',
    level: 1,
    severity: 5,
    description: 'Script element',
    view: 'text',
    anyOf: ['<'],
    // A namespace prefix (`<x:script>`) still makes a script element in an XHTML document; a NUL or `%`
    // after `<` (`<%00script>`, `<%script>`) was skipped by old parsers and fools filters.
    pattern: /<[ \x00%]{0,2}\/?[ \x00]?(?:[a-z]{1,10} ?: ?)?script\b[^<]{0,200}?(?:>|$)|<script[\s/]/,
  }),
  regexSignature({
    id: 'XSS-110',
    family: 'xss',
    threatType: 'xss',
    level: 1,
    severity: 5,
    description: 'Tag carrying an event-handler attribute (<img onerror=…>, <svg/onload=…>)',
    view: 'text',
    anyOf: ['<'],
    // A quoted attribute value may hold `>` (`<x 1=">" onxxx=1>`), which fools filters that stop at the first `>`.
    pattern:
      /<[a-z][\w:-]{0,30}\b[^>]{0,400}?[\s/"'`;]on[a-z]{3,40}[^\s=>]{0,60}=|<[a-z][\w:-]{0,30}\s[^>]{0,200}?= ?(?:"[^"]{0,100}>[^"]{0,100}"|'[^']{0,100}>[^']{0,100}')[^>]{0,200}?[\s/"'`;]on[a-z]{3,40}[^\s=>]{0,60}=/,
  }),
  regexSignature({
    id: 'XSS-111',
    family: 'xss',
    threatType: 'xss',
    level: 1,
    severity: 5,
    description: 'Attribute break-out into an event handler (" onmouseover="…)',
    view: 'text',
    anyOf: ["'", '"', '`'],
    allOf: [['on'], ['=']],
    pattern: new RegExp(`["'\`] ?/? ?on(?:${EVENT_HANDLERS}) ?= ?["'\`]? ?${JS_EXECUTION}`),
  }),
  regexSignature({
    id: 'XSS-112',
    family: 'xss',
    threatType: 'xss',
    level: 2,
    severity: 4,
    description: 'Event-handler attribute assignment outside a tag (onerror=alert(1))',
    view: 'text',
    anyOf: ['on'],
    allOf: [['=']],
    pattern: new RegExp(`(?:^|[\\s/;"'\`])on(?:${EVENT_HANDLERS}) ?= ?["'\`]? ?${JS_EXECUTION}`),
  }),
  regexSignature({
    id: 'XSS-120',
    family: 'xss',
    threatType: 'xss',
    level: 1,
    severity: 5,
    description: 'javascript:, vbscript: or livescript: URL running code',
    view: 'text',
    anyOf: [':'],
    pattern: new RegExp(`(?:${spaced('java')}|${spaced('vb')}|live|ecma|mocha)${spaced('script')}: ?${JS_EXECUTION}`),
  }),
  regexSignature({
    id: 'XSS-121',
    family: 'xss',
    threatType: 'xss',
    level: 1,
    severity: 5,
    description:
      'Executable data: URL (data:text/html, data:image/svg+xml, data:…;base64 in src/href) or an mhtml: URL',
    view: 'text',
    anyOf: ['data:', 'mhtml:'],
    // mhtml: made old Internet Explorer render a part of a remote MIME archive in the page's origin.
    pattern:
      /\bdata: ?(?:text\/html|image\/svg\+xml|application\/(?:x-)?(?:javascript|ecmascript|xhtml\+xml)|text\/(?:javascript|xml))\b|\bmhtml: ?(?:https?|file|ftp):/,
  }),
  regexSignature({
    id: 'XSS-114',
    family: 'xss',
    threatType: 'xss',
    level: 2,
    severity: 4,
    description:
      'Attribute-injection probe: a value that opens with whitespace and an event-handler attribute, or ends in a quote and an opened handler (`"onzoom=`, `\'formaction=`)',
    view: 'text',
    anyOf: ['on', 'formaction', 'srcdoc'],
    allOf: [['=']],
    kinds: ['arg', 'arg-name', 'cookie', 'header'],
    // Whitespace ends an unquoted attribute and a quote ends a quoted one; the handler's code follows in
    // the next reflected parameter.
    pattern: /^\s{1,5}on[a-z]{3,40}\s?=|["'`<] ?(?:on[a-z]{3,40}|formaction|srcdoc) ?= ?$/,
  }),
  regexSignature({
    id: 'XSS-122',
    family: 'xss',
    threatType: 'xss',
    level: 1,
    severity: 5,
    description:
      'javascript: or vbscript: scheme split by tabs, newlines or other control characters (`ja&Tab;vascript:`), which browsers strip from URLs',
    view: 'text',
    anyOf: [':'],
    allOf: [
      [
        '\t',
        '\n',
        '\r',
        '\u0000',
        '\u0001',
        '\u0002',
        '\u0003',
        '\u0004',
        '\u0005',
        '\u0006',
        '\u0007',
        '\u0008',
        '\u000b',
        '\u000c',
        '\u000e',
        '\u000f',
        '\u0010',
        '\u0011',
        '\u0012',
        '\u0013',
        '\u0014',
        '\u0015',
        '\u0016',
        '\u0017',
        '\u0018',
        '\u0019',
        '\u001a',
        '\u001b',
        '\u001c',
        '\u001d',
        '\u001e',
        '\u001f',
      ],
    ],
    // Not the plain words, and not a YAML `language: java` line followed by `script:`.
    pattern: new RegExp(
      `(?!(?:java|vb)(?:script|\\r?\\n[\\t ]{0,8}script) ?:)(?:${controlSplit('java')}|${controlSplit('vb')})${controlSplit('script')}:`,
    ),
  }),
  regexSignature({
    id: 'XSS-130',
    family: 'xss',
    threatType: 'xss',
    level: 1,
    severity: 5,
    description:
      'Embedding or framing element pointing at a script or URL (<iframe src>, <object data>, <embed>, <base href>), or a meta tag that redirects or sets a cookie (<meta http-equiv=refresh>; not http-equiv=content-type)',
    view: 'text',
    anyOf: ['<'],
    pattern:
      /<(?:[a-z]{0,10}:)?(?:iframe|frame|object|embed|applet|base|link|form|isindex|xss|import|svg|math|animate|set|handler|listener|xml|span|div|label|vmlframe)\b[^>]{0,300}?\b(?:src|srcdoc|data|code|codebase|href|xlink:href|action|formaction|http-equiv|content|rel|values|to|from|attributename|onload|ev:event|datasrc|dataformatas|datafld)\b[\s/]{0,4}=|<meta\b[^>]{0,300}?\b(?:http-equiv ?= ?["'`]? ?(?:refresh|set-cookie|link)|content ?= ?["'`]? ?[^"'`>]{0,60}\burl ?=)/,
  }),
  regexSignature({
    id: 'XSS-131',
    family: 'xss',
    threatType: 'xss',
    level: 2,
    severity: 4,
    description: 'Active-content element (<iframe>, <object>, <embed>, <applet>, <svg>, <math>, <xss>, <frameset>)',
    view: 'text',
    anyOf: ['<'],
    kinds: ['arg', 'arg-name', 'cookie', 'header', 'path'],
    pattern:
      /<(?:[a-z]{0,10}:)?(?:iframe|frameset|object|embed|applet|xss|svg|math|isindex|bgsound|layer|ilayer|vmlframe|marquee)\b/,
  }),
  {
    id: 'XSS-140',
    family: 'xss',
    threatType: 'xss',
    level: 1,
    severity: 5,
    description: 'Break-out from an attribute or element into new markup ("><tag, </title><tag)',
    view: 'text',
    anyOf: ['>'],
    test: breaksOutIntoMarkup,
  },
  regexSignature({
    id: 'XSS-143',
    family: 'xss',
    threatType: 'xss',
    level: 1,
    severity: 5,
    description:
      'Internet Explorer element behaviour imported from a file or URL (`<?import namespace=… implementation=…>`, `<?xml:namespace … ns=…>`)',
    view: 'text',
    anyOf: ['import', 'xml:namespace'],
    // An HTC behaviour runs script in every element of its namespace; no current page needs one.
    pattern: /<\??import[^>]{0,200}?implementation ?=|<\?xml:namespace\b[^>]{0,200}?\b(?:ns|prefix) ?=/,
  }),
  regexSignature({
    id: 'XSS-144',
    family: 'xss',
    threatType: 'xss',
    level: 1,
    severity: 5,
    description:
      'Markup declaring the page UTF-7 (`<meta charset="x-imap4-modified-utf7">`, `charset=UTF-7`) so `+ADw-script+AD4-` runs',
    view: 'text',
    anyOf: ['charset'],
    allOf: [['utf7', 'utf-7']],
    pattern: /charset ?= ?["'`]? ?(?:x-imap4-modified-)?utf-?7\b/,
  }),
  regexSignature({
    id: 'XSS-145',
    family: 'xss',
    threatType: 'xss',
    level: 1,
    severity: 5,
    description:
      'Markup in US-ASCII 7-bit form: `¼script¾…¼/script¾` reads as `<script>` once the high bit is dropped (here after NFKC: `1/4script3/4`)',
    view: 'text',
    anyOf: ['1/4'],
    allOf: [['3/4']],
    // A complete script element or a tag with an event handler, so recipes (`¼cup … ¾`) never match.
    pattern:
      /1\/4 ?script(?![a-z])[^\n]{0,100}?3\/4[^\n]{0,300}?1\/4 ?\/ ?script[^\n]{0,3}?3\/4|1\/4 ?(?:img|svg|body|iframe|input|video|audio|details|style|xss|object|embed)(?![a-z])[^\n]{0,100}?[\s/]on[a-z]{3,20} ?=[^\n]{0,100}?3\/4/,
  }),
  regexSignature({
    id: 'XSS-146',
    family: 'xss',
    threatType: 'xss',
    level: 2,
    severity: 4,
    description:
      'A run of zero-padded CSS escapes (`\\0075\\0072\\006c\\0028`) hiding a style value such as `url(javascript:…)`',
    view: 'text',
    anyOf: ['\\0'],
    pattern: /(?:\\0{1,4}[0-9a-f]{2} ?){4}/,
  }),
  regexSignature({
    id: 'XSS-147',
    family: 'xss',
    threatType: 'xss',
    level: 2,
    severity: 4,
    description:
      'Tag name spelt with spaces between its letters (`<s c r i p t`, `<f o r m`), for filters that strip whitespace',
    view: 'text',
    anyOf: ['<'],
    pattern: new RegExp(
      `<\\s?(?:${[
        'script',
        'form',
        'iframe',
        'dialog',
        'svg',
        'img',
        'object',
        'embed',
        'style',
        'body',
        'input',
        'meta',
        'frame',
      ]
        .map((tag) => [...tag].join('\\s{1,3}'))
        .join('|')})\\b`,
    ),
  }),
  regexSignature({
    id: 'XSS-148',
    family: 'xss',
    threatType: 'xss',
    level: 1,
    severity: 5,
    description: 'JSFuck-style JavaScript built from `[]`, `!` and `+` (`(![]+[])[+!+[]]`, `+!![]`)',
    view: 'text',
    anyOf: ['[]'],
    pattern: /!\+\[\]|\(!!?\[\] ?\+ ?\[\]\)|\+!!\[\]/,
  }),
  regexSignature({
    id: 'XSS-149',
    family: 'xss',
    threatType: 'xss',
    level: 2,
    severity: 4,
    description: 'Angle brackets smuggled in UTF-7 (`+ADw-`, `+AD4-`), whatever markup they spell',
    view: 'raw',
    anyOf: ['+ad', '%2bad'],
    kinds: ['arg', 'arg-name', 'cookie', 'body'],
    // Raw, because decoding turns the UTF-7 into plain angle brackets that prove nothing on their own.
    pattern: /(?:\+|%2b)AD[w4]-/i,
  }),
  regexSignature({
    id: 'XSS-151',
    family: 'xss',
    threatType: 'xss',
    level: 2,
    severity: 4,
    description:
      'Script sink reached without a plain call: passed by reference (`(alert)(1)`, `[1].find(alert)`, `` .call`${alert}` ``), a computed or bracketed name (`top[/al/.source+/ert/.source](1)`, `window["alert"]`), comments inside `document.cookie`, `new ActiveXObject(`, or `location=name`',
    view: 'text',
    anyOf: [...DIALOG_SINKS, 'call', 'apply', 'cookie', 'activexobject', ...GLOBAL_OBJECTS, 'document', 'location'],
    allOf: [['(', '`', '[', '=', '{', '/*']],
    pattern: new RegExp(
      [
        String.raw`\( ?(?:alert|prompt|confirm|eval) ?\) ?[(\x60]`,
        String.raw`\.(?:find|map|filter|some|every|foreach|call|apply|then|sort|reduce) ?\( ?(?:alert|prompt|confirm|eval) ?[,)]`,
        String.raw`= ?(?:alert|prompt|confirm|eval) ?[,;]`,
        String.raw`\.${JS_GAP}{0,4}(?:call|apply)${JS_GAP}{0,4}\x60`,
        String.raw`\$\{ ?(?:alert|prompt|confirm|eval) ?\}`,
        String.raw`\b(?:top|self|window|parent|frames|globalthis) ?\[[^\]]{0,80}?(?:\.source\b|tostring ?\(|atob ?\(|fromcharcode)[^\]]{0,80}\] ?\(`,
        String.raw`\b(?:document|window|self|top|parent|frames|globalthis)${JS_GAP}{0,8}\)?${JS_GAP}{0,8}\[${JS_GAP}{0,8}['"\x60] ?(?:cookie|alert|prompt|confirm|eval|document|location|domain|settimeout|setinterval|fetch|atob|constructor)\b`,
        String.raw`\bdocument${JS_GAP}{0,8}(?:\/\*[^*]{0,60}\*\/|\))${JS_GAP}{0,8}\.${JS_GAP}{0,8}cookie\b|\bdocument\.${JS_GAP}{0,8}\/\*[^*]{0,60}\*\/${JS_GAP}{0,8}cookie\b`,
        String.raw`\bnew\s{1,3}activexobject ?\(`,
        // `location=name`: navigates to the javascript: URL the attacker's page left in window.name, no call needed.
        String.raw`(?<![\w.$]|(?:const|let|var) )(?:(?:window|document|self|top)\.)?location(?:\.href)? ?= ?(?:(?:window|self|top)\.)?name ?(?:[;,)}]|\/\/|$)`,
      ].join('|'),
    ),
  }),
  regexSignature({
    id: 'XSS-150',
    family: 'xss',
    threatType: 'xss',
    level: 2,
    severity: 4,
    description:
      'Script sink or cookie/DOM access typical of payloads (alert(…), document.cookie, String.fromCharCode)',
    view: 'text',
    anyOf: [
      ...DIALOG_SINKS,
      'settimeout',
      'setinterval',
      'execscript',
      'msgbox',
      'fetch',
      'atob',
      'import',
      'document',
      'string',
      'innerhtml',
      'location',
      ...GLOBAL_OBJECTS,
    ],
    allOf: [['(', '`', '.', '[']],
    // A tagged template (alert`1`) runs the sink; `import` cannot be one, and "`cdk import`" is prose.
    pattern:
      /(?<![\w.$`])(?:alert|prompt|confirm|eval|settimeout|setinterval|execscript|msgbox|fetch|atob|import(?! ?`)) ?(?:\( ?(?:['"`\d/]|document|window|this|self|top|string|location|[a-z]\)|\))|`)|\bdocument ?\. ?(?:cookie|domain|write(?:ln)? ?\(|location)|\bwindow ?\. ?(?:location|open ?\(|name)|\bstring ?\. ?fromcharcode ?\(|\.innerhtml ?=|\blocation ?\. ?(?:href|hash|search) ?=|\b(?:top|self|parent|frames|globalthis) ?\[ ?['"`]/,
  }),
  regexSignature({
    id: 'XSS-152',
    family: 'xss',
    threatType: 'xss',
    level: 2,
    severity: 4,
    description:
      'A value that is only an angle bracket spelt as an entity or escape (`&#x0003C`, `&LT`, `\\u003c`): a probe for which encoding the page reflects unescaped',
    view: 'raw',
    anyOf: ['&', '%26', '\\', '%5c'],
    kinds: ['arg', 'arg-name', 'cookie'],
    // Raw, because the decoded value is a lone `<`, which a comparison operator in a query builder also is.
    pattern:
      /^\s?(?:&|%26)(?:lt|gt|(?:#|%23)(?:0{0,7}6[02]|x0{0,7}3[ce]))(?:;|%3b)?\s?$|^\s?(?:\\|%5c)(?:x3[ce]|u003[ce]|u\{3[ce]\})\s?$/i,
  }),
  regexSignature({
    id: 'XSS-153',
    family: 'xss',
    threatType: 'xss',
    level: 2,
    severity: 4,
    description:
      'Script element whose angle brackets a filter stripped (`scriptalert(1)/script`): the payload was sent all the same',
    view: 'text',
    anyOf: ['script'],
    allOf: [['/script', '/ script']],
    // Glued and called (`scriptalert(`): prose puts a space after "script".
    pattern: /(?<![a-z])script(?:(?:alert|prompt|confirm|eval) ?\(|(?:document|window)\.)[^\n]{0,200}?\/ ?script\b/,
  }),
  regexSignature({
    id: 'XSS-154',
    family: 'xss',
    threatType: 'xss',
    level: 2,
    severity: 4,
    description:
      'Break-out of a JavaScript string: a quote, `;`, a call and a `//` comment that swallows the rest of the line (`x";setTimeout(name, 1)//`)',
    view: 'text',
    anyOf: ['//'],
    allOf: [[';', ')'], ['(']],
    kinds: ['arg', 'arg-name', 'cookie', 'header'],
    pattern: /["'`] ?; ?[a-z_$][\w$.]{0,40} ?\([^()]{0,80}\) ?;? ?\/\/\s?$/,
  }),
  regexSignature({
    id: 'XSS-155',
    family: 'xss',
    threatType: 'xss',
    level: 1,
    severity: 5,
    description:
      "The XSS locator string (`'';!--\"<XSS>=&{()}`): one probe that shows which of its characters a page reflects unescaped",
    view: 'text',
    anyOf: ['!--'],
    allOf: [['&{']],
    pattern: /!--"<[a-z][\w:-]{0,30}>=&\{/,
  }),
  regexSignature({
    id: 'XSS-156',
    family: 'xss',
    threatType: 'xss',
    level: 1,
    severity: 5,
    description:
      'Client-side template escape to the window: AngularJS `$event.view`, or an ng-*, v-*, x-* (or :/@ shorthand) directive whose expression reaches `constructor`, a dialog sink or `$eval`',
    view: 'text',
    anyOf: ['$event', 'constructor', '$eval', 'alert', 'prompt', 'confirm'],
    pattern:
      /\$event ?\. ?(?:view\b|path ?\[|composedpath ?\()|(?:\b(?:ng-[a-z]{2,20}|[vx]-[a-z]{2,20}(?::[a-z]{2,20})?)|\s[:@][a-z]{2,20}) ?= ?['"]?[^>]{0,120}?(?:\bconstructor\b|\$eval\b|\b(?:alert|prompt|confirm) ?[(\x60])/,
  }),
  regexSignature({
    id: 'XSS-160',
    family: 'xss',
    threatType: 'xss',
    level: 1,
    severity: 5,
    description:
      'CSS that runs script (expression(), -moz-binding, binding:url(), behavior:url(), url(javascript…)) or @imports a style sheet from another origin',
    view: 'text',
    anyOf: ['expression', 'binding', 'behavio', '@import', 'url'],
    pattern:
      /\bexpression ?\( ?[\w$.]{1,40} ?[(.=]|-moz-binding ?:|\bbinding ?: ?url ?\(|\bbehaviou?r ?: ?url ?\(|@import ?(?:url ?\( ?)?['"]? ?(?:javascript|data|https?:|\/\/)|\burl ?\( ?['"]? ?(?:java|vb)script\b/,
  }),
  regexSignature({
    id: 'XSS-170',
    family: 'xss',
    threatType: 'xss',
    level: 2,
    severity: 4,
    description:
      'Style or other tag with an attribute that references script (<style>, <img src=…>, <body background=…>)',
    view: 'text',
    anyOf: ['<'],
    pattern:
      /<(?:img|image|body|table|td|input|style|video|audio|source|div|a|button|details|select|textarea|keygen|object)\b[^>]{0,300}?\b(?:src|dynsrc|lowsrc|background|style|href|poster|formaction|action)\b ?= ?["'`]? ?(?:javascript|vbscript|livescript|mocha:|data:|&#|\\|`|[^>]{0,100}?(?:expression|url ?\( ?['"]?javascript))/,
  }),
  regexSignature({
    id: 'XSS-180',
    family: 'xss',
    threatType: 'xss',
    level: 3,
    severity: 3,
    description: 'Any HTML element that can carry script (<img>, <a>, <style>, <body>, <input>, <form>)',
    view: 'text',
    anyOf: ['<'],
    pattern:
      /<(?:img|image|body|style|input|form|a|video|audio|details|select|textarea|button|marquee|meta|link|base|frame)\b[^>]{0,200}?(?:>|$)/,
  }),
  regexSignature({
    id: 'XSS-192',
    family: 'xss',
    threatType: 'xss',
    level: 2,
    severity: 5,
    description:
      'DOM clobbering: an element named or id-ed after a DOM method or node property (<img name=getElementById>, <input id=attributes>), which shadows it on document or a form so a page script or sanitizer follows markup instead',
    view: 'text',
    anyOf: [
      'getelementby',
      'queryselector',
      'createelement',
      'child',
      'parentnode',
      'insertbefore',
      'attribute',
      'ownerdocument',
      'documentelement',
      'defaultview',
      'currentscript',
      'implementation',
      'nodename',
      'nodetype',
      'innerhtml',
      'outerhtml',
      '__proto__',
    ],
    pattern:
      /<[a-z][\w-]{0,20}\s[^>]{0,200}?\b(?:name|id)\s?=\s?["']?(?:getelementbyid|getelementsbyname|getelementsbytagname|getelementsbyclassname|queryselector(?:all)?|createelement|appendchild|insertbefore|removechild|replacechild|setattribute|getattribute|removeattribute|attributes|childnodes|firstchild|lastchild|parentnode|ownerdocument|documentelement|defaultview|currentscript|implementation|nodename|nodetype|innerhtml|outerhtml|__proto__)(?=["'\s/>]|$)/,
  }),
  regexSignature({
    id: 'XSS-193',
    family: 'xss',
    threatType: 'xss',
    level: 2,
    severity: 4,
    description:
      'CSS injection that exfiltrates a form value: an attribute selector on value (input[value^=a]) whose rule loads a URL from another host, one request per guessed prefix',
    view: 'text',
    anyOf: ['value'],
    pattern:
      /\[ ?value ?[\^$*~|]?= ?['"]?[^\]'"]{0,40}['"]? ?\] ?\{[^}]{0,120}?url ?\( ?['"]? ?(?:https?:)?\/\/[\w.-]{1,100}/,
  }),
  regexSignature({
    id: 'XSS-190',
    family: 'xss',
    threatType: 'xss',
    level: 4,
    severity: 2,
    description: 'Angle bracket followed by a tag name or comment opener',
    view: 'text',
    anyOf: ['<'],
    pattern: /<(?:[a-z]|!--|!\[cdata\[|\/[a-z]|%|\?)/,
  }),
  regexSignature({
    id: 'SESS-100',
    family: 'xss',
    threatType: 'session_fixation',
    level: 1,
    severity: 5,
    description:
      'Cookie planted through script or a meta tag (document.cookie=…; expires/domain, http-equiv=set-cookie)',
    view: 'text',
    anyOf: ['cookie'],
    pattern: /\.cookie\b[^;]{0,100};[^\w]{0,10}(?:expires|domain|path|max-age)\W{0,5}=|http-equiv\W{1,10}set-cookie/,
  }),
  regexSignature({
    id: 'SESS-110',
    family: 'xss',
    threatType: 'session_fixation',
    level: 2,
    severity: 4,
    description:
      'Server-framework session cookie name supplied as a request parameter (jsessionid, phpsessid, connect.sid, laravel_session, …)',
    view: 'text',
    kinds: ['arg-name'],
    matchesPlainWords: true,
    pattern:
      /^(?:jsessionid|phpsessid|aspsessionid\w{0,10}|asp\.net_sessionid|cfid|cftoken|laravel_session|connect\.sid|_flask_session|next-auth\.session-token|__secure-next-auth\.session-token|rack\.session|play_session|sails\.sid|koa[.:]sess(?:\.sig)?|cakephp|zend_session_id|ci_session|symfony|_rails_session|_session_id|express\.sid|jwt_session|meteor_login_token|__host-next-auth\.session-token)$/,
  }),
  regexSignature({
    id: 'XSS-113',
    family: 'xss',
    threatType: 'xss',
    level: 2,
    severity: 4,
    description: 'A parameter value that is exactly an event-handler attribute name (attribute-injection probe)',
    view: 'text',
    anyOf: ['on'],
    kinds: ['arg'],
    matchesPlainWords: true,
    pattern: new RegExp(
      `^on(?!line$|end$|start$)(?:${EVENT_HANDLERS}|[a-z]{2,20}(?:start|end|change|load|unload|ready|available|update|exit|enter|leave|inserted|deleted|copy|paste|drag|drop))$`,
    ),
  }),
  regexSignature({
    id: 'XSS-141',
    family: 'xss',
    threatType: 'xss',
    level: 1,
    severity: 4,
    description:
      'Context-closing polyglot: quotes of two kinds and both a comment and a CDATA closer (`"\'`-->]]>`), to leave any attribute, script string or comment',
    view: 'text',
    anyOf: ['-->', '--!>'],
    allOf: [[']]>']],
    // No markup needs to end an HTML comment and a CDATA section next to stray quotes; a payload aimed at
    // an unknown reflection context does, because one of the closers will fit.
    pattern: /["'`][^\s]{0,3}["'`][^\s]{0,4}(?:--!?>[^\s]{0,4}\]\]>|\]\]>[^\s]{0,4}--!?>)/,
  }),
  regexSignature({
    id: 'XSS-142',
    family: 'xss',
    threatType: 'xss',
    level: 1,
    severity: 4,
    description:
      'Link or resource attribute in markup pointing at a host spelt as a raw number (decimal dword, octal or hex octets) to evade URL filters',
    view: 'text',
    anyOf: ['href', 'src', 'action', 'data'],
    allOf: [['://']],
    // Real links name hosts; a dword (http://1113982867/) or 0x42.0x66 host only serves to slip an address past a filter.
    pattern:
      /<[a-z][^>]{0,200}?\b(?:href|src|action|formaction|data)\s?=\s?["'`]?\s?[a-z\t]{2,12}:\/\/(?:\d{8,10}|0x[0-9a-f]{1,8}|0\d{1,11})(?:\.(?:0x[0-9a-f]{1,8}|\d{1,12})){0,3}(?:[:/"'`>\s]|$)/,
  }),
  regexSignature({
    id: 'SPLIT-100',
    family: 'xss',
    threatType: 'response_splitting',
    level: 1,
    severity: 5,
    description: 'CR/LF followed by a response header or status line (response splitting, header injection)',
    view: 'text',
    anyOf: ['\n', '\r'],
    kinds: ['arg', 'arg-name', 'cookie', 'path', 'header'],
    pattern:
      /[\r\n][\t ]{0,10}(?:set-cookie ?:|location ?: ?[a-z]{2,10}:|refresh ?: ?\d|content-(?:type|length) ?: ?[\w/]{1,40}[\r\n]|http\/1\.[01] \d{3}|<(?:html|script))/,
  }),
];

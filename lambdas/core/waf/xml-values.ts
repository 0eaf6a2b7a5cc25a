/**
 * The values an XML parser hands an application: attribute values and text (CDATA included), with the
 * predefined and numeric character references resolved. A single forward scan with bounded lookups
 * (indexOf), so any input, well-formed or not, costs linear time; it never throws.
 */

export interface XmlValue {
  /** `@name` for an attribute, the element name for text. */
  name: string;
  value: string;
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const REFERENCE = /&(?:#[xX]([0-9a-fA-F]{1,6})|#(\d{1,7})|(lt|gt|amp|quot|apos));/g;
const ATTRIBUTE = /([^\s=/>"']{1,128})\s{0,16}=\s{0,16}(?:"([^"]*)"|'([^']*)')/g;
const TAG_NAME = /^[^\s/>]{1,128}/;

function codePoint(n: number): string {
  return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '';
}

/** Resolves `&lt;`, `&#60;`, `&#x3c;` as the XML parser does (once; `&amp;lt;` becomes `&lt;`). */
export function resolveXmlReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (_, hex: string | undefined, dec: string | undefined, named: string | undefined) => {
    if (hex !== undefined) return codePoint(Number.parseInt(hex, 16));
    if (dec !== undefined) return codePoint(Number(dec));
    return PREDEFINED[named ?? ''] ?? '';
  });
}

/** Whether an untyped body reads as an XML document (a declaration or a root element first). */
export function looksLikeXml(text: string): boolean {
  const start = text.trimStart();
  return start.startsWith('<?xml') || /^<[A-Za-z_][\w.:-]{0,127}[\s>/]/.test(start);
}

/** Attribute values and non-blank text of an XML document, in document order, at most `limit`. */
export function xmlValues(text: string, limit: number): XmlValue[] {
  const values: XmlValue[] = [];
  const push = (name: string, raw: string): void => {
    const value = resolveXmlReferences(raw).trim();
    if (value !== '' && values.length < limit) values.push({ name, value });
  };
  let element = '';
  let at = 0;
  while (at < text.length && values.length < limit) {
    const open = text.indexOf('<', at);
    push(element || 'text', open < 0 ? text.slice(at) : text.slice(at, open));
    if (open < 0) break;
    if (text.startsWith('<!--', open)) {
      const end = text.indexOf('-->', open + 4);
      at = end < 0 ? text.length : end + 3;
    } else if (text.startsWith('<![CDATA[', open)) {
      const end = text.indexOf(']]>', open + 9);
      // CDATA is literal text: no references are resolved inside it.
      const body = text.slice(open + 9, end < 0 ? text.length : end).trim();
      if (body !== '' && values.length < limit) values.push({ name: element || 'text', value: body });
      at = end < 0 ? text.length : end + 3;
    } else if (text.startsWith('<!', open) || text.startsWith('<?', open)) {
      // Declarations and processing instructions (DOCTYPE, ENTITY) stay in the raw body the
      // signatures read as a whole; their parts are not values the application receives.
      const gt = text.indexOf('>', open + 2);
      const bracket = text.indexOf('[', open + 2);
      const subset = text.startsWith('<!DOCTYPE', open) && bracket >= 0 && (gt < 0 || bracket < gt);
      const close = subset ? ']>' : '>';
      const end = subset ? text.indexOf(close, bracket) : gt;
      at = end < 0 ? text.length : end + close.length;
    } else {
      const end = text.indexOf('>', open + 1);
      const tag = text.slice(open + 1, end < 0 ? text.length : end);
      at = end < 0 ? text.length : end + 1;
      if (tag.startsWith('/')) continue;
      const name = TAG_NAME.exec(tag)?.[0] ?? '';
      if (name !== '') element = name;
      ATTRIBUTE.lastIndex = name.length;
      for (let m = ATTRIBUTE.exec(tag); m !== null && values.length < limit; m = ATTRIBUTE.exec(tag)) {
        push(`${name}@${m[1] ?? ''}`, m[2] ?? m[3] ?? '');
      }
    }
  }
  return values;
}

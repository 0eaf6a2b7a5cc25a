/**
 * IPv4 / IPv6 addresses and CIDR ranges as bigints, so one comparison serves both families.
 * IPv4-mapped IPv6 (::ffff:1.2.3.4) is treated as the IPv4 address, as node:http reports it that way.
 */
export interface IpAddress {
  family: 4 | 6;
  value: bigint;
}

export interface CidrRange {
  family: 4 | 6;
  network: bigint;
  prefix: number;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function parseIpv4(text: string): bigint | undefined {
  if (!IPV4.test(text)) return undefined;
  let value = 0n;
  for (const octet of text.split('.')) value = (value << 8n) | BigInt(Number(octet));
  return value;
}

function parseIpv6(text: string): bigint | undefined {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.length > 45) return undefined;
  let head = text;
  let tailV4: bigint | undefined;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.')) {
    tailV4 = parseIpv4(text.slice(lastColon + 1));
    if (tailV4 === undefined) return undefined;
    head = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = head.split('::');
  if (halves.length > 2) return undefined;
  const parseGroups = (part: string): number[] | undefined => {
    if (part === '') return [];
    const groups = part.split(':');
    const out: number[] = [];
    for (const g of groups) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return undefined;
      out.push(Number.parseInt(g, 16));
    }
    return out;
  };
  const left = parseGroups(halves[0] ?? '');
  const right = halves.length === 2 ? parseGroups(halves[1] ?? '') : [];
  if (!left || !right) return undefined;
  const missing = 8 - left.length - right.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const groups = [...left, ...new Array<number>(missing).fill(0), ...right];
  let value = 0n;
  for (const g of groups) value = (value << 16n) | BigInt(g);
  if (tailV4 !== undefined) value = (value & ~0xffffffffn) | tailV4;
  return value;
}

const V4_MAPPED_PREFIX = 0xffffn << 32n;

export function parseIp(text: string): IpAddress | undefined {
  const trimmed = text.trim();
  const v4 = parseIpv4(trimmed);
  if (v4 !== undefined) return { family: 4, value: v4 };
  const v6 = parseIpv6(trimmed.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  if (v6 === undefined) return undefined;
  if (v6 >> 32n === 0xffffn && (v6 & ~0xffffffffn) === V4_MAPPED_PREFIX) {
    return { family: 4, value: v6 & 0xffffffffn };
  }
  return { family: 6, value: v6 };
}

export function parseCidr(text: string): CidrRange | undefined {
  const slash = text.indexOf('/');
  const addr = parseIp(slash < 0 ? text : text.slice(0, slash));
  if (!addr) return undefined;
  const bits = addr.family === 4 ? 32 : 128;
  let prefix = bits;
  if (slash >= 0) {
    const p = text.slice(slash + 1);
    if (!/^\d{1,3}$/.test(p)) return undefined;
    prefix = Number(p);
    if (prefix > bits) return undefined;
  }
  const hostBits = BigInt(bits - prefix);
  return { family: addr.family, network: (addr.value >> hostBits) << hostBits, prefix };
}

export function isIp(text: string): boolean {
  return parseIp(text) !== undefined;
}

export function isIpOrCidr(text: string): boolean {
  return parseCidr(text) !== undefined;
}

export function cidrContains(range: CidrRange, ip: IpAddress): boolean {
  if (range.family !== ip.family) return false;
  const hostBits = BigInt((ip.family === 4 ? 32 : 128) - range.prefix);
  return ip.value >> hostBits === range.network >> hostBits;
}

/** Compiles a list of IPs and CIDR ranges once; the returned matcher is what runs per request. */
export function compileIpMatcher(entries: readonly string[]): (ip: string) => boolean {
  const exact = new Set<string>();
  const ranges: CidrRange[] = [];
  for (const entry of entries) {
    const range = parseCidr(entry);
    if (!range) continue;
    const full = range.family === 4 ? 32 : 128;
    if (range.prefix === full) exact.add(`${range.family}:${range.network}`);
    else ranges.push(range);
  }
  if (exact.size === 0 && ranges.length === 0) return () => false;
  return (text: string) => {
    const ip = parseIp(text);
    if (!ip) return false;
    if (exact.has(`${ip.family}:${ip.value}`)) return true;
    return ranges.some((r) => cidrContains(r, ip));
  };
}

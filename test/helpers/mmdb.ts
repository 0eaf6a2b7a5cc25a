/**
 * A minimal MaxMind DB (MMDB v2) writer for tests: an IPv4 search tree with 24-bit records, a data
 * section and the metadata map, per https://maxmind.github.io/MaxMind-DB/. Enough for a reader to answer
 * `{country: {iso_code}}` for a few networks; nothing here is fit for production data.
 */
type MmdbValue = string | number | MmdbValue[] | { [key: string]: MmdbValue };

function control(type: number, size: number): number[] {
  if (size >= 29) throw new Error('the test writer only encodes small values');
  if (type <= 7) return [(type << 5) | size];
  return [size, type - 7]; // extended type
}

function uintBytes(n: number): number[] {
  const out: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) out.unshift(v % 256);
  return out;
}

function encode(value: MmdbValue): number[] {
  if (typeof value === 'string') {
    const bytes = [...Buffer.from(value, 'utf8')];
    return [...control(2, bytes.length), ...bytes];
  }
  if (typeof value === 'number') {
    const bytes = uintBytes(value);
    return [...control(6, bytes.length), ...bytes]; // uint32
  }
  if (Array.isArray(value)) return [...control(11, value.length), ...value.flatMap(encode)];
  const entries = Object.entries(value);
  return [...control(7, entries.length), ...entries.flatMap(([k, v]) => [...encode(k), ...encode(v)])];
}

type Slot = { node: number } | { data: number } | undefined;

/** `networks`: IPv4 CIDR → record, e.g. `{'127.0.0.0/8': {country: {iso_code: 'FR'}}}`. */
export function buildMmdb(networks: Record<string, MmdbValue>): Buffer {
  const nodes: Array<[Slot, Slot]> = [[undefined, undefined]];
  const data: number[] = [];
  for (const [cidr, record] of Object.entries(networks)) {
    const [address = '', prefixText = '32'] = cidr.split('/');
    const prefix = Number(prefixText);
    const ip = address.split('.').reduce((acc, octet) => acc * 256 + Number(octet), 0);
    const offset = data.length;
    data.push(...encode(record));
    let node = 0;
    for (let depth = 0; depth < prefix; depth++) {
      const bit = Math.floor(ip / 2 ** (31 - depth)) % 2;
      const pair = nodes[node]!;
      if (depth === prefix - 1) {
        pair[bit] = { data: offset };
        break;
      }
      const next = pair[bit];
      if (next && 'node' in next) node = next.node;
      else {
        nodes.push([undefined, undefined]);
        pair[bit] = { node: nodes.length - 1 };
        node = nodes.length - 1;
      }
    }
  }
  const nodeCount = nodes.length;
  const recordValue = (slot: Slot) =>
    slot === undefined ? nodeCount : 'node' in slot ? slot.node : nodeCount + 16 + slot.data;
  const tree = Buffer.alloc(nodeCount * 6);
  nodes.forEach(([left, right], i) => {
    tree.writeUIntBE(recordValue(left), i * 6, 3);
    tree.writeUIntBE(recordValue(right), i * 6 + 3, 3);
  });
  const metadata = encode({
    node_count: nodeCount,
    record_size: 24,
    ip_version: 4,
    database_type: 'Test-Country',
    languages: ['en'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: 1_700_000_000,
    description: { en: 'tiny test database' },
  });
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    Buffer.from(data),
    Buffer.from([0xab, 0xcd, 0xef]),
    Buffer.from('MaxMind.com', 'ascii'),
    Buffer.from(metadata),
  ]);
}

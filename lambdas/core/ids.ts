import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

// Ids are not secrets (newSecret is): drawing them from a pooled random buffer saves a randomBytes call
// per request on the proxy's hot path.
let pool = Buffer.alloc(0);
let offset = 0;

/** Lower-case, unambiguous ids: they double as DNS labels for project hosts. */
export function newId(prefix: string, length = 14): string {
  if (offset + length > pool.length) {
    pool = randomBytes(4096);
    offset = 0;
  }
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[pool[offset + i]! % ALPHABET.length];
  offset += length;
  return `${prefix}${out}`;
}

export function newSecret(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

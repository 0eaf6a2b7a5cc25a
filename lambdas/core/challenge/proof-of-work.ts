import { createHash } from 'node:crypto';

/** Leading zero bits of a digest: the hashcash measure of work. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** What the page computes: SHA-256 over `challenge:nonce`, in UTF-8. */
export function workDigest(challenge: string, nonce: string): Buffer {
  return createHash('sha256').update(`${challenge}:${nonce}`, 'utf8').digest();
}

/** True when `nonce` is a solution of `challenge` at `difficulty` leading zero bits. */
export function isSolution(challenge: string, nonce: string, difficulty: number): boolean {
  return leadingZeroBits(workDigest(challenge, nonce)) >= difficulty;
}

/**
 * Finds a nonce the slow way, as the page does; for tests and tools only (about 2^difficulty hashes),
 * bounded so a mistake cannot spin forever.
 */
export function solve(challenge: string, difficulty: number, maxTries = 2 ** (difficulty + 6)): string | undefined {
  for (let nonce = 0; nonce < maxTries; nonce++) {
    if (isSolution(challenge, String(nonce), difficulty)) return String(nonce);
  }
  return undefined;
}

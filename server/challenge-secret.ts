import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const CHALLENGE_SECRET_FILE = 'challenge-secret';

/**
 * The HMAC key behind challenge tokens and clearance cookies: generated on first start and kept (0600)
 * in the data dir, so clearances survive a restart and nothing secret lives in configuration. Without
 * a data dir (in-memory runs) a fresh key per process is correct: nothing else survives either.
 */
export function loadOrCreateChallengeSecret(dataDir: string | undefined): string {
  if (dataDir === undefined) return randomBytes(32).toString('base64url');
  const file = join(dataDir, CHALLENGE_SECRET_FILE);
  try {
    // 'wx' fails if the file exists, so two processes starting on one data dir cannot overwrite each other.
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret; delete it to generate a new one`);
  return secret;
}

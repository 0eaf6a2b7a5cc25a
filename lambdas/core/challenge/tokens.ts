import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Who a challenge or clearance is for: it is only honoured for the same project, IP and User-Agent. */
export interface ClientBinding {
  projectId: string;
  ip: string;
  userAgent: string;
}

export interface ChallengeClaims {
  /** Epoch seconds after which the challenge can no longer be redeemed. */
  expiresAt: number;
  difficulty: number;
}

function userAgentHash(userAgent: string): string {
  return createHash('sha256').update(userAgent, 'utf8').digest('base64url').slice(0, 22);
}

function mac(secret: string, purpose: 'challenge' | 'clearance', binding: ClientBinding, fields: string[]): string {
  // Newline separators: none of the bound values can contain one, so no two inputs share a MAC text.
  const text = [purpose, binding.projectId, binding.ip, userAgentHash(binding.userAgent), ...fields].join('\n');
  return createHmac('sha256', secret).update(text, 'utf8').digest('base64url');
}

function sameMac(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * `<expiresAt>.<difficulty>.<salt>.<mac>`: the salt makes every challenge distinct, so solutions cannot
 * be precomputed; the MAC binds it to the client, which therefore cannot lower the difficulty or reuse
 * a solution from another address.
 */
export function issueChallengeToken(secret: string, binding: ClientBinding, claims: ChallengeClaims): string {
  const salt = randomBytes(12).toString('base64url');
  const fields = [String(claims.expiresAt), String(claims.difficulty), salt];
  return `${fields.join('.')}.${mac(secret, 'challenge', binding, fields)}`;
}

export type ChallengeCheck = { ok: true; claims: ChallengeClaims } | { ok: false; reason: string };

export function verifyChallengeToken(
  secret: string,
  binding: ClientBinding,
  token: string,
  nowSec: number,
): ChallengeCheck {
  const parts = token.split('.');
  if (parts.length !== 4) return { ok: false, reason: 'malformed challenge' };
  const [expires = '', difficulty = '', salt = '', presented = ''] = parts;
  if (!/^\d{1,12}$/.test(expires) || !/^\d{1,2}$/.test(difficulty) || !/^[\w-]{16}$/.test(salt)) {
    return { ok: false, reason: 'malformed challenge' };
  }
  if (!sameMac(presented, mac(secret, 'challenge', binding, [expires, difficulty, salt]))) {
    return { ok: false, reason: 'challenge was not issued to this client' };
  }
  const claims = { expiresAt: Number(expires), difficulty: Number(difficulty) };
  if (claims.expiresAt < nowSec) return { ok: false, reason: 'challenge expired' };
  return { ok: true, claims };
}

/** Clearance cookie value `<expiresAt>.<mac>`. */
export function issueClearance(secret: string, binding: ClientBinding, expiresAt: number): string {
  return `${expiresAt}.${mac(secret, 'clearance', binding, [String(expiresAt)])}`;
}

export function verifyClearance(secret: string, binding: ClientBinding, value: string, nowSec: number): boolean {
  const dot = value.indexOf('.');
  const expires = value.slice(0, dot);
  if (dot < 0 || !/^\d{1,12}$/.test(expires) || Number(expires) < nowSec) return false;
  return sameMac(value.slice(dot + 1), mac(secret, 'clearance', binding, [expires]));
}

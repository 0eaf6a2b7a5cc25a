import { parseCookies } from '../edge-request.ts';
import { jsonError, wantsHtml } from '../pipeline/responses.ts';
import type { EdgeResponse, PipelineContext, Stage } from '../pipeline/types.ts';
import { CHALLENGE_VERIFY_PATH, challengePage } from './page.ts';
import { isSolution } from './proof-of-work.ts';
import {
  type ClientBinding,
  issueChallengeToken,
  issueClearance,
  verifyChallengeToken,
  verifyClearance,
} from './tokens.ts';

export const CLEARANCE_COOKIE = '__edge_clearance';
/** How long a served challenge may be solved and redeemed. */
export const CHALLENGE_TTL_SEC = 300;
const MAX_VERIFY_BODY_BYTES = 4096;

function bindingOf(ctx: PipelineContext): ClientBinding {
  return { projectId: ctx.config.projectId, ip: ctx.req.ip, userAgent: ctx.req.headers['user-agent'] ?? '' };
}

const nowSec = (ctx: PipelineContext) => Math.floor(ctx.ports.now() / 1000);

/** True when the request carries a clearance cookie issued to this client for this project and not expired. */
export function hasClearance(ctx: PipelineContext): boolean {
  const secret = ctx.ports.challengeSecret;
  const value = parseCookies(ctx.req.headers.cookie).get(CLEARANCE_COOKIE);
  return secret !== undefined && value !== undefined && verifyClearance(secret, bindingOf(ctx), value, nowSec(ctx));
}

/** Only same-site absolute paths, so the verify endpoint cannot be used as an open redirect. */
export function safeReturnTo(candidate: string | undefined): string {
  if (!candidate || candidate.length > 4096 || !candidate.startsWith('/') || /^\/[/\\]/.test(candidate)) return '/';
  return /[\u0000-\u001f\u007f]/.test(candidate) ? '/' : candidate;
}

function currentTarget(ctx: PipelineContext): string {
  // The form comes back as a GET: a challenged POST is not replayed, its sender retries after passing.
  return safeReturnTo(ctx.req.query ? `${ctx.req.path}?${ctx.req.query}` : ctx.req.path);
}

function challengeRequired(ctx: PipelineContext): EdgeResponse {
  return jsonError(
    403,
    'challenge_required',
    'This request must pass a browser challenge; open it in a browser with JavaScript enabled',
    ctx.requestId,
    { 'x-edge-challenge': 'js-pow' },
  );
}

function freshChallenge(ctx: PipelineContext, returnTo: string): EdgeResponse {
  const secret = ctx.ports.challengeSecret;
  // Without a secret nobody could ever pass, so fail closed with an honest answer.
  if (secret === undefined || !wantsHtml(ctx.req.headers.accept)) return challengeRequired(ctx);
  const difficulty = ctx.config.waf.challengeDifficulty;
  const challenge = issueChallengeToken(secret, bindingOf(ctx), {
    expiresAt: nowSec(ctx) + CHALLENGE_TTL_SEC,
    difficulty,
  });
  return challengePage({ challenge, difficulty, returnTo, requestId: ctx.requestId });
}

/**
 * The `EdgePorts.challengeResponse` implementation every stage shares (WAF, edge rules, DDoS): undefined
 * when the client already holds a valid clearance, otherwise the proof-of-work page for browsers and a
 * 403 `challenge_required` for clients that did not ask for HTML.
 */
export function challengeResponse(ctx: PipelineContext): EdgeResponse | undefined {
  if (hasClearance(ctx)) return undefined;
  return freshChallenge(ctx, currentTarget(ctx));
}

/**
 * What the WAF, edge-rule and DDoS stages answer a challenged request with: the runtime's port when set,
 * else `challengeResponse`, so all three fall back alike (they used to differ without the port).
 */
export function challengeOrPass(ctx: PipelineContext): EdgeResponse | undefined {
  return (ctx.ports.challengeResponse ?? challengeResponse)(ctx);
}

function readSubmission(ctx: PipelineContext): Record<string, string> {
  const body = ctx.req.body;
  if (!body || body.length > MAX_VERIFY_BODY_BYTES || ctx.req.bodyTruncated) return {};
  const text = new TextDecoder().decode(body);
  const type = ctx.req.headers['content-type'] ?? '';
  if (/application\/json/i.test(type)) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (!parsed || typeof parsed !== 'object') return {};
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(parsed))
        if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
      return out;
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/**
 * `POST /__edge/challenge/verify` with `{challenge, nonce, returnTo}` (form or JSON): checks the MAC,
 * expiry, client binding and the work, then sets the clearance cookie and sends the browser back (303).
 * Runs before the API-key check because the page's form post is the browser's own navigation.
 */
export const challengeVerifyStage: Stage = (ctx) => {
  if (ctx.req.path !== CHALLENGE_VERIFY_PATH) return undefined;
  if (ctx.req.method !== 'POST') {
    return jsonError(405, 'method_not_allowed', 'Use POST', ctx.requestId, { allow: 'POST' });
  }
  const secret = ctx.ports.challengeSecret;
  const form = readSubmission(ctx);
  const returnTo = safeReturnTo(form.returnTo);
  const binding = bindingOf(ctx);
  const checked =
    secret === undefined
      ? ({ ok: false, reason: 'challenges are not configured' } as const)
      : verifyChallengeToken(secret, binding, form.challenge ?? '', nowSec(ctx));
  const nonce = form.nonce ?? '';
  const solved =
    checked.ok && /^\d{1,16}$/.test(nonce) && isSolution(form.challenge ?? '', nonce, checked.claims.difficulty);
  if (!solved || secret === undefined) {
    if (wantsHtml(ctx.req.headers.accept)) return freshChallenge(ctx, returnTo);
    const reason = checked.ok ? 'the proof of work is wrong' : checked.reason;
    return jsonError(403, 'challenge_failed', `Challenge not passed: ${reason}`, ctx.requestId);
  }
  const ttl = ctx.config.waf.clearanceTtlSec;
  const cookie = issueClearance(secret, binding, nowSec(ctx) + ttl);
  const https =
    ctx.req.headers['cloudfront-forwarded-proto'] === 'https' || ctx.req.headers['x-forwarded-proto'] === 'https';
  return {
    status: 303,
    headers: {
      location: returnTo,
      'set-cookie': `${CLEARANCE_COOKIE}=${cookie}; Max-Age=${ttl}; Path=/; HttpOnly; SameSite=Lax${https ? '; Secure' : ''}`,
      'cache-control': 'no-store',
      'content-type': 'text/plain; charset=utf-8',
    },
    body: `See ${returnTo}`,
  };
};

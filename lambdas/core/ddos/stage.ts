import { challengeOrPass } from '../challenge/challenge.ts';
import { jsonError, wantsHtml } from '../pipeline/responses.ts';
import { recordSecurityEvent } from '../pipeline/security-event.ts';
import type { Stage } from '../pipeline/types.ts';
import { DdosGuard } from './guard.ts';

let processGuard: DdosGuard | undefined;

/** The guard used when EdgePorts has none: one per process / edge container. */
export function defaultDdosGuard(): DdosGuard {
  processGuard ??= new DdosGuard();
  return processGuard;
}

/**
 * Per-IP burst protection (SPEC §1 "DDoS protection"). An IP that exceeds `requestsPerSecond` beyond
 * `burst` is held for `blockDurationSec`: with action `challenge`, browsers get the JavaScript challenge
 * (and pass once cleared) while API clients get 429; with `block`, everyone gets 429. Skipped after an
 * edge rule `allow`.
 */
export const ddosStage: Stage = (ctx) => {
  const config = ctx.config.ddos;
  if (!config.enabled || ctx.skipSecurity) return undefined;
  const now = ctx.ports.now();
  const guard = ctx.ports.ddosGuard ?? defaultDdosGuard();
  const verdict = guard.check(ctx.config.projectId, ctx.req.ip, config, now);
  if (verdict.state === 'pass') return undefined;
  if (verdict.activated) {
    recordSecurityEvent(ctx, {
      action: config.action,
      threatType: 'ddos',
      reason: `More than ${config.requestsPerSecond} requests/s (burst ${config.burst}) from this IP; held for ${config.blockDurationSec}s`,
      ruleIds: ['ddos'],
    });
    ctx.ports.onDdosActivated?.(ctx.config.projectId, ctx.req.ip, now, config.blockDurationSec);
  }
  if (config.action === 'challenge' && wantsHtml(ctx.req.headers.accept)) return challengeOrPass(ctx);
  return jsonError(
    429,
    'rate_limited',
    'Too many requests from this address',
    ctx.requestId,
    { 'retry-after': String(verdict.retryAfterSec) },
    { retryAfterSec: verdict.retryAfterSec },
  );
};

import { jsonError } from '../pipeline/responses.ts';
import type { Stage } from '../pipeline/types.ts';
import { PLANS, type Plan, type PlanName } from '../plans.ts';

/** What a usage meter answers for one billable request. */
export interface QuotaVerdict {
  /** False when counting this request would exceed the month's quota; a refused request is not counted. */
  allowed: boolean;
  /** Requests counted this month, including this one when allowed. */
  used: number;
  limit: number;
  /** Seconds until the next month (UTC) starts, when the quota resets. */
  retryAfterSec: number;
}

/**
 * Counts billable requests (proxied requests and sandbox calls) against the month's quota. Self-hosted it
 * counts in memory and writes increments in batches (server/usage), so no request waits on a database write.
 */
export interface UsageMeter {
  count(projectId: string, limit: number, now: number): QuotaVerdict | Promise<QuotaVerdict>;
}

export type PlanTable = Readonly<Record<PlanName, Plan>>;

/** `PLANS` with per-plan field overrides (tests shrink `monthlyRequests` to exhaust a quota in a few requests). */
export function plansWith(overrides: Partial<Record<PlanName, Partial<Omit<Plan, 'name'>>>> = {}): PlanTable {
  return {
    free: { ...PLANS.free, ...overrides.free },
    pro: { ...PLANS.pro, ...overrides.pro },
    enterprise: { ...PLANS.enterprise, ...overrides.enterprise },
  };
}

/** The UTC month a request is billed to, `YYYY-MM`. */
// Asked on every billed request: remember the current month and the instant it ends.
let monthCache = { from: 0, until: 0, month: '' };

export function billingMonth(nowMs: number): string {
  if (nowMs >= monthCache.from && nowMs < monthCache.until) return monthCache.month;
  const now = new Date(nowMs);
  const from = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  monthCache = { from, until: nextMonthStart(nowMs), month: now.toISOString().slice(0, 7) };
  return monthCache.month;
}

/** 00:00 UTC on the first of the month after `nowMs`, when quotas reset. */
export function nextMonthStart(nowMs: number): number {
  const now = new Date(nowMs);
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
}

/** Seconds from `nowMs` until the quota resets (at least 1). */
export function secondsToNextMonth(nowMs: number): number {
  return Math.max(1, Math.ceil((nextMonthStart(nowMs) - nowMs) / 1000));
}

/**
 * Monthly quota (SPEC §1 "Plans"). Placed after the security stages: requests refused by edge rules,
 * DDoS protection or the WAF are not billed, so an attack cannot exhaust a customer's quota. Both runtimes
 * supply a meter (server/usage/usage-meter.ts, lambdas/edge/usage-meter.ts); without one nothing is counted.
 */
export const quotaStage: Stage = async (ctx) => {
  const meter = ctx.ports.usageMeter;
  if (!meter) return undefined;
  const limit = (ctx.ports.plans ?? PLANS)[ctx.config.plan].monthlyRequests;
  const verdict = await meter.count(ctx.config.projectId, limit, ctx.ports.now());
  if (verdict.allowed) return undefined;
  return jsonError(
    429,
    'quota_exceeded',
    `Monthly request quota of ${verdict.limit} exhausted for this project`,
    ctx.requestId,
    { 'retry-after': String(verdict.retryAfterSec) },
    { retryAfterSec: verdict.retryAfterSec, limit: verdict.limit, used: verdict.used },
  );
};

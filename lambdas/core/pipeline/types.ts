import type { DdosGuard } from '../ddos/guard.ts';
import type { EdgeRequest } from '../edge-request.ts';
import type { EdgeProjectConfig } from '../project-config.ts';
import type { PlanTable, UsageMeter } from '../quota/quota.ts';
import type { RateLimiter } from '../ratelimit/sliding-window.ts';
import type { CacheOverride, RuleLogEntry } from '../rules/evaluate.ts';

export interface EdgeResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A block or challenge decided at the edge; becomes a WAF event (SPEC §2 "WAF event"). */
export interface SecurityEvent {
  /** Assigned where the decision is made, so redelivery of the same event is idempotent downstream. */
  id: string;
  projectId: string;
  requestId: string;
  timestamp: string;
  ip: string;
  country: string;
  path: string;
  method: string;
  action: 'block' | 'challenge';
  threatType: string;
  userAgent: string;
  reason: string;
  ruleIds: string[];
  score?: number;
}

/** What the cache layer of the runtime should do with this request. */
export type CachePlan =
  | { mode: 'bypass'; reason: string }
  | {
      mode: 'cache';
      key: string;
      ttlSec: number;
      staleWhileRevalidateSec: number;
      staleIfErrorSec: number;
      ruleId?: string;
    };

export type EdgeDecision =
  | { kind: 'respond'; response: EdgeResponse; events: SecurityEvent[] }
  | {
      kind: 'forward';
      originUrl: string;
      /** Headers to add to (or, with value null, remove from) the request sent to the origin. */
      requestHeaders: Record<string, string | null>;
      /** Headers to add to the response sent to the client. */
      responseHeaders: Record<string, string>;
      cache: CachePlan;
      events: SecurityEvent[];
      apiKeyId: string;
    };

/** State the pipeline needs beyond the request and config; in-memory self-hosted, AWS-backed at the edge. */
export interface EdgePorts {
  /** Epoch milliseconds. */
  now(): number;
  /** Resolves a presented API key to the project's live key, or undefined. */
  verifyApiKey(projectId: string, presentedKey: string): Promise<{ keyId: string } | undefined>;
  /** HMAC key for challenge tokens and clearance cookies (lambdas/core/challenge); absent: nobody can pass a challenge. */
  challengeSecret?: string;
  /** Limiter for `rate_limit` edge rules; absent: one process-wide in-memory limiter (per edge container). */
  rateLimiter?: RateLimiter;
  /** Per-IP DDoS state; absent: one process-wide in-memory guard. */
  ddosGuard?: DdosGuard;
  /**
   * The JavaScript challenge for a challenged request (edge rule `challenge`, rate_limit `onLimit:
   * challenge`, DDoS), or undefined when the client already holds a valid clearance and may pass.
   * Absent: lambdas/core/challenge's own (a 403 JSON `challenge_required` without `challengeSecret`).
   */
  challengeResponse?(ctx: PipelineContext): EdgeResponse | undefined;
  /** Once per DDoS activation (an IP crossing its threshold), for `ddos_active` alert policies. */
  onDdosActivated?(projectId: string, ip: string, at: number, blockDurationSec: number): void;
  /** Every matched edge rule with action `log`. */
  onRuleLogged?(entry: RuleLogEntry): void;
  /** Counts billable requests against the monthly quota (quota stage); absent: no quota is enforced. */
  usageMeter?: UsageMeter;
  /** The plan table quotas are read from; absent: `PLANS`. */
  plans?: PlanTable;
}

/** Mutable per-request state shared by the stages of one evaluation. */
export interface PipelineContext {
  req: EdgeRequest;
  config: EdgeProjectConfig;
  ports: EdgePorts;
  requestId: string;
  apiKeyId: string;
  /** Set by an edge rule `allow`: skips the WAF and rate limits for this request. */
  skipSecurity: boolean;
  requestHeaders: Record<string, string | null>;
  responseHeaders: Record<string, string>;
  cache: CachePlan;
  /** An edge rule's cache_override, which the cache stage applies on top of the plan it resolves. */
  cacheOverride?: CacheOverride;
  events: SecurityEvent[];
}

/** A stage returns a response to end evaluation, or undefined to continue. */
export type Stage = (ctx: PipelineContext) => EdgeResponse | undefined | Promise<EdgeResponse | undefined>;

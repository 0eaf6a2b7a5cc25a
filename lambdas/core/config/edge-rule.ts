import { z } from 'zod';
import { isCountryCode } from '../net/countries.ts';
import { isIp, parseCidr } from '../net/ip.ts';
import { checkSafePattern } from '../rules/safe-regex.ts';
import { HEADER_CONDITION } from './condition-shapes.ts';

/** SPEC §2 condition table: the ops each field allows. */
export const CONDITION_OPS = {
  path: ['equals', 'starts_with', 'ends_with', 'contains', 'matches'],
  method: ['equals'],
  ip: ['equals', 'in_cidr'],
  country: ['equals', 'in'],
  header: ['equals', 'contains'],
  query_param: ['equals', 'contains'],
  body: ['contains'],
} as const;
export type ConditionField = keyof typeof CONDITION_OPS;
export type ConditionOp = (typeof CONDITION_OPS)[ConditionField][number];

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT'] as const;
export const MAX_CONDITIONS = 20;
export const MAX_CONDITION_VALUE = 2048;
export const MAX_BODY_NEEDLE = 1024;

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export { HEADER_CONDITION };

/** Why `value` is not acceptable for this field and op, or undefined. Ops are already known valid. */
function conditionValueProblem(field: ConditionField, op: string, value: string): string | undefined {
  const trimmed = value.trim();
  switch (field) {
    case 'path':
      if (value.length === 0) return 'path text must not be empty';
      return op === 'matches' ? checkSafePattern(value) : undefined;
    case 'method':
      return (HTTP_METHODS as readonly string[]).includes(trimmed.toUpperCase())
        ? undefined
        : `must be an HTTP method name (${HTTP_METHODS.join(', ')})`;
    case 'ip':
      if (op === 'equals') return isIp(trimmed) ? undefined : 'must be an IPv4 or IPv6 address';
      return trimmed.includes('/') && parseCidr(trimmed) ? undefined : 'must be a CIDR range such as 203.0.113.0/24';
    case 'country': {
      const codes = op === 'in' ? trimmed.split(',').map((c) => c.trim()) : [trimmed];
      const bad = codes.filter((c) => !isCountryCode(c.toUpperCase()));
      if (bad.length === 0) return undefined;
      return op === 'in'
        ? `must be a comma-separated list of ISO-3166-1 alpha-2 codes; not valid: ${bad.map((c) => `'${c}'`).join(', ')}`
        : 'must be an ISO-3166-1 alpha-2 country code';
    }
    case 'header':
      return HEADER_CONDITION.test(value) ? undefined : "must have the form '<header-name>: <header-value>'";
    case 'query_param': {
      const eq = value.indexOf('=');
      return eq > 0 ? undefined : "must have the form '<name>=<value>'";
    }
    case 'body':
      if (value.length === 0) return 'body text must not be empty';
      return value.length > MAX_BODY_NEEDLE ? `must be at most ${MAX_BODY_NEEDLE} characters` : undefined;
  }
}

function conditionBranch<F extends ConditionField>(field: F) {
  return z
    .object({
      field: z.literal(field),
      op: z.enum(CONDITION_OPS[field] as unknown as [(typeof CONDITION_OPS)[F][number], ...string[]], {
        error: (issue) =>
          `op '${String(issue.input)}' is not allowed for field '${field}'; allowed: ${CONDITION_OPS[field].join(', ')}`,
      }),
      value: z.string().max(MAX_CONDITION_VALUE),
    })
    .strict()
    .superRefine((c, ctx) => {
      const problem = conditionValueProblem(field, c.op, c.value);
      if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
    });
}

export const conditionSchema = z.discriminatedUnion(
  'field',
  [
    conditionBranch('path'),
    conditionBranch('method'),
    conditionBranch('ip'),
    conditionBranch('country'),
    conditionBranch('header'),
    conditionBranch('query_param'),
    conditionBranch('body'),
  ],
  { error: () => `field must be one of: ${Object.keys(CONDITION_OPS).join(', ')}` },
);
export type EdgeRuleCondition = z.infer<typeof conditionSchema>;

/** Headers a rule may not set: they would break framing, routing or the gateway's own credential. */
export const FORBIDDEN_RULE_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'proxy-connection',
  'x-api-key',
]);

const headerValue = z
  .string()
  .max(4096)
  .refine((v) => !/[\r\n\0]/.test(v), { message: 'must not contain CR, LF or NUL' });

const redirectUrl = z
  .string()
  .min(1)
  .max(2048)
  .refine(
    (url) => {
      if (/[\s\0]/.test(url)) return false;
      if (url.startsWith('/')) return !url.startsWith('//');
      try {
        const parsed = new URL(url);
        return parsed.protocol === 'https:' || parsed.protocol === 'http:';
      } catch {
        return false;
      }
    },
    { message: "must be an absolute http(s) URL or a path starting with a single '/'" },
  );

export const redirectConfigSchema = z
  .object({
    url: redirectUrl,
    statusCode: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]).default(302),
  })
  .strict();

export const addHeaderConfigSchema = z
  .object({
    name: z
      .string()
      .min(1)
      .max(256)
      .regex(TOKEN, { message: 'must be a valid HTTP header name' })
      .refine((n) => !FORBIDDEN_RULE_HEADERS.has(n.toLowerCase()), { message: 'this header cannot be set by a rule' }),
    value: headerValue,
    target: z.enum(['response', 'request']).default('response'),
  })
  .strict();

export const cacheOverrideConfigSchema = z
  .object({
    ttlSec: z.number().int().min(0).max(86_400).optional(),
    bypass: z.literal(true).optional(),
  })
  .strict()
  .refine((c) => (c.ttlSec === undefined) !== (c.bypass === undefined), {
    message: 'give exactly one of ttlSec or bypass: true',
  });

export const RATE_LIMIT_KEY = /^(ip|apiKey|header:[!#$%&'*+.^_`|~0-9A-Za-z-]+)$/;

export const rateLimitConfigSchema = z
  .object({
    requests: z.number().int().min(1).max(1_000_000),
    windowSec: z.number().int().min(1).max(86_400),
    keyBy: z
      .string()
      .regex(RATE_LIMIT_KEY, { message: "must be 'ip', 'apiKey' or 'header:<header-name>'" })
      .default('ip'),
    onLimit: z.enum(['block', 'challenge']).default('block'),
  })
  .strict();

const emptyConfig = z.object({}).strict().default({});

export const ACTION_CONFIG_SCHEMAS = {
  allow: emptyConfig,
  block: emptyConfig,
  challenge: emptyConfig,
  log: emptyConfig,
  redirect: redirectConfigSchema,
  add_header: addHeaderConfigSchema,
  cache_override: cacheOverrideConfigSchema,
  rate_limit: rateLimitConfigSchema,
} as const;
export type EdgeRuleAction = keyof typeof ACTION_CONFIG_SCHEMAS;
export const EDGE_RULE_ACTIONS = Object.keys(ACTION_CONFIG_SCHEMAS) as EdgeRuleAction[];

const ruleFields = {
  name: z.string().trim().min(1).max(128),
  priority: z.number().int().min(1).max(10_000),
  conditions: z.array(conditionSchema).max(MAX_CONDITIONS),
  isEnabled: z.boolean(),
};

function actionBranch<A extends EdgeRuleAction>(action: A) {
  return z
    .object({
      name: ruleFields.name,
      priority: ruleFields.priority.default(100),
      conditions: ruleFields.conditions.default([]),
      action: z.literal(action),
      actionConfig: ACTION_CONFIG_SCHEMAS[action],
      isEnabled: ruleFields.isEnabled.default(true),
    })
    .strict();
}

/** Body of `POST /projects/:id/rules` (SPEC §2 "Custom edge rule"); `action` selects the actionConfig shape. */
export const edgeRuleInputSchema = z.discriminatedUnion(
  'action',
  [
    actionBranch('allow'),
    actionBranch('block'),
    actionBranch('challenge'),
    actionBranch('log'),
    actionBranch('redirect'),
    actionBranch('add_header'),
    actionBranch('cache_override'),
    actionBranch('rate_limit'),
  ],
  { error: () => `action must be one of: ${EDGE_RULE_ACTIONS.join(', ')}` },
);
export type EdgeRuleInput = z.infer<typeof edgeRuleInputSchema>;

/**
 * Body of `PATCH /projects/:id/rules/:ruleId`: every field optional, each checked as on create. Whether
 * `actionConfig` fits `action` depends on the stored rule, so finish with `applyEdgeRulePatch`.
 */
export const edgeRulePatchSchema = z
  .object({
    name: ruleFields.name,
    priority: ruleFields.priority,
    conditions: ruleFields.conditions,
    action: z.enum(EDGE_RULE_ACTIONS as [EdgeRuleAction, ...EdgeRuleAction[]]),
    actionConfig: z.record(z.string(), z.unknown()),
    isEnabled: ruleFields.isEnabled,
  })
  .partial()
  .strict();
export type EdgeRulePatch = z.infer<typeof edgeRulePatchSchema>;

/**
 * The stored rule's input fields with a validated patch applied, re-validated as a whole. Changing
 * `action` without sending `actionConfig` resets it to `{}` (the old config belongs to the old action).
 */
export function applyEdgeRulePatch(
  existing: EdgeRuleInput,
  patch: EdgeRulePatch,
): ReturnType<typeof edgeRuleInputSchema.safeParse> {
  const actionChanged = patch.action !== undefined && patch.action !== existing.action;
  const merged = {
    name: patch.name ?? existing.name,
    priority: patch.priority ?? existing.priority,
    conditions: patch.conditions ?? existing.conditions,
    action: patch.action ?? existing.action,
    actionConfig: patch.actionConfig ?? (actionChanged ? {} : existing.actionConfig),
    isEnabled: patch.isEnabled ?? existing.isEnabled,
  };
  return edgeRuleInputSchema.safeParse(merged);
}

/** A stored rule: the validated input plus identity and timestamps. */
export type EdgeRule = EdgeRuleInput & {
  id: string;
  projectId: string;
  createdAt: string;
  updatedAt: string;
};

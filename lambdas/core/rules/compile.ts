import { HEADER_CONDITION } from '../config/condition-shapes.ts';
import type { EdgeRule, EdgeRuleCondition } from '../config/edge-rule.ts';
import { cidrContains, parseCidr, parseIp } from '../net/ip.ts';
import type { RequestView } from './request-view.ts';
import { compileSafePattern } from './safe-regex.ts';

export interface CompiledCondition {
  index: number;
  condition: EdgeRuleCondition;
  test(view: RequestView): boolean;
}

export interface CompiledRule {
  rule: EdgeRule;
  conditions: readonly CompiledCondition[];
  /** Set when a stored condition no longer compiles; such a rule never matches. */
  compileError?: string;
}

/** A project's rules prepared once per config version (see `compiledRulesFor` in stage.ts). */
export interface CompiledRules {
  /** Every rule, disabled ones included, in evaluation order. */
  all: readonly CompiledRule[];
  /** Enabled rules grouped by priority (ascending); inside a group, in creation order (an OR group). */
  groups: readonly (readonly CompiledRule[])[];
}

const never = () => false;

/** Builds the per-request test of one condition; values were validated at the API, so only normalise. */
export function compileCondition(condition: EdgeRuleCondition, index: number): CompiledCondition {
  return { index, condition, test: conditionTest(condition) };
}

function conditionTest(c: EdgeRuleCondition): (view: RequestView) => boolean {
  const value = c.value;
  switch (c.field) {
    case 'path':
      switch (c.op) {
        case 'equals':
          return (v) => v.decodedPath === value;
        case 'starts_with':
          return (v) => v.decodedPath.startsWith(value);
        case 'ends_with':
          return (v) => v.decodedPath.endsWith(value);
        case 'contains':
          return (v) => v.decodedPath.includes(value);
        case 'matches': {
          const pattern = compileSafePattern(value);
          return (v) => pattern.test(v.decodedPath);
        }
      }
      break;
    case 'method': {
      const method = value.trim().toUpperCase();
      return (v) => v.upperMethod === method;
    }
    case 'ip': {
      if (c.op === 'equals') {
        const ip = parseIp(value);
        if (!ip) return never;
        return (v) => v.ip !== undefined && v.ip.family === ip.family && v.ip.value === ip.value;
      }
      const range = parseCidr(value.trim());
      if (!range) return never;
      return (v) => v.ip !== undefined && cidrContains(range, v.ip);
    }
    case 'country': {
      const codes = new Set((c.op === 'in' ? value.split(',') : [value]).map((code) => code.trim().toUpperCase()));
      return (v) => v.req.country !== undefined && codes.has(v.req.country.toUpperCase());
    }
    case 'header': {
      const m = HEADER_CONDITION.exec(value);
      if (!m) return never;
      const name = m[1]!.toLowerCase();
      const expected = m[2]!;
      return c.op === 'equals'
        ? (v) => v.header(name) === expected
        : (v) => v.header(name)?.includes(expected) === true;
    }
    case 'query_param': {
      const eq = value.indexOf('=');
      const name = value.slice(0, eq);
      const expected = value.slice(eq + 1);
      return c.op === 'equals'
        ? (v) => v.queryValues(name)?.includes(expected) ?? false
        : (v) => v.queryValues(name)?.some((actual) => actual.includes(expected)) ?? false;
    }
    case 'body':
      return (v) => v.bodyText.includes(value);
  }
  return never;
}

function compileRule(rule: EdgeRule): CompiledRule {
  try {
    return { rule, conditions: rule.conditions.map(compileCondition) };
  } catch (err) {
    return { rule, conditions: [], compileError: err instanceof Error ? err.message : String(err) };
  }
}

/** Lower priority first; same priority in creation order, then id, so the order is total and stable. */
function byEvaluationOrder(a: EdgeRule, b: EdgeRule): number {
  if (a.priority !== b.priority) return a.priority - b.priority;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function compileRules(rules: readonly EdgeRule[]): CompiledRules {
  const all = [...rules].sort(byEvaluationOrder).map(compileRule);
  const groups: CompiledRule[][] = [];
  for (const compiled of all) {
    if (!compiled.rule.isEnabled || compiled.compileError !== undefined) continue;
    const last = groups[groups.length - 1];
    if (last && last[0]!.rule.priority === compiled.rule.priority) last.push(compiled);
    else groups.push([compiled]);
  }
  return { all, groups };
}

/** The first condition of the rule that fails on this request, or -1 when all match (AND). */
export function firstFailingCondition(rule: CompiledRule, view: RequestView): number {
  for (const condition of rule.conditions) {
    if (!condition.test(view)) return condition.index;
  }
  return -1;
}

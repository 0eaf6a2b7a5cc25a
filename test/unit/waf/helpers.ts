import { expect } from 'vitest';
import { DEFAULT_WAF_CONFIG, type WafConfig } from '../../../lambdas/core/config/waf-config.ts';
import type { EdgeRequest } from '../../../lambdas/core/edge-request.ts';
import { type CompiledWaf, compileWaf, inspectRequest } from '../../../lambdas/core/waf/index.ts';

export const BROWSER_HEADERS: Record<string, string> = {
  'user-agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  referer: 'https://shop.example.com/products?page=2',
  cookie: 'session=3f9a1c; theme=dark',
};

export function waf(overrides: Partial<WafConfig> = {}): CompiledWaf {
  return compileWaf({ ...DEFAULT_WAF_CONFIG, ...overrides });
}

export function get(pathAndQuery: string, headers: Record<string, string> = BROWSER_HEADERS): EdgeRequest {
  const q = pathAndQuery.indexOf('?');
  return {
    method: 'GET',
    path: q < 0 ? pathAndQuery : pathAndQuery.slice(0, q),
    query: q < 0 ? '' : pathAndQuery.slice(q + 1),
    headers,
    ip: '203.0.113.7',
  };
}

export function post(
  contentType: string | undefined,
  body: string | Uint8Array,
  extra: Partial<EdgeRequest> = {},
): EdgeRequest {
  const headers: Record<string, string> = { ...BROWSER_HEADERS };
  if (contentType) headers['content-type'] = contentType;
  return {
    method: 'POST',
    path: '/api/v1/items',
    query: '',
    headers,
    ip: '203.0.113.7',
    body: typeof body === 'string' ? new TextEncoder().encode(body) : body,
    ...extra,
  };
}

export const json = (value: unknown) => post('application/json', JSON.stringify(value));
export const form = (body: string) => post('application/x-www-form-urlencoded', body);

let balanced: CompiledWaf | undefined;

/** The default configuration (sensitivity 70), compiled once per test file. */
export function balancedWaf(): CompiledWaf {
  balanced ??= waf();
  return balanced;
}

/** Challenged or blocked, with `ruleId` among the rules that matched. */
export function expectDetected(req: EdgeRequest, ruleId: string, engine: CompiledWaf = balancedWaf()): void {
  // Act
  const decision = inspectRequest(engine, req);
  // Assess
  expect(decision.action).not.toBe('allow');
  expect(decision.ruleIds).toContain(ruleId);
}

/** Blocked outright (not only challenged), with `ruleId` among the rules that matched. */
export function expectBlocked(req: EdgeRequest, ruleId: string, engine: CompiledWaf = balancedWaf()): void {
  // Act
  const decision = inspectRequest(engine, req);
  // Assess
  expect(decision.action).toBe('block');
  expect(decision.ruleIds).toContain(ruleId);
}

/** Allowed, and `ruleId` did not even contribute points. */
export function expectNotFlaggedBy(req: EdgeRequest, ruleId: string, engine: CompiledWaf = balancedWaf()): void {
  // Act
  const decision = inspectRequest(engine, req);
  // Assess
  expect(decision.ruleIds).not.toContain(ruleId);
  expect(decision.action).toBe('allow');
}

/** Allowed with no rule matching at all. */
export function expectAllowed(req: EdgeRequest, engine: CompiledWaf = balancedWaf()): void {
  // Act
  const decision = inspectRequest(engine, req);
  // Assess
  expect(decision.ruleIds).toEqual([]);
  expect(decision.action).toBe('allow');
}

/** An XML POST whose document element wraps `inner`. */
export const xmlDoc = (inner: string) => post('application/xml', `<?xml version="1.0"?><doc>${inner}</doc>`);

import type { EdgeRequest } from '../edge-request.ts';
import type { AccessListResult, CompiledWaf } from './types.ts';

/**
 * The project's explicit lists, checked before any signature: an allow-listed IP bypasses the whole
 * WAF (including the block lists, so an operator can always let themselves in), otherwise any block
 * list hit blocks.
 */
export function evaluateAccessLists(waf: CompiledWaf, req: EdgeRequest): AccessListResult {
  if (waf.isAllowedIp(req.ip)) return { kind: 'allow-bypass' };
  if (waf.isBlockedIp(req.ip)) {
    return { kind: 'block', reason: `IP ${req.ip} is on the project's blocklist`, threatType: 'ip_blocklist' };
  }
  const country = req.country?.toUpperCase();
  if (country && waf.blockedCountries.has(country)) {
    return {
      kind: 'block',
      reason: `Requests from country ${country} are blocked`,
      threatType: 'country_blocklist',
    };
  }
  if (waf.blockedUserAgents.length > 0) {
    const userAgent = (req.headers['user-agent'] ?? '').toLowerCase();
    const hit = waf.blockedUserAgents.find((fragment) => userAgent.includes(fragment));
    if (hit !== undefined) {
      return {
        kind: 'block',
        reason: `User-Agent matches blocked fragment "${hit}"`,
        threatType: 'user_agent_blocklist',
      };
    }
  }
  return { kind: 'none' };
}

import { describe, expect, it } from 'vitest';
import { evaluateAccessLists } from '../../../lambdas/core/waf/index.ts';
import { get, waf } from './helpers.ts';

function from(ip: string, extra: { country?: string; userAgent?: string } = {}) {
  const req = get('/', { 'user-agent': extra.userAgent ?? 'Mozilla/5.0' });
  return { ...req, ip, ...(extra.country ? { country: extra.country } : {}) };
}

describe('WAF access lists', () => {
  it.each([
    ['an exact IPv4 address', ['198.51.100.7'], '198.51.100.7'],
    ['an IPv4 CIDR range', ['198.51.100.0/24'], '198.51.100.200'],
    ['an IPv6 address in another notation', ['2001:db8::1'], '2001:0db8:0:0:0:0:0:1'],
    ['an IPv6 CIDR range', ['2001:db8:abcd::/48'], '2001:db8:abcd:12::5'],
    ['an IPv4-mapped IPv6 client of a v4 entry', ['192.0.2.0/24'], '::ffff:192.0.2.9'],
  ])('blocks %s on blockedIps', (_name, blockedIps, ip) => {
    // Act
    const result = evaluateAccessLists(waf({ blockedIps }), from(ip));
    // Assess
    expect(result).toMatchObject({ kind: 'block', threatType: 'ip_blocklist' });
  });

  it('does not block an address outside the blocked range', () => {
    // Act
    const result = evaluateAccessLists(waf({ blockedIps: ['198.51.100.0/24'] }), from('198.51.101.1'));
    // Assess
    expect(result).toEqual({ kind: 'none' });
  });

  it('lets an allowed IP bypass every other list', () => {
    // Prepare
    const config = waf({
      allowedIps: ['203.0.113.0/24'],
      blockedIps: ['203.0.113.5'],
      blockedCountries: ['FR'],
      blockedUserAgents: ['curl'],
    });
    // Act
    const result = evaluateAccessLists(config, from('203.0.113.5', { country: 'FR', userAgent: 'curl/8.0' }));
    // Assess
    expect(result).toEqual({ kind: 'allow-bypass' });
  });

  it('blocks a country on blockedCountries', () => {
    // Act
    const result = evaluateAccessLists(waf({ blockedCountries: ['KP', 'RU'] }), from('192.0.2.1', { country: 'RU' }));
    // Assess
    expect(result).toMatchObject({ kind: 'block', threatType: 'country_blocklist' });
  });

  it('does not block a request whose country is unknown', () => {
    // Act
    const result = evaluateAccessLists(waf({ blockedCountries: ['RU'] }), from('192.0.2.1'));
    // Assess
    expect(result).toEqual({ kind: 'none' });
  });

  it('blocks a User-Agent containing a blocked fragment, ignoring case', () => {
    // Act
    const result = evaluateAccessLists(
      waf({ blockedUserAgents: ['BadBot'] }),
      from('192.0.2.1', { userAgent: 'Mozilla/5.0 (compatible; badbot/2.1)' }),
    );
    // Assess
    expect(result).toMatchObject({ kind: 'block', threatType: 'user_agent_blocklist' });
    expect(result.kind === 'block' && result.reason).toContain('BadBot'.toLowerCase());
  });
});

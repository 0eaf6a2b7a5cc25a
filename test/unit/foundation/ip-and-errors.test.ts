import { describe, expect, it } from 'vitest';
import {
  AppError,
  NotFoundError,
  RateLimitedError,
  toErrorBody,
  ValidationError,
} from '../../../lambdas/core/errors.ts';
import { cidrContains, compileIpMatcher, isIp, isIpOrCidr, parseCidr, parseIp } from '../../../lambdas/core/net/ip.ts';

describe('IP addresses and CIDR ranges', () => {
  it('parses IPv4 to its 32-bit value', () => {
    expect(parseIp('192.168.1.10')).toEqual({ family: 4, value: 0xc0a8010an });
    expect(parseIp(' 0.0.0.0 ')).toEqual({ family: 4, value: 0n });
    expect(parseIp('255.255.255.255')).toEqual({ family: 4, value: 0xffffffffn });
  });

  it('parses IPv6 in full, compressed, bracketed and zoned forms to the same value', () => {
    const full = parseIp('2001:0db8:0000:0000:0000:0000:0000:0001');
    expect(full).toEqual({ family: 6, value: (0x20010db8n << 96n) | 1n });
    expect(parseIp('2001:db8::1')).toEqual(full);
    expect(parseIp('[2001:db8::1]')).toEqual(full);
    expect(parseIp('2001:db8::1%eth0')).toEqual(full);
    expect(parseIp('::')).toEqual({ family: 6, value: 0n });
    expect(parseIp('::1')).toEqual({ family: 6, value: 1n });
  });

  it('treats IPv4-mapped IPv6 as the IPv4 address', () => {
    expect(parseIp('::ffff:10.0.0.1')).toEqual(parseIp('10.0.0.1'));
    expect(parseIp('::ffff:a00:1')).toEqual(parseIp('10.0.0.1'));
  });

  it.each([
    '',
    '256.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    '01.2.3.4',
    '1.2.3.-4',
    'a.b.c.d',
    '2001:db8::1::2',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7',
    '12345::',
    'g::1',
    '::ffff:1.2.3.256',
    'localhost',
    '1.2.3.4/24',
  ])('rejects %j as an address', (text) => {
    expect(parseIp(text)).toBeUndefined();
    expect(isIp(text)).toBe(false);
  });

  it('normalises a CIDR network and matches addresses inside it only', () => {
    // Prepare
    const range = parseCidr('10.1.2.3/16')!;
    // Assess
    expect(range).toEqual({ family: 4, network: 0x0a010000n, prefix: 16 });
    expect(cidrContains(range, parseIp('10.1.255.255')!)).toBe(true);
    expect(cidrContains(range, parseIp('10.2.0.0')!)).toBe(false);
    expect(cidrContains(range, parseIp('::ffff:10.1.0.9')!)).toBe(true);
    expect(cidrContains(parseCidr('2001:db8::/32')!, parseIp('2001:db8:ffff::1')!)).toBe(true);
    expect(cidrContains(parseCidr('2001:db8::/32')!, parseIp('2001:db9::1')!)).toBe(false);
    expect(cidrContains(parseCidr('0.0.0.0/0')!, parseIp('8.8.8.8')!)).toBe(true);
    expect(cidrContains(parseCidr('0.0.0.0/0')!, parseIp('::1')!)).toBe(false);
  });

  it.each(['10.0.0.0/33', '::/129', '10.0.0.0/', '10.0.0.0/x', '10.0.0.0/-1', 'nope/8'])(
    'rejects %j as a range',
    (text) => {
      expect(parseCidr(text)).toBeUndefined();
      expect(isIpOrCidr(text)).toBe(false);
    },
  );

  it('compiles a list of addresses and ranges into one matcher, ignoring invalid entries', () => {
    // Prepare
    const matches = compileIpMatcher(['203.0.113.7', '198.51.100.0/24', '2001:db8::/48', 'garbage']);
    // Assess
    expect(matches('203.0.113.7')).toBe(true);
    expect(matches('203.0.113.8')).toBe(false);
    expect(matches('198.51.100.200')).toBe(true);
    expect(matches('::ffff:198.51.100.1')).toBe(true);
    expect(matches('2001:db8:0:1::5')).toBe(true);
    expect(matches('2001:db8:1::5')).toBe(false);
    expect(matches('not an ip')).toBe(false);
    expect(compileIpMatcher([])('1.2.3.4')).toBe(false);
  });
});

describe('toErrorBody', () => {
  it('maps an AppError to its status, code, details and headers with the request id', () => {
    // Act
    const out = toErrorBody(new ValidationError('Invalid body', [{ path: 'name', message: 'required' }]), 'req_1');
    const limited = toErrorBody(new RateLimitedError(30), 'req_2');
    // Assess
    expect(out).toEqual({
      status: 400,
      headers: {},
      body: {
        success: false,
        error: {
          code: 'validation_error',
          message: 'Invalid body',
          details: [{ path: 'name', message: 'required' }],
          requestId: 'req_1',
        },
      },
    });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('30');
  });

  it('omits details when there are none', () => {
    expect(toErrorBody(new NotFoundError('Project'), 'r').body.error).toEqual({
      code: 'not_found',
      message: 'Project not found',
      requestId: 'r',
    });
  });

  it.each([
    ['an Error', new Error('password=hunter2 at db.internal:5432')],
    ['a string', 'password=hunter2'],
    ['an error-like object', { status: 400, code: 'fake', message: 'password=hunter2' }],
    ['undefined', undefined],
  ])('reports %s as a 500 internal_error without its message', (_what, thrown) => {
    // Act
    const out = toErrorBody(thrown, 'req_leak');
    // Assess
    expect(out.status).toBe(500);
    expect(out.body.error.code).toBe('internal_error');
    expect(out.body.error.message).toContain('req_leak');
    expect(JSON.stringify(out)).not.toContain('hunter2');
    expect(JSON.stringify(out)).not.toContain('db.internal');
  });

  it('treats subclasses of AppError as known errors', () => {
    class TeapotError extends AppError {
      constructor() {
        super(418, 'teapot', 'I am a teapot');
      }
    }
    expect(toErrorBody(new TeapotError(), 'r')).toMatchObject({ status: 418, body: { error: { code: 'teapot' } } });
  });
});

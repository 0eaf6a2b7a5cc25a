import { writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCountryResolver } from '../../../server/geo/country-resolver.ts';
import { eventually } from '../../helpers/http.ts';
import { buildMmdb } from '../../helpers/mmdb.ts';
import { freshDataDir } from '../../helpers/test-server.ts';
import { startWafHarness, type WafHarness } from './harness.ts';

function tinyDatabase(): string {
  const file = join(freshDataDir(), 'tiny-country.mmdb');
  writeFileSync(
    file,
    buildMmdb({
      '127.0.0.0/8': { country: { iso_code: 'FR' } },
      '198.51.100.0/24': { country: { iso_code: 'RU' } },
      '203.0.113.0/24': { registered_country: { iso_code: 'de' } },
    }),
  );
  return file;
}

const request = (headers: Record<string, string> = {}) => ({ headers }) as unknown as IncomingMessage;

describe('geo port (self-hosted)', () => {
  it('reads the country of an address from a MaxMind-format database', () => {
    // Prepare
    const countryOf = createCountryResolver({ databasePath: tinyDatabase() })!;
    // Act
    const countries = ['127.0.0.1', '198.51.100.77', '203.0.113.5', '8.8.8.8', '2001:db8::1'].map((ip) =>
      countryOf(request(), ip),
    );
    // Assess
    expect(countries).toEqual(['FR', 'RU', 'DE', undefined, undefined]);
  });

  it('prefers the database over a trusted header when both are configured', () => {
    // Prepare
    const countryOf = createCountryResolver({ databasePath: tinyDatabase(), trustedHeader: 'cf-ipcountry' })!;
    // Act
    const country = countryOf(request({ 'cf-ipcountry': 'US' }), '127.0.0.1');
    // Assess
    expect(country).toBe('FR');
  });

  it('reads a trusted header only when one is configured, and only valid codes', () => {
    // Prepare
    const viaHeader = createCountryResolver({ trustedHeader: 'CF-IPCountry' })!;
    // Act
    const codes = [
      viaHeader(request({ 'cf-ipcountry': 'us' }), '::1'),
      viaHeader(request({ 'cf-ipcountry': 'T1' }), '::1'),
    ];
    const unconfigured = createCountryResolver({});
    // Assess
    expect(codes).toEqual(['US', undefined]);
    expect(unconfigured).toBeUndefined();
  });
});

describe('country blocklist at the proxy with a MaxMind database', () => {
  let h: WafHarness;

  beforeAll(async () => {
    h = await startWafHarness({ geo: { databasePath: tinyDatabase() }, eventFlushIntervalMs: 20 });
  });
  afterAll(async () => {
    await h.close();
  });

  it('blocks the country the database gives for the client address and records it on the event', async () => {
    // Prepare
    await h.patchWaf({ blockedCountries: ['FR'] });
    const before = h.origin.hits;
    // Act
    const res = await h.proxy('/articles', { headers: { 'cf-ipcountry': 'US' } });
    // Assess
    expect(res.status).toBe(403);
    expect(res.json().error.details.threatType).toBe('country_blocklist');
    expect(h.origin.hits).toBe(before);
    const recorded = await eventually(async () => {
      const events = await h.t.api(`/projects/${h.projectId}/waf/events?threatType=country_blocklist`);
      return events.json().data[0]?.country === 'FR';
    }, 5000);
    expect(recorded).toBe(true);
  });

  it('lets the client through once its country is no longer listed', async () => {
    // Prepare
    await h.patchWaf({ blockedCountries: ['RU'] });
    // Act
    const res = await h.proxy('/articles');
    // Assess
    expect(res.status).toBe(200);
  });
});

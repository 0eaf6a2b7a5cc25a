import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { type CountryResponse, Reader } from 'maxmind';
import { isCountryCode } from '../../lambdas/core/net/countries.ts';

export interface GeoOptions {
  /** A MaxMind-format database (GeoLite2/GeoIP2 Country or City, or any MMDB with `country.iso_code`). */
  databasePath?: string;
  /** A header a trusted front proxy sets to the client's country, e.g. `cf-ipcountry`; off by default. */
  trustedHeader?: string;
}

export type CountryOf = (req: IncomingMessage, ip: string) => string | undefined;

function normalise(code: string | undefined): string | undefined {
  const upper = code?.trim().toUpperCase();
  return upper && isCountryCode(upper) ? upper : undefined;
}

/**
 * The self-hosted geo port. A database wins over a header because a header can only be trusted when
 * every request passes a proxy that overwrites it, which is why the header is opt-in.
 * Undefined when neither is configured: country block lists then never match.
 */
export function createCountryResolver(options: GeoOptions): CountryOf | undefined {
  if (options.databasePath) {
    const reader = new Reader<CountryResponse>(readFileSync(options.databasePath));
    return (_req, ip) => {
      try {
        const record = reader.get(ip);
        return normalise(record?.country?.iso_code ?? record?.registered_country?.iso_code);
      } catch {
        // An IPv6 client against an IPv4-only database, or an address the reader cannot parse.
        return undefined;
      }
    };
  }
  const header = options.trustedHeader?.trim().toLowerCase();
  if (header) {
    return (req) => {
      const value = req.headers[header];
      return normalise(Array.isArray(value) ? value[0] : value);
    };
  }
  return undefined;
}

/** `EDGE_GEOIP_DB` (path to an .mmdb) and `EDGE_GEOIP_HEADER` (trusted country header name). */
export function geoOptionsFromEnv(env: NodeJS.ProcessEnv): GeoOptions {
  return { databasePath: env.EDGE_GEOIP_DB || undefined, trustedHeader: env.EDGE_GEOIP_HEADER || undefined };
}

import { z } from 'zod';
import { isCountryCode } from '../net/countries.ts';
import { isIp, isIpOrCidr } from '../net/ip.ts';

export const ipAddress = z.string().trim().refine(isIp, { message: 'must be an IPv4 or IPv6 address' });

export const ipOrCidr = z.string().trim().refine(isIpOrCidr, { message: 'must be an IPv4/IPv6 address or CIDR range' });

export const countryCode = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .refine(isCountryCode, { message: 'must be an ISO-3166-1 alpha-2 country code' });

export const boundedList = <T extends z.ZodType>(item: T, max = 1000) => z.array(item).max(max);

/** `page`/`limit` query parameters shared by every list endpoint (limit capped at 100). */
export const pageQueryFields = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};
/** List endpoints take exactly these; an unknown parameter is refused like an unknown body field. */
export const pageQuerySchema = z.object(pageQueryFields).strict();
export type PageQuery = { page: number; limit: number };

export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}

/**
 * A configuration document's two schemas from one field list: `full` fills documented defaults, `patch`
 * accepts any subset and fills nothing — zod 4's `.partial()` would keep the defaults and so silently
 * reset every field a PATCH did not mention.
 */
export function settingSchemas<S extends Record<string, z.ZodType>>(
  fields: S,
  defaults: { [K in keyof S]: z.output<S[K]> },
) {
  const withDefaults = {} as { [K in keyof S]: z.ZodDefault<S[K]> };
  for (const key of Object.keys(fields) as Array<keyof S>) {
    withDefaults[key] = fields[key]!.default(defaults[key] as never) as z.ZodDefault<S[typeof key]>;
  }
  return { full: z.object(withDefaults).strict(), patch: z.object(fields).partial().strict() };
}

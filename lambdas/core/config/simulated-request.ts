import { z } from 'zod';
import type { EdgeRequest } from '../edge-request.ts';
import { countryCode, ipAddress } from './common.ts';

/**
 * The request the sandbox endpoints (WAF, cache, edge rules) evaluate: one description, validated the
 * same way everywhere, so a request that one sandbox accepts the others accept too.
 */
export const simulatedRequestFields = {
  method: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{1,16}$/, { message: 'must be an HTTP method name' })
    .transform((m) => m.toUpperCase()),
  path: z.string().min(1).max(8192).startsWith('/', { message: 'must start with /' }),
  /** With or without the leading `?`. */
  queryString: z
    .string()
    .max(16_384)
    .default('')
    .transform((q) => (q.startsWith('?') ? q.slice(1) : q)),
  headers: z.record(z.string().min(1).max(256), z.string().max(16_384)).default({}),
};

/** Who sends the simulated request, and its body: what the security sandboxes also look at. */
export const simulatedClientFields = {
  body: z
    .string()
    .max(256 * 1024)
    .optional(),
  ip: ipAddress.default('0.0.0.0'),
  country: countryCode.optional(),
};

/** A parsed simulated request; the client fields are absent for the cache sandbox. */
export interface SimulatedRequest {
  method: string;
  path: string;
  queryString: string;
  headers: Record<string, string>;
  body?: string | undefined;
  ip?: string;
  country?: string | undefined;
}

/** The EdgeRequest a runtime adapter would build for it: the sandboxes judge exactly what the proxy sees. */
export function simulatedEdgeRequest(input: SimulatedRequest): EdgeRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) headers[name.toLowerCase()] = value;
  const req: EdgeRequest = {
    method: input.method,
    path: input.path,
    query: input.queryString,
    headers,
    ip: input.ip ?? '0.0.0.0',
  };
  if (input.country) req.country = input.country;
  if (input.body !== undefined) req.body = new TextEncoder().encode(input.body);
  return req;
}

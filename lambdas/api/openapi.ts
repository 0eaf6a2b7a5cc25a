import { z } from 'zod';
import type { AnyRoute } from './http/route.ts';

function jsonSchema(schema: z.ZodType): unknown {
  // Refinements and transforms cannot be expressed in JSON Schema; the input shape is what clients need.
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
}

const errorSchema = {
  type: 'object',
  required: ['success', 'error'],
  properties: {
    success: { const: false },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        details: {},
        requestId: { type: 'string' },
      },
    },
  },
};

/** OpenAPI 3.1 document derived from the same route definitions and zod schemas that validate requests. */
export function buildOpenApi(routes: AnyRoute[], serverUrl = '/'): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const parameters: unknown[] = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    if (r.query) {
      const q = jsonSchema(r.query) as { properties?: Record<string, unknown> };
      for (const [name, schema] of Object.entries(q.properties ?? {})) {
        parameters.push({ name, in: 'query', required: false, schema });
      }
    }
    const op: Record<string, unknown> = {
      summary: r.summary,
      parameters,
      security:
        r.auth === 'none' ? [] : r.auth === 'api-key-only' ? [{ apiKey: [] }] : [{ apiKey: [] }, { bearer: [] }],
      responses: {
        '200': {
          description: 'Success envelope `{ success: true, data, meta? }`',
          content: { 'application/json': { schema: { type: 'object', required: ['success', 'data'] } } },
        },
        default: { description: 'Error envelope', content: { 'application/json': { schema: errorSchema } } },
      },
    };
    if (r.body) {
      op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(r.body) } } };
    }
    paths[r.path] ??= {};
    paths[r.path]![r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Edge Gateway management API', version: '1.0.0' },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
    paths,
  };
}

import type { z } from 'zod';
import { type FieldIssue, ValidationError } from '../../core/errors.ts';

/** Flattens zod issues into `{path, message}` pairs, one per unknown key so each is named. */
export function toFieldIssues(error: z.ZodError, root = ''): FieldIssue[] {
  const out: FieldIssue[] = [];
  for (const issue of error.issues) {
    const base = [root, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ path: base ? `${base}.${key}` : key, message: 'unknown field' });
    } else {
      out.push({ path: base || '(root)', message: issue.message });
    }
  }
  return out;
}

export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, what: string, root = ''): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(`Invalid ${what}`, toFieldIssues(result.error, root));
}

/** A PATCH must change something: an empty body is a 400 on the root, worded like a schema issue. */
export function assertPatchNotEmpty(patch: object, what: string): void {
  if (Object.keys(patch).length === 0) {
    throw new ValidationError(`Invalid ${what}`, [{ path: '(root)', message: 'send at least one field to change' }]);
  }
}

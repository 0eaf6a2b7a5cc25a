import { z } from 'zod';

// Placeholder until the edge-rules work lands: the rules issue owns this schema.
export const edgeRuleInputSchema = z
  .object({
    name: z.string().min(1).max(128),
    priority: z.number().int().min(1).max(10_000).default(100),
    conditions: z.array(z.object({ field: z.string(), op: z.string(), value: z.string() }).strict()).default([]),
    action: z.enum(['allow', 'block', 'challenge', 'rate_limit', 'redirect', 'add_header', 'cache_override', 'log']),
    actionConfig: z.record(z.string(), z.unknown()).default({}),
    isEnabled: z.boolean().default(true),
  })
  .strict();
export type EdgeRuleInput = z.infer<typeof edgeRuleInputSchema>;

export interface EdgeRule extends EdgeRuleInput {
  id: string;
  projectId: string;
  createdAt: string;
  updatedAt: string;
}

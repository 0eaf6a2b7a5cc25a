import { z } from 'zod';
import { ALERT_METRICS } from '../core/config/alert-policy.ts';

/**
 * The message the alert evaluator publishes to the alerts topic and the notifier delivers. `id` is
 * derived from the policy and the evaluation window, so one crossing is notified once however often it
 * is evaluated or redelivered.
 */
export const alertNotificationSchema = z
  .object({
    id: z.string().min(1).max(128),
    projectId: z.string().min(1),
    policyId: z.string().min(1),
    policyName: z.string(),
    metric: z.enum(ALERT_METRICS),
    threshold: z.number(),
    value: z.number(),
    windowMinutes: z.number().int().min(1).max(60),
    triggeredAt: z.iso.datetime(),
    target: z.discriminatedUnion('channel', [
      z.object({ channel: z.literal('slack'), webhookUrl: z.url() }),
      z.object({ channel: z.literal('email'), email: z.email() }),
      z.object({ channel: z.literal('webhook'), url: z.url(), secret: z.string().optional() }),
    ]),
  })
  .strict();

export type AlertNotification = z.infer<typeof alertNotificationSchema>;

export function describeAlert(n: AlertNotification): string {
  return `[Edge Gateway] ${n.policyName}: ${n.metric} is ${n.value} (threshold ${n.threshold}) over the last ${n.windowMinutes} min for project ${n.projectId}`;
}

import { z } from 'zod';

export const ALERT_METRICS = ['error_rate', 'latency_p99', 'ddos_active', 'waf_blocks'] as const;
export const ALERT_CHANNELS = ['slack', 'email', 'webhook'] as const;

const httpsUrl = z.url({ protocol: /^https$/, message: 'must be an https URL' });
const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

const slackConfig = z.object({ webhookUrl: httpsUrl }).strict();
const emailConfig = z.object({ email: z.email({ message: 'must be an email address' }) }).strict();
const webhookConfig = z
  .object({
    url: httpUrl,
    /** Shared secret for the HMAC-SHA256 signature header; generated when omitted. */
    secret: z.string().min(16).max(256).optional(),
  })
  .strict();

const base = {
  name: z.string().trim().min(1).max(128),
  metric: z.enum(ALERT_METRICS),
  threshold: z.number().finite().min(0),
  windowMinutes: z.number().int().min(1).max(60).default(5),
  isEnabled: z.boolean().default(true),
};

const byChannel = z.discriminatedUnion('channel', [
  z.object({ ...base, channel: z.literal('slack'), channelConfig: slackConfig }).strict(),
  z.object({ ...base, channel: z.literal('email'), channelConfig: emailConfig }).strict(),
  z.object({ ...base, channel: z.literal('webhook'), channelConfig: webhookConfig }).strict(),
]);

/**
 * SPEC §2 "Alert policy": every common field is checked (and every bad one reported) first, then
 * channelConfig against the chosen channel — a union alone would stop at a bad `channel`.
 */
export const alertPolicyInputSchema = z
  .object({ ...base, channel: z.enum(ALERT_CHANNELS), channelConfig: z.record(z.string(), z.unknown()) })
  .strict()
  .transform((common, ctx) => {
    const checked = byChannel.safeParse(common);
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) ctx.addIssue({ ...issue } as z.core.$ZodRawIssue);
    return z.NEVER;
  });
export type AlertPolicyInput = z.infer<typeof alertPolicyInputSchema>;

export type AlertPolicy = AlertPolicyInput & {
  id: string;
  projectId: string;
  createdAt: string;
  updatedAt: string;
};

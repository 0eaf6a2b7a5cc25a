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

/** SPEC §2 "Alert policy": channelConfig is validated against the chosen channel. */
export const alertPolicyInputSchema = z.discriminatedUnion('channel', [
  z.object({ ...base, channel: z.literal('slack'), channelConfig: slackConfig }).strict(),
  z.object({ ...base, channel: z.literal('email'), channelConfig: emailConfig }).strict(),
  z.object({ ...base, channel: z.literal('webhook'), channelConfig: webhookConfig }).strict(),
]);
export type AlertPolicyInput = z.infer<typeof alertPolicyInputSchema>;

export type AlertPolicy = AlertPolicyInput & {
  id: string;
  projectId: string;
  createdAt: string;
  updatedAt: string;
};

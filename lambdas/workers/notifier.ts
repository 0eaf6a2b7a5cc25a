import { createHmac } from 'node:crypto';
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import type { SNSEvent } from 'aws-lambda';
import { createDocumentClient, tableNameFromEnv } from '../data/dynamo.ts';
import { type AlertNotification, alertNotificationSchema, describeAlert } from './alert-notification.ts';
import { type DeliveryLedger, DynamoDeliveryLedger } from './delivery-ledger.ts';

export const SIGNATURE_HEADER = 'x-edge-gateway-signature';
export const TIMESTAMP_HEADER = 'x-edge-gateway-timestamp';
export const DELIVERY_HEADER = 'x-edge-gateway-delivery';

/**
 * Webhook signature: HMAC-SHA256 over `<timestamp>.<body>` with the policy's secret, hex, prefixed
 * `sha256=`. Receivers recompute it and reject old timestamps, which also defeats replays.
 */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

export interface NotifierDeps {
  ledger: DeliveryLedger;
  fetch: typeof fetch;
  sendEmail(to: string, subject: string, text: string): Promise<void>;
  sleep(ms: number): Promise<void>;
  now(): number;
  /** Tries per delivery inside one invocation; Lambda's async retries and then the DLQ come after. */
  attempts: number;
  baseDelayMs: number;
}

async function post(deps: NotifierDeps, url: string, body: string, headers: Record<string, string>) {
  let res: Response;
  try {
    res = await deps.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(5_000),
    });
  } catch (err) {
    throw new DeliveryError(`POST ${new URL(url).host} failed: ${String(err)}`, true);
  }
  await res.body?.cancel();
  if (res.ok) return;
  // Client errors other than throttling will not fix themselves by trying again.
  throw new DeliveryError(`POST ${new URL(url).host} answered ${res.status}`, res.status === 429 || res.status >= 500);
}

export async function deliver(n: AlertNotification, deps: NotifierDeps): Promise<void> {
  const text = describeAlert(n);
  switch (n.target.channel) {
    case 'slack':
      return post(deps, n.target.webhookUrl, JSON.stringify({ text }), {});
    case 'email':
      return deps.sendEmail(n.target.email, `Alert: ${n.policyName}`, text);
    case 'webhook': {
      const { target, ...alert } = n;
      const body = JSON.stringify({ type: 'alert', alert: { ...alert, channel: target.channel }, message: text });
      const timestamp = String(Math.floor(deps.now() / 1000));
      const headers: Record<string, string> = { [DELIVERY_HEADER]: n.id, [TIMESTAMP_HEADER]: timestamp };
      if (target.secret) headers[SIGNATURE_HEADER] = signWebhook(target.secret, timestamp, body);
      return post(deps, target.url, body, headers);
    }
  }
}

/** Exponential backoff with full jitter: base, 2×base, 4×base … between tries. */
export async function withRetries<T>(
  deps: Pick<NotifierDeps, 'attempts' | 'baseDelayMs' | 'sleep'>,
  fn: () => Promise<T>,
) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const retryable = !(err instanceof DeliveryError) || err.retryable;
      if (!retryable || attempt >= deps.attempts) throw err;
      await deps.sleep(Math.round(deps.baseDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2)));
    }
  }
}

/**
 * SNS → Slack / e-mail / webhook. Idempotent by notification id; a delivery that still fails after its
 * tries throws, so Lambda retries the event and finally puts it in the function's dead-letter queue.
 */
export function createNotifier(deps: NotifierDeps) {
  return async (event: SNSEvent): Promise<{ delivered: string[]; skipped: string[] }> => {
    const delivered: string[] = [];
    const skipped: string[] = [];
    for (const record of event.Records) {
      const notification = alertNotificationSchema.parse(JSON.parse(record.Sns.Message));
      if (await deps.ledger.delivered(notification.id)) {
        skipped.push(notification.id);
        continue;
      }
      await withRetries(deps, () => deliver(notification, deps));
      await deps.ledger.markDelivered(notification.id);
      delivered.push(notification.id);
    }
    return { delivered, skipped };
  };
}

const ses = new SESClient({});

export const handler = createNotifier({
  ledger: new DynamoDeliveryLedger(createDocumentClient(), tableNameFromEnv()),
  fetch: globalThis.fetch,
  sendEmail: async (to, subject, text) => {
    const from = process.env.ALERT_EMAIL_FROM;
    if (!from) throw new DeliveryError('no ALERT_EMAIL_FROM sender is configured for e-mail alerts', false);
    await ses.send(
      new SendEmailCommand({
        Source: from,
        Destination: { ToAddresses: [to] },
        Message: { Subject: { Data: subject }, Body: { Text: { Data: text } } },
      }),
    );
  },
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: Date.now,
  attempts: 3,
  baseDelayMs: 500,
});

import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SecurityEvent } from '../core/pipeline/types.ts';
import type { EdgeSettings } from './settings.ts';

/**
 * The edge function runs in the account of the distribution; its ARN names that account, so the queue
 * URL can be derived without baking the account id into the bundle.
 */
export function wafEventQueueUrl(
  settings: Pick<EdgeSettings, 'homeRegion' | 'wafEventQueueName'>,
  invokedFunctionArn: string,
  endpoint = process.env.AWS_ENDPOINT_URL,
): string {
  const account = invokedFunctionArn.split(':')[4] || '000000000000';
  const base = endpoint ? endpoint.replace(/\/$/, '') : `https://sqs.${settings.homeRegion}.amazonaws.com`;
  return `${base}/${account}/${settings.wafEventQueueName}`;
}

const BATCH = 10;

/** One queue message; `onUndelivered` runs when SQS refuses it or the send fails, even after the budget. */
export interface QueueMessage {
  body: string;
  onUndelivered?: () => void;
}

/**
 * Sends messages to the WAF-event queue (WAF events and usage flushes share it), waiting at most
 * `budgetMs` so a slow queue never holds a viewer request. Failures are logged, not thrown: losing a WAF
 * event must not turn a block into a 500. A send still running when the budget ends keeps going (it
 * finishes when the instance next runs), and its failures still reach `onUndelivered`.
 */
export async function sendQueueMessages(
  client: SQSClient,
  queueUrl: string,
  messages: QueueMessage[],
  budgetMs: number,
): Promise<'sent' | 'timeout' | 'failed'> {
  if (messages.length === 0) return 'sent';
  const batches: Promise<boolean>[] = [];
  for (let i = 0; i < messages.length; i += BATCH) {
    const chunk = messages.slice(i, i + BATCH);
    const entries = chunk.map((message, j) => ({ Id: String(j), MessageBody: message.body }));
    batches.push(
      client.send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries })).then(
        (res) => {
          for (const failed of res.Failed ?? []) chunk[Number(failed.Id)]?.onUndelivered?.();
          return (res.Failed ?? []).length === 0;
        },
        (err: unknown) => {
          console.error(JSON.stringify({ msg: 'queue messages not sent', count: chunk.length, error: String(err) }));
          for (const message of chunk) message.onUndelivered?.();
          return false;
        },
      ),
    );
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), budgetMs);
  });
  try {
    return await Promise.race([
      Promise.all(batches).then((ok) => (ok.every(Boolean) ? ('sent' as const) : ('failed' as const))),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** WAF events alone, one message each. */
export function sendSecurityEvents(
  client: SQSClient,
  queueUrl: string,
  events: SecurityEvent[],
  budgetMs: number,
): Promise<'sent' | 'timeout' | 'failed'> {
  return sendQueueMessages(
    client,
    queueUrl,
    events.map((event) => ({ body: JSON.stringify(event) })),
    budgetMs,
  );
}

let sharedClient: SQSClient | undefined;

export function sharedSqsClient(settings: Pick<EdgeSettings, 'homeRegion'>): SQSClient {
  sharedClient ??= new SQSClient({ region: settings.homeRegion });
  return sharedClient;
}

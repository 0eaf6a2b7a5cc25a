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

/**
 * Sends events to the WAF-event queue, waiting at most `budgetMs` so a slow queue never holds a viewer
 * request. Failures are logged, not thrown: losing a WAF event must not turn a block into a 500.
 */
export async function sendSecurityEvents(
  client: SQSClient,
  queueUrl: string,
  events: SecurityEvent[],
  budgetMs: number,
): Promise<'sent' | 'timeout' | 'failed'> {
  if (events.length === 0) return 'sent';
  const batches: Promise<unknown>[] = [];
  for (let i = 0; i < events.length; i += BATCH) {
    const entries = events
      .slice(i, i + BATCH)
      .map((event, j) => ({ Id: String(i + j), MessageBody: JSON.stringify(event) }));
    batches.push(client.send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries })));
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), budgetMs);
  });
  try {
    return await Promise.race([Promise.all(batches).then(() => 'sent' as const), timeout]);
  } catch (err) {
    console.error(JSON.stringify({ msg: 'waf events not sent', count: events.length, error: String(err) }));
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

let sharedClient: SQSClient | undefined;

export function sharedSqsClient(settings: Pick<EdgeSettings, 'homeRegion'>): SQSClient {
  sharedClient ??= new SQSClient({ region: settings.homeRegion });
  return sharedClient;
}

import { createHmac } from 'node:crypto';
import type { SNSEvent, SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { AlertPolicy } from '../../../lambdas/core/config/alert-policy.ts';
import type { SecurityEvent } from '../../../lambdas/core/pipeline/types.ts';
import { evaluateAlerts } from '../../../lambdas/workers/alert-evaluator.ts';
import type { AlertNotification } from '../../../lambdas/workers/alert-notification.ts';
import type { DeliveryLedger } from '../../../lambdas/workers/delivery-ledger.ts';
import {
  createNotifier,
  type NotifierDeps,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
} from '../../../lambdas/workers/notifier.ts';
import { createWafEventConsumer } from '../../../lambdas/workers/waf-event-consumer.ts';
import { loadEvent } from '../../events/index.ts';

function memoryLedger(): DeliveryLedger & { ids: Set<string> } {
  const ids = new Set<string>();
  return { ids, delivered: async (id) => ids.has(id), markDelivered: async (id) => void ids.add(id) };
}

type Call = { url: string; init: RequestInit };
function fakeFetch(statuses: number[]): { fetch: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response('', { status: statuses[Math.min(calls.length - 1, statuses.length - 1)] });
    }) as unknown as typeof fetch,
  };
}

function notifierDeps(overrides: Partial<NotifierDeps>): NotifierDeps {
  return {
    ledger: memoryLedger(),
    fetch: fakeFetch([200]).fetch,
    sendEmail: async () => {},
    sleep: async () => {},
    now: () => Date.parse('2025-01-13T20:15:01.000Z'),
    attempts: 3,
    baseDelayMs: 10,
    ...overrides,
  };
}

describe('WAF-event consumer (SQS → table)', () => {
  it('writes every event of the batch and reports no failure', async () => {
    // Prepare
    const written: SecurityEvent[] = [];
    const consumer = createWafEventConsumer({ putMany: async (events) => void written.push(...events) });

    // Act
    const result = await consumer(loadEvent<SQSEvent>('sqs-waf-events'));

    // Assess
    expect(result.batchItemFailures).toEqual([]);
    expect(written.map((e) => e.id)).toEqual(['evt_a1b2c3d4e5f6g7h8', 'evt_z9y8x7w6v5u4t3s2']);
  });

  it('reports only the message whose write failed, so SQS redelivers just that one', async () => {
    // Prepare
    const consumer = createWafEventConsumer({
      putMany: async (events) => {
        if (events.some((e) => e.id === 'evt_z9y8x7w6v5u4t3s2')) throw new Error('throttled');
      },
    });

    // Act
    const result = await consumer(loadEvent<SQSEvent>('sqs-waf-events'));

    // Assess
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: '2e1424d4-f796-459a-8184-9c92662be6da' }]);
  });

  it('reports a message that is not a WAF event, so it ends in the dead-letter queue', async () => {
    // Prepare
    const event = loadEvent<SQSEvent>('sqs-waf-events');
    event.Records[0]!.body = '{"projectId":"demo01"}';
    const consumer = createWafEventConsumer({ putMany: async () => {} });

    // Act
    const result = await consumer(event);

    // Assess
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: '059f36b4-87a3-44ab-83d2-661975830a7d' }]);
  });
});

describe('alert notifier (SNS → Slack / e-mail / webhook)', () => {
  it('posts the alert to the webhook with an HMAC-SHA256 signature over timestamp and body', async () => {
    // Prepare
    const http = fakeFetch([200]);
    const notifier = createNotifier(notifierDeps({ fetch: http.fetch }));

    // Act
    await notifier(loadEvent<SNSEvent>('sns-alert'));

    // Assess
    expect(http.calls).toHaveLength(1);
    const { url, init } = http.calls[0]!;
    const headers = init.headers as Record<string, string>;
    const expected = createHmac('sha256', 'whsec_0123456789abcdef')
      .update(`${headers[TIMESTAMP_HEADER]}.${init.body as string}`)
      .digest('hex');
    expect(url).toBe('https://hooks.customer.example/edge');
    expect(headers[SIGNATURE_HEADER]).toBe(`sha256=${expected}`);
    expect(JSON.parse(init.body as string).alert).toMatchObject({ metric: 'waf_blocks', value: 73 });
    expect(init.body as string).not.toContain('whsec_');
  });

  it('retries a 503 with backoff and succeeds on the third try', async () => {
    // Prepare
    const http = fakeFetch([503, 503, 200]);
    const sleeps: number[] = [];
    const notifier = createNotifier(notifierDeps({ fetch: http.fetch, sleep: async (ms) => void sleeps.push(ms) }));

    // Act
    const result = await notifier(loadEvent<SNSEvent>('sns-alert'));

    // Assess
    expect(http.calls).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[1]!).toBeGreaterThanOrEqual(10);
    expect(result.delivered).toHaveLength(1);
  });

  it('throws after the last try so Lambda retries and then dead-letters the event', async () => {
    // Prepare
    const http = fakeFetch([500]);
    const ledger = memoryLedger();
    const notifier = createNotifier(notifierDeps({ fetch: http.fetch, ledger }));

    // Act
    const attempt = notifier(loadEvent<SNSEvent>('sns-alert'));

    // Assess
    await expect(attempt).rejects.toThrow(/answered 500/);
    expect(http.calls).toHaveLength(3);
    expect(ledger.ids.size).toBe(0);
  });

  it('does not retry a 404: the receiver will not appear by asking again', async () => {
    // Prepare
    const http = fakeFetch([404]);
    const notifier = createNotifier(notifierDeps({ fetch: http.fetch }));

    // Act
    const attempt = notifier(loadEvent<SNSEvent>('sns-alert'));

    // Assess
    await expect(attempt).rejects.toThrow(/answered 404/);
    expect(http.calls).toHaveLength(1);
  });

  it('delivers a redelivered notification only once', async () => {
    // Prepare
    const http = fakeFetch([200]);
    const notifier = createNotifier(notifierDeps({ fetch: http.fetch }));

    // Act
    await notifier(loadEvent<SNSEvent>('sns-alert'));
    const second = await notifier(loadEvent<SNSEvent>('sns-alert'));

    // Assess
    expect(http.calls).toHaveLength(1);
    expect(second.skipped).toEqual(['3f1c0a9e5b7d4c2e8a6f0b1d3e5c7a9f']);
  });

  it('sends Slack a text message and e-mail through the SES port', async () => {
    // Prepare
    const http = fakeFetch([200]);
    const mails: string[] = [];
    const notifier = createNotifier(
      notifierDeps({ fetch: http.fetch, sendEmail: async (to, subject) => void mails.push(`${to}|${subject}`) }),
    );
    const slack = loadEvent<SNSEvent>('sns-alert');
    const email = loadEvent<SNSEvent>('sns-alert');
    const base = JSON.parse(slack.Records[0]!.Sns.Message) as AlertNotification;
    slack.Records[0]!.Sns.Message = JSON.stringify({
      ...base,
      id: 'slack-1',
      target: { channel: 'slack', webhookUrl: 'https://hooks.slack.com/services/T0/B0/x' },
    });
    email.Records[0]!.Sns.Message = JSON.stringify({
      ...base,
      id: 'mail-1',
      target: { channel: 'email', email: 'ops@customer.example' },
    });

    // Act
    await notifier(slack);
    await notifier(email);

    // Assess
    expect(JSON.parse(http.calls[0]!.init.body as string).text).toMatch(/WAF outbreak: waf_blocks is 73/);
    expect(mails).toEqual(['ops@customer.example|Alert: WAF outbreak']);
  });
});

describe('alert evaluator', () => {
  const NOW = Date.parse('2025-01-13T20:15:30.000Z');
  const policy = (overrides: Partial<AlertPolicy>): AlertPolicy =>
    ({
      id: 'ap_1',
      projectId: 'demo01',
      name: 'WAF outbreak',
      metric: 'waf_blocks',
      threshold: 2,
      windowMinutes: 5,
      isEnabled: true,
      channel: 'webhook',
      channelConfig: { url: 'https://hooks.customer.example/edge', secret: 'whsec_0123456789abcdef' },
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      ...overrides,
    }) as AlertPolicy;

  function run(policies: AlertPolicy[], events: Array<{ action: string; threatType: string }>) {
    const published: AlertNotification[] = [];
    const windows: string[] = [];
    const result = evaluateAlerts({
      listPolicies: async () => policies,
      recentEvents: async (_p, fromIso) => {
        windows.push(fromIso);
        return events;
      },
      publish: async (n) => void published.push(n),
      now: () => NOW,
    });
    return { result, published, windows };
  }

  it('publishes when WAF blocks in the window exceed the threshold, reading exactly that window', async () => {
    // Prepare
    const blocks = Array.from({ length: 3 }, () => ({ action: 'block', threatType: 'sql_injection' }));

    // Act
    const { result, published, windows } = run([policy({})], blocks);
    await result;

    // Assess
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({
      metric: 'waf_blocks',
      value: 3,
      threshold: 2,
      target: { channel: 'webhook' },
    });
    expect(windows).toEqual(['2025-01-13T20:10:30.000Z']);
  });

  it('stays quiet at the threshold and for disabled policies', async () => {
    // Prepare
    const blocks = Array.from({ length: 2 }, () => ({ action: 'block', threatType: 'xss' }));

    // Act
    const { result, published } = run([policy({}), policy({ id: 'ap_2', threshold: 0, isEnabled: false })], blocks);
    await result;

    // Assess
    expect(published).toEqual([]);
  });

  it('names the same crossing in the same window with the same notification id', async () => {
    // Prepare
    const blocks = Array.from({ length: 5 }, () => ({ action: 'block', threatType: 'xss' }));

    // Act
    const first = run([policy({})], blocks);
    const second = run([policy({})], blocks);
    await Promise.all([first.result, second.result]);

    // Assess
    expect(first.published[0]!.id).toBe(second.published[0]!.id);
  });

  it('says which policies it cannot measure instead of never firing them silently', async () => {
    // Act
    const { result } = run([policy({ id: 'ap_err', metric: 'error_rate' })], []);

    // Assess
    expect(await result).toEqual({ fired: [], unmeasured: ['ap_err'] });
  });

  it('counts DDoS challenges for ddos_active', async () => {
    // Act
    const { result, published } = run(
      [policy({ id: 'ap_ddos', metric: 'ddos_active', threshold: 0 })],
      [{ action: 'challenge', threatType: 'ddos' }],
    );
    await result;

    // Assess
    expect(published[0]).toMatchObject({ metric: 'ddos_active', value: 1 });
  });
});

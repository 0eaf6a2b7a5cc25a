import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { CloudFrontRequestEvent, CloudFrontResultResponse } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { plansWith, secondsToNextMonth } from '../../../lambdas/core/quota/quota.ts';
import { EdgeUsageMeter, type UsageFlush } from '../../../lambdas/edge/usage-meter.ts';
import { createViewerRequestHandler } from '../../../lambdas/edge/viewer-request.ts';
import { loadEvent } from '../../events/index.ts';
import { fakeDataSource, lambdaContext, publishToSqs } from './fakes.ts';

const T0 = Date.parse('2025-01-13T20:12:38.000Z');

/** A meter over a stored total the test controls, counting the reads it makes. */
function meterOver(stored: Record<string, number>, options: { fail?: () => boolean } = {}) {
  const reads: string[] = [];
  let ids = 0;
  const meter = new EdgeUsageMeter({
    readStored: async (projectId, month) => {
      reads.push(`${projectId}/${month}`);
      if (options.fail?.()) throw new Error('replica unreachable');
      return stored[`${projectId}/${month}`] ?? 0;
    },
    newFlushId: () => `flush-${++ids}`,
    onError: () => {},
  });
  return { meter, reads };
}

async function countTimes(meter: EdgeUsageMeter, n: number, limit: number, now: number) {
  const verdicts = [];
  for (let i = 0; i < n; i++) verdicts.push(await meter.count('p1', limit, now));
  return verdicts;
}

describe('edge usage meter: quota decisions', () => {
  it('allows what the stored total leaves of the quota, then refuses until the next UTC month', async () => {
    // Prepare
    const { meter } = meterOver({ 'p1/2025-01': 7 });

    // Act
    const verdicts = await countTimes(meter, 5, 10, T0);

    // Assess
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false, false]);
    expect(verdicts.map((v) => v.used)).toEqual([8, 9, 10, 10, 10]);
    expect(verdicts[3]!.retryAfterSec).toBe(secondsToNextMonth(T0));
    expect(verdicts[3]!.retryAfterSec).toBe((Date.parse('2025-02-01T00:00:00Z') - T0) / 1000);
  });

  it('reads the stored total once per snapshot period, not per request', async () => {
    // Prepare
    const { meter, reads } = meterOver({ 'p1/2025-01': 0 });

    // Act
    await countTimes(meter, 50, 1000, T0);
    await countTimes(meter, 50, 1000, T0 + 29_000);
    await countTimes(meter, 1, 1000, T0 + 30_000);

    // Assess
    expect(reads).toEqual(['p1/2025-01', 'p1/2025-01']);
  });

  it('adds only what it counted after a read to that read, so its flushed counts are not counted twice', async () => {
    // Prepare: 4 counted, flushed and applied by the consumer before the next read
    const stored = { 'p1/2025-01': 100 };
    const { meter } = meterOver(stored);
    await countTimes(meter, 4, 1000, T0);
    meter.takeFlushes(T0);
    const [flush] = meter.takeFlushes(T0 + 5_000);
    stored['p1/2025-01'] += flush!.requests;

    // Act
    const afterRefresh = await meter.count('p1', 1000, T0 + 30_000);

    // Assess
    expect(flush!.requests).toBe(4);
    expect(afterRefresh.used).toBe(105);
  });

  it("sees other instances' flushed counts at its next read and refuses once they exhaust the quota", async () => {
    // Prepare
    const stored = { 'p1/2025-01': 0 };
    const { meter } = meterOver(stored);
    await countTimes(meter, 3, 10, T0);
    stored['p1/2025-01'] = 9; // others flushed 6 more meanwhile

    // Act
    const stale = await meter.count('p1', 10, T0 + 1_000);
    const fresh = await meter.count('p1', 10, T0 + 31_000);

    // Assess
    expect(stale.allowed).toBe(true);
    expect(fresh).toMatchObject({ allowed: false, used: 13 });
  });

  it('fails open on a failed read and tries again a few seconds later, not on every request', async () => {
    // Prepare
    let failing = true;
    const { meter, reads } = meterOver({ 'p1/2025-01': 10 }, { fail: () => failing });

    // Act
    const whileFailing = await countTimes(meter, 3, 10, T0);
    failing = false;
    const beforeRetry = await meter.count('p1', 10, T0 + 4_000);
    const afterRetry = await meter.count('p1', 10, T0 + 5_000);

    // Assess
    expect(whileFailing.every((v) => v.allowed)).toBe(true);
    expect(beforeRetry.allowed).toBe(true);
    expect(afterRetry.allowed).toBe(false);
    expect(reads).toHaveLength(2);
  });

  it("starts a new month from that month's stored total", async () => {
    // Prepare
    const { meter } = meterOver({ 'p1/2025-01': 10, 'p1/2025-02': 2 });
    const endOfJanuary = Date.parse('2025-01-31T23:59:59Z');

    // Act
    const january = await meter.count('p1', 10, endOfJanuary);
    const february = await meter.count('p1', 10, endOfJanuary + 2_000);

    // Assess
    expect(january.allowed).toBe(false);
    expect(february).toMatchObject({ allowed: true, used: 3 });
  });
});

describe('edge usage meter: flushing', () => {
  it('hands nothing over within the flush interval, then one flush per project and month', async () => {
    // Prepare
    const { meter } = meterOver({});
    await countTimes(meter, 3, 100, T0);
    await meter.count('p2', 100, T0);

    // Act
    const first = meter.takeFlushes(T0);
    const early = meter.takeFlushes(T0 + 4_999);
    const due = meter.takeFlushes(T0 + 5_000);
    const nothingNew = meter.takeFlushes(T0 + 10_000);

    // Assess
    expect(first).toEqual([]);
    expect(early).toEqual([]);
    expect(due).toEqual([
      { kind: 'usage', flushId: 'flush-1', projectId: 'p1', month: '2025-01', requests: 3 },
      { kind: 'usage', flushId: 'flush-2', projectId: 'p2', month: '2025-01', requests: 1 },
    ]);
    expect(nothingNew).toEqual([]);
  });

  it('sends an undelivered flush again under the same id, next to the new counts', async () => {
    // Prepare
    const { meter } = meterOver({});
    meter.takeFlushes(T0);
    await countTimes(meter, 2, 100, T0);
    const [lost] = meter.takeFlushes(T0 + 5_000);
    meter.retry(lost!);
    await countTimes(meter, 1, 100, T0 + 6_000);

    // Act
    const next = meter.takeFlushes(T0 + 10_000);

    // Assess
    expect(next.map((f) => [f.flushId, f.requests])).toEqual([
      ['flush-1', 2],
      ['flush-2', 1],
    ]);
  });
});

describe('viewer-request with the edge usage meter', () => {
  const sqs = mockClient(SQSClient);
  const SETTINGS = { proxyDomain: 'edge.example.com', homeRegion: 'eu-west-1', wafEventQueueName: 'q' };
  let edges = 0;

  function edgeWith(storedTotal: number, clock: { now: number }, plans = plansWith()) {
    const data = { ...fakeDataSource(), usageTotal: async (_projectId: string, _month: string) => storedTotal };
    const usage = new EdgeUsageMeter({ readStored: (p, m) => data.usageTotal(p, m), onError: () => {} });
    const handler = createViewerRequestHandler({
      settings: SETTINGS,
      data,
      now: () => clock.now,
      usage,
      plans,
      publish: publishToSqs(SETTINGS),
    });
    // Each edge gets its own client IP: the process-wide DDoS guard must not see one test's requests in another.
    const clientIp = `198.51.100.${++edges}`;
    return (): Promise<unknown> => {
      const event = loadEvent<CloudFrontRequestEvent>('cloudfront-viewer-request');
      Object.assign(event.Records[0]!.cf.request, { clientIp });
      return handler(event, lambdaContext);
    };
  }

  const sentFlushes = (): UsageFlush[] =>
    sqs
      .commandCalls(SendMessageBatchCommand)
      .flatMap((c) => c.args[0].input.Entries ?? [])
      .map((e) => JSON.parse(e.MessageBody!) as UsageFlush);

  beforeEach(() => {
    sqs.reset();
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
  });

  it('answers 429 quota_exceeded with Retry-After once the stored total reaches the plan quota', async () => {
    // Prepare: free plan shrunk to 3, 2 already stored
    const clock = { now: T0 };
    const request = edgeWith(2, clock, plansWith({ free: { monthlyRequests: 3 } }));

    // Act
    const first = await request();
    const second = (await request()) as CloudFrontResultResponse;

    // Assess
    expect((first as CloudFrontResultResponse).status).toBeUndefined(); // handed on to the origin
    expect(second.status).toBe('429');
    const body = JSON.parse(second.body!);
    expect(body.error.code).toBe('quota_exceeded');
    expect(body.error.details).toMatchObject({ limit: 3, used: 3 });
    expect(second.headers?.['retry-after']?.[0]?.value).toBe(String(secondsToNextMonth(T0)));
  });

  it('sends no queue message per request: one usage flush carries every request of the interval', async () => {
    // Prepare
    const clock = { now: T0 };
    const request = edgeWith(0, clock);

    // Act
    for (let i = 0; i < 20; i++) {
      clock.now = T0 + i * 200; // 20 requests within 4 s
      await request();
    }
    const callsWithinInterval = sqs.commandCalls(SendMessageBatchCommand).length;
    clock.now = T0 + 5_000;
    await request();

    // Assess
    expect(callsWithinInterval).toBe(0);
    expect(sentFlushes()).toEqual([expect.objectContaining({ kind: 'usage', projectId: 'demo01', requests: 21 })]);
  });

  it('resends a flush SQS refused under the same flush id at the next interval', async () => {
    // Prepare
    const clock = { now: T0 };
    const request = edgeWith(0, clock);
    sqs
      .on(SendMessageBatchCommand)
      .resolvesOnce({ Successful: [], Failed: [{ Id: '0', SenderFault: false, Code: 'InternalError' }] })
      .resolves({ Successful: [], Failed: [] });
    await request();
    clock.now = T0 + 5_000;
    await request();

    // Act
    clock.now = T0 + 10_000;
    const third = (await request()) as CloudFrontResultResponse;

    // Assess
    expect(third.status).toBeUndefined(); // handed on, not a 500
    const [refused, resent, fresh] = sentFlushes();
    expect(refused?.requests).toBe(2);
    expect(resent).toEqual(refused);
    expect(fresh?.requests).toBe(1);
    expect(fresh?.flushId).not.toBe(refused?.flushId);
  });
});

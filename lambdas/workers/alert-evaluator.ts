import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { type DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { AlertPolicy } from '../core/config/alert-policy.ts';
import { sha256Hex } from '../core/ids.ts';
import { createDocumentClient, tableNameFromEnv } from '../data/dynamo.ts';
import { Table, toRecord } from '../data/table.ts';
import { WafEventRepository } from '../data/waf-event-repository.ts';
import type { AlertNotification } from './alert-notification.ts';

/**
 * What this deployment can measure. WAF events are the only per-request facts the edge ships to the
 * home region (through SQS), so `waf_blocks` and `ddos_active` are evaluated from them; `error_rate` and
 * `latency_p99` need an origin-response metrics feed that does not exist in AWS yet and are reported as
 * unmeasured instead of silently never firing.
 */
export type MetricReading = { measured: true; value: number } | { measured: false; why: string };

export interface EvaluatorDeps {
  listPolicies(): Promise<AlertPolicy[]>;
  /** WAF events of the project since `fromIso` (newest first). */
  recentEvents(projectId: string, fromIso: string): Promise<Array<{ action: string; threatType: string }>>;
  publish(notification: AlertNotification): Promise<void>;
  now(): number;
}

const DDOS_THREAT = /^(ddos|rate)/i;

export async function readMetric(policy: AlertPolicy, deps: EvaluatorDeps): Promise<MetricReading> {
  const fromIso = new Date(deps.now() - policy.windowMinutes * 60_000).toISOString();
  switch (policy.metric) {
    case 'waf_blocks': {
      const events = await deps.recentEvents(policy.projectId, fromIso);
      return { measured: true, value: events.filter((e) => e.action === 'block').length };
    }
    case 'ddos_active': {
      const events = await deps.recentEvents(policy.projectId, fromIso);
      return { measured: true, value: events.filter((e) => DDOS_THREAT.test(e.threatType)).length };
    }
    case 'error_rate':
    case 'latency_p99':
      return { measured: false, why: 'no origin metrics feed in the AWS deployment' };
  }
}

function target(policy: AlertPolicy): AlertNotification['target'] {
  switch (policy.channel) {
    case 'slack':
      return { channel: 'slack', webhookUrl: policy.channelConfig.webhookUrl };
    case 'email':
      return { channel: 'email', email: policy.channelConfig.email };
    case 'webhook':
      return {
        channel: 'webhook',
        url: policy.channelConfig.url,
        ...(policy.channelConfig.secret ? { secret: policy.channelConfig.secret } : {}),
      };
  }
}

/**
 * Scheduled evaluation: a policy fires when its metric exceeds the threshold over its window. The
 * notification id names the policy and the window, so one crossing is notified once per window.
 */
export async function evaluateAlerts(deps: EvaluatorDeps) {
  const fired: string[] = [];
  const unmeasured: string[] = [];
  for (const policy of await deps.listPolicies()) {
    if (!policy.isEnabled) continue;
    const reading = await readMetric(policy, deps);
    if (!reading.measured) {
      unmeasured.push(policy.id);
      continue;
    }
    if (reading.value <= policy.threshold) continue;
    const windowMs = policy.windowMinutes * 60_000;
    const windowStart = Math.floor(deps.now() / windowMs) * windowMs;
    await deps.publish({
      id: sha256Hex(`${policy.projectId}:${policy.id}:${windowStart}`).slice(0, 32),
      projectId: policy.projectId,
      policyId: policy.id,
      policyName: policy.name,
      metric: policy.metric,
      threshold: policy.threshold,
      value: reading.value,
      windowMinutes: policy.windowMinutes,
      triggeredAt: new Date(deps.now()).toISOString(),
      target: target(policy),
    });
    fired.push(policy.id);
  }
  return { fired, unmeasured };
}

/** Every alert policy in the table. A Scan: fine for the policy counts plans allow, run every few minutes. */
export async function scanAlertPolicies(doc: DynamoDBDocumentClient, tableName: string): Promise<AlertPolicy[]> {
  const policies: AlertPolicy[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const res = await doc.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: 'begins_with(pk, :pk) AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': 'PROJECT#', ':sk': 'ALERT#' },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of res.Items ?? []) policies.push(toRecord<AlertPolicy>(item)!);
    startKey = res.LastEvaluatedKey;
  } while (startKey);
  return policies;
}

export function awsEvaluatorDeps(doc: DynamoDBDocumentClient, tableName: string, sns: SNSClient, topicArn: string) {
  const events = new WafEventRepository(new Table(doc, tableName));
  return {
    listPolicies: () => scanAlertPolicies(doc, tableName),
    recentEvents: async (projectId: string, fromIso: string) =>
      (await events.list(projectId, { page: 1, limit: 10_000, from: fromIso })).items,
    publish: async (notification: AlertNotification) => {
      await sns.send(new PublishCommand({ TopicArn: topicArn, Message: JSON.stringify(notification) }));
    },
    now: Date.now,
  } satisfies EvaluatorDeps;
}

const doc = createDocumentClient();
const sns = new SNSClient({});

export const handler = async () => {
  const topicArn = process.env.ALERT_TOPIC_ARN;
  if (!topicArn) throw new Error('ALERT_TOPIC_ARN is not set');
  const result = await evaluateAlerts(awsEvaluatorDeps(doc, tableNameFromEnv(), sns, topicArn));
  console.log(JSON.stringify({ msg: 'alert evaluation', ...result }));
  return result;
};

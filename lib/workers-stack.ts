import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { acknowledge, acknowledgeLambdaBasics, acknowledgeTableIndexes, arnText } from './nag.ts';
import { NodeFunction } from './node-function.ts';
import { type DeploymentSettings, resourceNames } from './settings.ts';

export interface WorkersStackProps extends StackProps {
  settings: DeploymentSettings;
}

function deadLetterQueue(scope: Construct, id: string, queueName?: string): sqs.Queue {
  const dlq = new sqs.Queue(scope, id, {
    ...(queueName ? { queueName } : {}),
    retentionPeriod: Duration.days(14),
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  acknowledge(dlq, 'SQS3', 'This queue is itself a dead-letter queue.');
  return dlq;
}

/**
 * Home-region workers: WAF events from the edge (SQS → consumer → table), alert notifications
 * (SNS → notifier → Slack / SES / webhooks) and the scheduled alert evaluation that publishes them.
 */
export class WorkersStack extends Stack {
  readonly wafEventQueue: sqs.Queue;
  readonly alertTopic: sns.Topic;

  constructor(scope: Construct, id: string, props: WorkersStackProps) {
    super(scope, id, props);
    const { settings } = props;
    // By name, not by cross-stack reference: the name is fixed by settings and the app orders the stacks.
    const table = dynamodb.TableV2.fromTableName(this, 'Table', settings.tableName);
    const names = resourceNames(settings);
    const environment = { EDGE_TABLE_NAME: settings.tableName };

    // WAF events: the edge functions send here from every edge region; the name is fixed so the
    // us-east-1 edge stack can address it without a cross-region reference.
    const consumerTimeout = Duration.seconds(30);
    this.wafEventQueue = new sqs.Queue(this, 'WafEventQueue', {
      queueName: names.wafEventQueue,
      // AWS's advice for Lambda consumers: six times the function timeout, so retries cannot overlap.
      visibilityTimeout: Duration.seconds(consumerTimeout.toSeconds() * 6),
      retentionPeriod: Duration.days(4),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: deadLetterQueue(this, 'WafEventDlq', names.wafEventDlq), maxReceiveCount: 5 },
    });
    const consumer = new NodeFunction(this, 'WafEventConsumer', {
      entry: 'lambdas/workers/waf-event-consumer.ts',
      description: 'Writes WAF events from the edge into the table',
      environment,
      timeout: consumerTimeout,
    }).fn;
    table.grantWriteData(consumer);
    consumer.addEventSource(
      new SqsEventSource(this.wafEventQueue, {
        batchSize: 100,
        maxBatchingWindow: Duration.seconds(5),
        reportBatchItemFailures: true,
      }),
    );

    // Alerts: the topic uses the AWS-managed SNS key, so only principals of this account can publish.
    this.alertTopic = new sns.Topic(this, 'AlertTopic', {
      topicName: names.alertTopic,
      masterKey: kms.Alias.fromAliasName(this, 'SnsKey', 'alias/aws/sns'),
      enforceSSL: true,
    });
    const notifierDlq = deadLetterQueue(this, 'NotifierDlq');
    const notifier = new NodeFunction(this, 'Notifier', {
      entry: 'lambdas/workers/notifier.ts',
      description: 'Delivers alert notifications to Slack, e-mail (SES) and signed webhooks',
      environment: {
        ...environment,
        ...(settings.alertEmailFrom ? { ALERT_EMAIL_FROM: settings.alertEmailFrom } : {}),
      },
      timeout: Duration.seconds(60),
      // Tries inside the function, then Lambda's asynchronous retries, then this queue.
      deadLetterQueue: notifierDlq,
      retryAttempts: 2,
    }).fn;
    table.grantReadWriteData(notifier);
    notifier.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [`arn:${this.partition}:ses:${this.region}:${this.account}:identity/*`],
      }),
    );
    this.alertTopic.addSubscription(
      new subscriptions.LambdaSubscription(notifier, {
        deadLetterQueue: deadLetterQueue(this, 'AlertSubscriptionDlq'),
      }),
    );

    const evaluator = new NodeFunction(this, 'AlertEvaluator', {
      entry: 'lambdas/workers/alert-evaluator.ts',
      description: 'Evaluates alert policies against recent WAF events and publishes crossings',
      environment: { ...environment, ALERT_TOPIC_ARN: this.alertTopic.topicArn },
      timeout: Duration.seconds(60),
    }).fn;
    table.grantReadData(evaluator);
    this.alertTopic.grantPublish(evaluator);
    new events.Rule(this, 'AlertSchedule', {
      description: 'Alert policy evaluation',
      schedule: events.Schedule.rate(Duration.minutes(1)),
      targets: [new targets.LambdaFunction(evaluator, { retryAttempts: 0 })],
    });

    acknowledgeLambdaBasics(this);
    acknowledgeTableIndexes(this, arnText(this, 'dynamodb', `table/${settings.tableName}`));
    acknowledge(
      notifier,
      `IAM5[Resource::${arnText(this, 'ses', 'identity/*')}]`,
      'Alert e-mail goes to addresses customers enter at run time; SES authorises by sender identity, so any verified identity of the account may send.',
    );

    new CfnOutput(this, 'WafEventQueueUrl', { value: this.wafEventQueue.queueUrl });
    new CfnOutput(this, 'AlertTopicArn', { value: this.alertTopic.topicArn });
  }
}

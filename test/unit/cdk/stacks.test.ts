import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../../lambdas/api/routes.ts';
import { addEdgeGatewayStacks } from '../../../lib/edge-gateway-app.ts';
import { readSettings } from '../../../lib/settings.ts';

const CONTEXT = {
  proxyDomain: 'edge.example.com',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
  homeRegion: 'eu-west-1',
  replicaRegions: 'us-east-1,ap-southeast-2',
};

// The same feature flags `cdk synth` uses, so the tests assert what gets deployed.
const cdkJson = JSON.parse(readFileSync(new URL('../../../cdk.json', import.meta.url), 'utf8')) as {
  context: Record<string, unknown>;
};

let stacks: ReturnType<typeof addEdgeGatewayStacks>;
let synthError: unknown;
let controlPlane: Template;
let workers: Template;
let edge: Template;
let dashboard: Template;

beforeAll(() => {
  const app = new App({
    outdir: mkdtempSync(join(tmpdir(), 'cdk-test-')),
    context: { ...cdkJson.context, ...CONTEXT },
  });
  stacks = addEdgeGatewayStacks(app, readSettings(app.node, {}), ROUTES);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  try {
    app.synth();
  } catch (err) {
    synthError = err;
  }
  controlPlane = Template.fromStack(stacks.controlPlane);
  workers = Template.fromStack(stacks.workers);
  edge = Template.fromStack(stacks.edge);
  dashboard = Template.fromStack(stacks.dashboard);
}, 180_000);

describe('cdk-nag AwsSolutions pack', () => {
  it('reports no unacknowledged finding on any stack (every acknowledgement carries its reason in lib/)', () => {
    // Assess
    expect(synthError === undefined ? 'clean' : String(synthError)).toBe('clean');
  });
});

describe('control plane stack', () => {
  it('holds one global-table-ready table with PITR, encryption, TTL, a stream, gsi1 and the configured replicas', () => {
    // Assess
    controlPlane.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      TableName: 'edge-gateway',
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
      SSESpecification: { SSEEnabled: true, SSEType: 'KMS' },
      GlobalSecondaryIndexes: [Match.objectLike({ IndexName: 'gsi1' })],
    });
    const table = Object.values(controlPlane.findResources('AWS::DynamoDB::GlobalTable'))[0] as {
      Properties: { Replicas: Array<{ Region: string; PointInTimeRecoverySpecification?: unknown }> };
    };
    expect(table.Properties.Replicas.map((r) => r.Region).sort()).toEqual(['ap-southeast-2', 'eu-west-1', 'us-east-1']);
    for (const replica of table.Properties.Replicas) {
      expect(replica.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    }
  });

  it('creates one API Gateway route per management route, each integrated with its resource Lambda', () => {
    // Assess
    const routes = controlPlane.findResources('AWS::ApiGatewayV2::Route');
    const keys = Object.values(routes).map((r) => (r as { Properties: { RouteKey: string } }).Properties.RouteKey);
    expect(keys.sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('runs one NODEJS_22_X function per API resource with the table name in its environment', () => {
    // Assess
    const resources = new Set(ROUTES.map((r) => r.resource));
    controlPlane.resourcePropertiesCountIs(
      'AWS::Lambda::Function',
      { Runtime: 'nodejs22.x', Environment: { Variables: Match.objectLike({ EDGE_TABLE_NAME: 'edge-gateway' }) } },
      resources.size,
    );
  });

  it('logs every API call to a log group that expires', () => {
    // Assess
    controlPlane.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });
});

describe('workers stack', () => {
  it('queues WAF events under the fixed name the edge addresses, with a dead-letter queue after 5 receives', () => {
    // Assess
    workers.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: 'edge-gateway-waf-events',
      RedrivePolicy: { deadLetterTargetArn: Match.anyValue(), maxReceiveCount: 5 },
      SqsManagedSseEnabled: true,
    });
  });

  it('feeds the consumer in batches and reports partial batch failures', () => {
    // Assess
    workers.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: 100,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('gives the notifier its own dead-letter queue after two asynchronous retries', () => {
    // Assess
    workers.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('Delivers alert notifications'),
      DeadLetterConfig: { TargetArn: Match.anyValue() },
    });
    workers.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { MaximumRetryAttempts: 2 });
    workers.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      RedrivePolicy: { deadLetterTargetArn: Match.anyValue() },
    });
  });

  it('encrypts the alert topic and evaluates alert policies on a schedule', () => {
    // Assess
    workers.hasResourceProperties('AWS::SNS::Topic', {
      TopicName: 'edge-gateway-alerts',
      KmsMasterKeyId: Match.anyValue(),
    });
    workers.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(1 minute)' });
  });
});

describe('edge stack (us-east-1)', () => {
  it('serves *.<proxyDomain> with the wildcard certificate, TLS 1.2+ and the web ACL', () => {
    // Assess
    edge.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['*.edge.example.com'],
        ViewerCertificate: Match.objectLike({
          AcmCertificateArn: CONTEXT.certificateArn,
          MinimumProtocolVersion: 'TLSv1.2_2021',
        }),
        WebACLId: Match.anyValue(),
      }),
    });
  });

  it('attaches the four Lambda@Edge triggers, with the body included for viewer-request', () => {
    // Assess
    const dist = Object.values(edge.findResources('AWS::CloudFront::Distribution'))[0] as {
      Properties: {
        DistributionConfig: { DefaultCacheBehavior: { LambdaFunctionAssociations: Array<Record<string, unknown>> } };
      };
    };
    const associations = dist.Properties.DistributionConfig.DefaultCacheBehavior.LambdaFunctionAssociations;
    expect(associations.map((a) => a.EventType).sort()).toEqual(
      ['origin-request', 'origin-response', 'viewer-request', 'viewer-response'].sort(),
    );
    expect(associations.find((a) => a.EventType === 'viewer-request')?.IncludeBody).toBe(true);
    edge.resourcePropertiesCountIs('AWS::Lambda::Function', { Runtime: 'nodejs22.x' }, 4);
  });

  it('gives the edge functions no environment variables (settings are baked into the code)', () => {
    // Assess
    for (const fn of Object.values(edge.findResources('AWS::Lambda::Function'))) {
      expect((fn as { Properties: Record<string, unknown> }).Properties.Environment).toBeUndefined();
    }
  });

  it('keys the cache on Host, the synthetic cache-key header and the query string', () => {
    // Assess
    edge.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        DefaultTTL: 0,
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          HeadersConfig: { HeaderBehavior: 'whitelist', Headers: Match.arrayWith(['Host', 'x-eg-cache-key']) },
          QueryStringsConfig: { QueryStringBehavior: 'all' },
          CookiesConfig: { CookieBehavior: 'none' },
        }),
      }),
    });
  });

  it('adds Server-Timing to every response so viewer-response can tell HIT from MISS', () => {
    // Assess
    edge.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        ServerTimingHeadersConfig: { Enabled: true, SamplingRate: 100 },
      }),
    });
    edge.hasResourceProperties('AWS::CloudFront::OriginRequestPolicy', {
      OriginRequestPolicyConfig: Match.objectLike({
        HeadersConfig: { HeaderBehavior: 'allViewerAndWhitelistCloudFront', Headers: ['CloudFront-Viewer-Country'] },
      }),
    });
  });

  it('challenges volumetric traffic per (Host, IP) with an AWS WAF rate-based rule', () => {
    // Assess
    edge.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      Rules: Match.arrayWith([
        Match.objectLike({
          Action: { Challenge: {} },
          Statement: {
            RateBasedStatement: Match.objectLike({
              AggregateKeyType: 'CUSTOM_KEYS',
              CustomKeys: [
                { Header: { Name: 'host', TextTransformations: [{ Priority: 0, Type: 'LOWERCASE' }] } },
                { IP: {} },
              ],
            }),
          },
        }),
      ]),
    });
  });

  it('lets the request triggers read the table in any replica region, write only gateway secrets, and send only to the WAF-event queue', () => {
    // Assess
    const policies = Object.values(edge.findResources('AWS::IAM::Policy')) as Array<{
      Properties: { PolicyDocument: { Statement: Array<{ Action: string | string[]; Resource: unknown }> } };
    }>;
    const statements = policies.flatMap((p) => p.Properties.PolicyDocument.Statement);
    const read = statements.find(
      (s) => JSON.stringify(s.Action) === JSON.stringify(['dynamodb:GetItem', 'dynamodb:Query']),
    );
    const send = statements.find((s) => s.Action === 'sqs:SendMessage');
    expect(JSON.stringify(read?.Resource)).toContain('arn:aws:dynamodb:*:');
    expect(JSON.stringify(read?.Resource)).toContain(':table/edge-gateway/index/gsi1');
    expect(JSON.stringify(send?.Resource)).toContain('arn:aws:sqs:eu-west-1:');
    expect(JSON.stringify(send?.Resource)).toContain(':edge-gateway-waf-events');
    // The one write: creating the challenge secret, confined to the GLOBAL partition of the home-region table.
    const writes = statements.filter((s) =>
      ([] as string[])
        .concat(s.Action)
        .some((a) => a !== 'dynamodb:GetItem' && a !== 'dynamodb:Query' && a.startsWith('dynamodb:')),
    );
    expect(writes).toHaveLength(1);
    expect(writes[0]!.Action).toBe('dynamodb:PutItem');
    expect(JSON.stringify(writes[0]!.Resource)).toContain('arn:aws:dynamodb:eu-west-1:');
    expect(JSON.stringify(writes[0])).toContain('"dynamodb:LeadingKeys":["GLOBAL"]');
  });
});

describe('dashboard stack', () => {
  it('serves a private bucket through CloudFront origin access control and routes /v1/* to the API', () => {
    // Assess
    dashboard.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    dashboard.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    dashboard.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        CacheBehaviors: [Match.objectLike({ PathPattern: '/v1/*' })],
      }),
    });
  });
});

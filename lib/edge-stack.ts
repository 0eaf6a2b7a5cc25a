import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { TABLE } from '../lambdas/data/table-design.ts';
import { INTERNAL } from '../lambdas/edge/internal-headers.ts';
import { buildEdgeBundle, EDGE_FUNCTIONS, type EdgeFunctionName, edgeSettingsFor } from './edge-bundles.ts';
import { acknowledge, acknowledgeLambdaBasics, arnText } from './nag.ts';
import { type DeploymentSettings, resourceNames } from './settings.ts';

export interface EdgeStackProps extends StackProps {
  settings: DeploymentSettings;
  /** Requests per 5 minutes per (Host, IP) before AWS WAF challenges; per-project limits apply on top in code. */
  wafRateLimitPer5Min?: number;
  priceClass?: cloudfront.PriceClass;
}

const TRIGGERS: Record<
  EdgeFunctionName,
  {
    eventType: cloudfront.LambdaEdgeEventType;
    memorySize: number;
    timeout: Duration;
    includeBody?: boolean;
    /** Request triggers read the table and send to SQS; response triggers touch no AWS service. */
    role: 'request' | 'response';
  }
> = {
  // Viewer triggers: 128 MB and 5 s are Lambda@Edge's ceilings for them.
  'viewer-request': {
    eventType: cloudfront.LambdaEdgeEventType.VIEWER_REQUEST,
    memorySize: 128,
    timeout: Duration.seconds(5),
    includeBody: true,
    role: 'request',
  },
  'origin-request': {
    eventType: cloudfront.LambdaEdgeEventType.ORIGIN_REQUEST,
    memorySize: 256,
    timeout: Duration.seconds(10),
    role: 'request',
  },
  'origin-response': {
    eventType: cloudfront.LambdaEdgeEventType.ORIGIN_RESPONSE,
    memorySize: 128,
    timeout: Duration.seconds(5),
    role: 'response',
  },
  'viewer-response': {
    eventType: cloudfront.LambdaEdgeEventType.VIEWER_RESPONSE,
    memorySize: 128,
    timeout: Duration.seconds(5),
    role: 'response',
  },
};

/**
 * The multi-tenant edge (us-east-1, where CloudFront's certificates, WAF web ACLs and Lambda@Edge live):
 * one distribution for `*.<proxyDomain>`, the four Lambda@Edge triggers, and AWS WAF as the volumetric layer.
 */
export class EdgeStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    if (this.region !== 'us-east-1') {
      throw new Error(`The edge stack must be deployed to us-east-1 (Lambda@Edge, CloudFront WAF), not ${this.region}`);
    }
    const { settings } = props;
    const names = resourceNames(settings);
    const edgeSettings = edgeSettingsFor(settings);

    const edgePrincipals = new iam.CompositePrincipal(
      new iam.ServicePrincipal('lambda.amazonaws.com'),
      new iam.ServicePrincipal('edgelambda.amazonaws.com'),
    );
    const basicExecution = iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole');
    // Request triggers read project configuration from whichever replica is nearest, hence every region.
    const requestRole = new iam.Role(this, 'RequestTriggerRole', {
      assumedBy: edgePrincipals,
      managedPolicies: [basicExecution],
    });
    const tableArn = `arn:${this.partition}:dynamodb:*:${this.account}:table/${settings.tableName}`;
    requestRole.addToPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:Query', 'dynamodb:GetItem'],
        resources: [tableArn, `${tableArn}/index/${TABLE.gsi1.name}`],
      }),
    );
    // The challenge HMAC key is created on first use in the home region; the condition confines this
    // write to the gateway-secret items, so the edge can change nothing else in the table.
    requestRole.addToPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:PutItem'],
        resources: [
          `arn:${this.partition}:dynamodb:${settings.homeRegion}:${this.account}:table/${settings.tableName}`,
        ],
        conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['GLOBAL'] } },
      }),
    );
    requestRole.addToPolicy(
      new iam.PolicyStatement({
        actions: ['sqs:SendMessage'],
        resources: [`arn:${this.partition}:sqs:${settings.homeRegion}:${this.account}:${names.wafEventQueue}`],
      }),
    );
    const responseRole = new iam.Role(this, 'ResponseTriggerRole', {
      assumedBy: edgePrincipals,
      managedPolicies: [basicExecution],
    });

    const edgeLambdas: cloudfront.EdgeLambda[] = EDGE_FUNCTIONS.map((name) => {
      const trigger = TRIGGERS[name];
      const fn = new cloudfront.experimental.EdgeFunction(this, `Edge-${name}`, {
        description: `Edge Gateway ${name}`,
        runtime: lambda.Runtime.NODEJS_22_X,
        handler: 'index.handler',
        code: lambda.Code.fromAsset(buildEdgeBundle(name, edgeSettings)),
        memorySize: trigger.memorySize,
        timeout: trigger.timeout,
        role: trigger.role === 'request' ? requestRole : responseRole,
      });
      return {
        functionVersion: fn.currentVersion,
        eventType: trigger.eventType,
        includeBody: trigger.includeBody ?? false,
      };
    });

    const cachePolicy = new cloudfront.CachePolicy(this, 'CachePolicy', {
      comment: 'Per project: Host + synthetic cache-key header (vary headers/cookies hash) + normalised query',
      // CloudFront forwards Authorization on GET/HEAD only when it is part of the key; keying on it also
      // means one user's response can never be served to another.
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList('Host', INTERNAL.cacheKey, 'Authorization'),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      // Lifetimes come from the s-maxage origin-response writes; nothing is cached on CloudFront's own say.
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(365),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const originRequestPolicy = new cloudfront.OriginRequestPolicy(this, 'OriginRequestPolicy', {
      comment: 'Everything the viewer sent, plus the viewer country for geo routing in origin-request',
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.all('CloudFront-Viewer-Country'),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.all(),
    });
    const responseHeadersPolicy = new cloudfront.ResponseHeadersPolicy(this, 'ResponseHeadersPolicy', {
      comment: 'Server-Timing reports cdn-cache-hit/miss/refresh, which viewer-response turns into X-Cache-Status',
      serverTimingSamplingRate: 100,
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: false },
        contentTypeOptions: { override: false },
      },
    });

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'edge-gateway', sampledRequestsEnabled: true },
      challengeConfig: { immunityTimeProperty: { immunityTime: 300 } },
      rules: [
        {
          name: 'volumetric-host-ip',
          priority: 0,
          action: { challenge: {} },
          statement: {
            rateBasedStatement: {
              limit: props.wafRateLimitPer5Min ?? 6000,
              evaluationWindowSec: 300,
              aggregateKeyType: 'CUSTOM_KEYS',
              // Per (project host, client IP): one noisy tenant cannot exhaust another's allowance.
              customKeys: [
                { header: { name: 'host', textTransformations: [{ priority: 0, type: 'LOWERCASE' }] } },
                { ip: {} },
              ],
            },
          },
          visibilityConfig: {
            cloudWatchMetricsEnabled: true,
            metricName: 'volumetric-host-ip',
            sampledRequestsEnabled: true,
          },
        },
        {
          name: 'aws-ip-reputation',
          priority: 1,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesAmazonIpReputationList' },
          },
          visibilityConfig: {
            cloudWatchMetricsEnabled: true,
            metricName: 'aws-ip-reputation',
            sampledRequestsEnabled: true,
          },
        },
      ],
    });

    const logBucket = new s3.Bucket(this, 'AccessLogs', {
      // CloudFront standard logging writes with ACLs.
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(logBucket, 'S1', 'This bucket receives the access logs; logging it to itself would loop.');

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Edge Gateway: *.${settings.proxyDomain}`,
      domainNames: [`*.${settings.proxyDomain}`],
      certificate: acm.Certificate.fromCertificateArn(this, 'WildcardCertificate', settings.certificateArn),
      minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: props.priceClass ?? cloudfront.PriceClass.PRICE_CLASS_ALL,
      webAclId: this.webAcl.attrArn,
      enableLogging: true,
      logBucket,
      logFilePrefix: 'edge/',
      defaultBehavior: {
        // Never reached: origin-request points every request at its project's origin. An unresolvable
        // name under the customer's own domain makes a misconfiguration fail closed with a 502.
        origin: new origins.HttpOrigin(`origin-unset.${settings.proxyDomain}`, {
          protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
          originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
        }),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
        cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD,
        cachePolicy,
        originRequestPolicy,
        responseHeadersPolicy,
        edgeLambdas,
      },
    });
    acknowledge(
      this.distribution,
      'CFR1',
      'Country blocking is per project (WAF config blockedCountries), enforced in viewer-request; a distribution-wide geo restriction would apply to every tenant.',
    );
    acknowledgeLambdaBasics(this);
    const tableText = arnText(this, 'dynamodb', `table/${settings.tableName}`, '*');
    acknowledge(
      requestRole,
      `IAM5[Resource::${tableText}]`,
      'Lambda@Edge runs in every edge region and reads the nearest global-table replica, so the region is a wildcard; table and actions are fixed.',
    );
    acknowledge(
      requestRole,
      `IAM5[Resource::${tableText}/index/${TABLE.gsi1.name}]`,
      'The API-key hash lookup queries gsi1 of the nearest replica, in whichever region that is.',
    );

    new CfnOutput(this, 'DistributionDomainName', {
      value: this.distribution.distributionDomainName,
      description: `Point a wildcard CNAME *.${settings.proxyDomain} at this name`,
    });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn });
  }
}

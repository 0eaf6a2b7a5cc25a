import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { acknowledge } from './nag.ts';

export interface DashboardStackProps extends StackProps {
  api: apigw.IHttpApi;
}

/**
 * Dashboard hosting: a private bucket behind CloudFront with origin access control, and `/v1/*` routed
 * to the management API so the single-page app talks to its own origin (no CORS).
 */
export class DashboardStack extends Stack {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: DashboardStackProps) {
    super(scope, id, props);
    this.bucket = new s3.Bucket(this, 'Assets', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const apiDomain = `${props.api.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Edge Gateway dashboard',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: cloudfront.ResponseHeadersPolicy.SECURITY_HEADERS,
      },
      additionalBehaviors: {
        '/v1/*': {
          origin: new origins.HttpOrigin(apiDomain, { protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        },
      },
      // Client-side routes: unknown paths load the app, which renders its own not-found page.
      errorResponses: [
        { httpStatus: 403, responseHttpStatus: 200, responsePagePath: '/index.html', ttl: Duration.seconds(0) },
        { httpStatus: 404, responseHttpStatus: 200, responsePagePath: '/index.html', ttl: Duration.seconds(0) },
      ],
    });

    acknowledge(
      this.bucket,
      'S1',
      'Reads reach the bucket only through CloudFront (origin access control); object access logging adds cost without adding an audit trail the API access logs do not already give.',
    );
    acknowledge(this.distribution, 'CFR1', 'The dashboard is for customers anywhere; no geo restriction.');
    acknowledge(
      this.distribution,
      'CFR2',
      'Static assets plus a pass-through to the management API, which has its own throttling and authentication; the WAF web ACL protects the proxy distribution, where tenant traffic is.',
    );
    acknowledge(
      this.distribution,
      'CFR3',
      'Dashboard traffic is customers loading static files; the management API keeps access logs of every call.',
    );
    acknowledge(
      this.distribution,
      'CFR4',
      'Served on the default *.cloudfront.net certificate, whose TLS policy CloudFront fixes; adding a custom domain and certificate raises the minimum to TLSv1.2_2021.',
    );

    new CfnOutput(this, 'DashboardUrl', { value: `https://${this.distribution.distributionDomainName}` });
    new CfnOutput(this, 'DashboardBucket', {
      value: this.bucket.bucketName,
      description: 'aws s3 sync dashboard/dist s3://<this bucket> --delete',
    });
  }
}

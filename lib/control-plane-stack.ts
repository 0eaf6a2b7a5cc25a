import { type CfnElement, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { TABLE } from '../lambdas/data/table-design.ts';
import { acknowledge, acknowledgeLambdaBasics, acknowledgeTableIndexes } from './nag.ts';
import { NodeFunction } from './node-function.ts';
import type { DeploymentSettings } from './settings.ts';

export interface ApiRoute {
  method: string;
  /** API Gateway path syntax, e.g. `/v1/projects/{projectId}`. */
  path: string;
  /** Handler module `lambdas/api/handlers/<resource>.ts`; one Lambda per resource. */
  resource: string;
}

export interface ControlPlaneStackProps extends StackProps {
  settings: DeploymentSettings;
  routes: readonly ApiRoute[];
}

/** The home-region control plane: the single table and the `/v1` management API on an HTTP API. */
export class ControlPlaneStack extends Stack {
  readonly table: dynamodb.TableV2;
  readonly api: apigw.HttpApi;

  constructor(scope: Construct, id: string, props: ControlPlaneStackProps) {
    super(scope, id, props);
    const { settings } = props;

    // TableV2 is AWS::DynamoDB::GlobalTable: adding a replica region later is a context change, not a migration.
    this.table = new dynamodb.TableV2(this, 'Table', {
      tableName: settings.tableName,
      partitionKey: { name: TABLE.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: dynamodb.AttributeType.STRING },
      billing: dynamodb.Billing.onDemand(),
      encryption: dynamodb.TableEncryptionV2.awsManagedKey(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE.ttlAttribute,
      dynamoStream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      globalSecondaryIndexes: [
        {
          indexName: TABLE.gsi1.name,
          partitionKey: { name: TABLE.gsi1.partitionKey, type: dynamodb.AttributeType.STRING },
          sortKey: { name: TABLE.gsi1.sortKey, type: dynamodb.AttributeType.STRING },
        },
      ],
      replicas: settings.replicaRegions.map((region) => ({ region })),
    });

    const accessLogs = new logs.LogGroup(this, 'ApiAccessLogs', {
      retention: logs.RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.api = new apigw.HttpApi(this, 'ManagementApi', {
      description: 'Edge Gateway management API (/v1)',
      createDefaultStage: false,
    });
    const stage = this.api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 200, burstLimit: 400 },
    });
    const cfnStage = stage.node.defaultChild as apigw.CfnStage;
    cfnStage.accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId',
        ip: '$context.identity.sourceIp',
        requestTime: '$context.requestTime',
        method: '$context.httpMethod',
        path: '$context.path',
        routeKey: '$context.routeKey',
        status: '$context.status',
        latencyMs: '$context.responseLatency',
        integrationError: '$context.integrationErrorMessage',
      }),
    };

    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const resource of [...new Set(props.routes.map((r) => r.resource))].sort()) {
      const { fn } = new NodeFunction(this, `Api-${resource}`, {
        entry: `lambdas/api/handlers/${resource}.ts`,
        description: `Management API: ${resource}`,
        environment: { EDGE_TABLE_NAME: settings.tableName },
        timeout: Duration.seconds(15),
      });
      this.table.grantReadWriteData(fn);
      integrations.set(resource, new HttpLambdaIntegration(`${resource}-integration`, fn));
    }
    for (const route of props.routes) {
      this.api.addRoutes({
        path: route.path,
        methods: [route.method.toUpperCase() as apigw.HttpMethod],
        integration: integrations.get(route.resource)!,
      });
    }

    acknowledge(
      this.api,
      'APIG4',
      'Authentication is part of the API: x-api-key (stored hashed) or a Bearer session, checked by the handler middleware on every route except /v1/health, /v1/openapi.json and POST /v1/sessions; an API Gateway authorizer would duplicate it.',
    );
    acknowledge(this.api, 'APIG1', 'Access logging is set on the $default stage (CfnStage accessLogSettings).');
    acknowledgeLambdaBasics(this);
    acknowledgeTableIndexes(
      this,
      `<${this.resolve(this.getLogicalId(this.table.node.defaultChild as CfnElement))}.Arn>`,
    );

    new CfnOutput(this, 'ApiUrl', { value: `${this.api.apiEndpoint}/v1` });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
  }
}

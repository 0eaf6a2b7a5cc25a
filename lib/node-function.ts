import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { bundleLambdaCached } from './bundle.ts';

export interface NodeFunctionProps {
  /** Handler module relative to the repository root; it must export `handler`. */
  entry: string;
  description: string;
  environment?: Record<string, string>;
  memorySize?: number;
  timeout?: Duration;
  deadLetterQueue?: lambda.FunctionProps['deadLetterQueue'];
  retryAttempts?: number;
}

/**
 * A regional Node 22 Lambda from our own esbuild bundle (the same bundler as the edge functions), with a
 * log group that expires instead of keeping logs forever.
 */
export class NodeFunction extends Construct {
  readonly fn: lambda.Function;

  constructor(scope: Construct, id: string, props: NodeFunctionProps) {
    super(scope, id);
    const logGroup = new logs.LogGroup(this, 'Logs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.fn = new lambda.Function(this, 'Function', {
      description: props.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      handler: 'index.handler',
      code: lambda.Code.fromAsset(bundleLambdaCached(props.entry, {}, true)),
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
      logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      ...(props.deadLetterQueue ? { deadLetterQueue: props.deadLetterQueue } : {}),
      ...(props.retryAttempts !== undefined ? { retryAttempts: props.retryAttempts } : {}),
    });
  }
}

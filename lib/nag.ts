import { type Stack, Token, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** cdk-nag v3 findings are acknowledged through CDK's Validations API, namespaced by the plugin. */
export function acknowledge(scope: IConstruct, rule: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `AwsSolutions::AwsSolutions-${rule}`, reason });
}

function literal(value: string, pseudo: string): string {
  return Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value;
}

/**
 * An ARN as cdk-nag prints it in a finding id: literal where the stack knows the value, `<AWS::…>` for
 * pseudo parameters. `region` '*' stands for every region.
 */
export function arnText(stack: Stack, service: string, resource: string, region: string = stack.region): string {
  return `arn:${literal(stack.partition, 'Partition')}:${service}:${literal(region, 'Region')}:${literal(stack.account, 'AccountId')}:${resource}`;
}

/** Findings every stack with our Lambdas raises, each acknowledged with its reason. */
export function acknowledgeLambdaBasics(scope: IConstruct): void {
  acknowledge(
    scope,
    'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    'AWSLambdaBasicExecutionRole grants only writing to CloudWatch Logs (for Lambda@Edge, in each region it runs in).',
  );
  acknowledge(
    scope,
    'L1',
    'NODEJS_22_X is the runtime the product is fixed on (DESIGN.md §1) and is supported by Lambda@Edge; moving to a newer one is a deliberate, tested change, not something synth should force.',
  );
}

/** The GSI wildcard `grantReadWriteData` / `grantReadData` add for one table (`tableArn` as arnText prints it). */
export function acknowledgeTableIndexes(scope: IConstruct, tableArn: string): void {
  acknowledge(
    scope,
    `IAM5[Resource::${tableArn}/index/*]`,
    'The key-hash lookup and project listings query the GSI of this one table; the wildcard covers its indexes only.',
  );
}

import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TABLE } from './table-design.ts';

export interface DynamoOptions {
  endpoint?: string;
  region?: string;
}

export function createDocumentClient(opts: DynamoOptions = {}): DynamoDBDocumentClient {
  const endpoint = opts.endpoint ?? process.env.EDGE_DYNAMODB_ENDPOINT ?? process.env.AWS_ENDPOINT_URL;
  const client = new DynamoDBClient({
    region: opts.region ?? process.env.AWS_REGION ?? 'us-east-1',
    ...(endpoint
      ? {
          endpoint,
          // Local endpoints (dynalite, moto, LocalStack) accept any credentials; never require real ones there.
          credentials: {
            accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? 'local',
            secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
          },
        }
      : {}),
  });
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}

export function tableNameFromEnv(): string {
  return process.env.EDGE_TABLE_NAME ?? TABLE.defaultName;
}

/** Creates the table (with GSI and TTL) when missing: used by the self-hosted server and the test suites. */
export async function ensureTable(doc: DynamoDBDocumentClient, tableName: string): Promise<void> {
  try {
    await doc.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (err) {
    if ((err as { name?: string }).name !== 'ResourceNotFoundException') throw err;
  }
  try {
    await doc.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: TABLE.partitionKey, AttributeType: 'S' },
          { AttributeName: TABLE.sortKey, AttributeType: 'S' },
          { AttributeName: TABLE.gsi1.partitionKey, AttributeType: 'S' },
          { AttributeName: TABLE.gsi1.sortKey, AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: TABLE.gsi1.name,
            KeySchema: [
              { AttributeName: TABLE.gsi1.partitionKey, KeyType: 'HASH' },
              { AttributeName: TABLE.gsi1.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      }),
    );
  } catch (err) {
    // Two processes racing to create the table is fine.
    if ((err as { name?: string }).name !== 'ResourceInUseException') throw err;
  }
  for (let i = 0; i < 100; i++) {
    const d = await doc.send(new DescribeTableCommand({ TableName: tableName }));
    if (d.Table?.TableStatus === 'ACTIVE') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  try {
    await doc.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      }),
    );
  } catch {
    // dynalite does not implement TTL; expiry is also checked on read, so correctness does not depend on it.
  }
}

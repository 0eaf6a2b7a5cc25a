import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient, ensureTable } from '../../lambdas/data/dynamo.ts';
import { createRepositories, type Repositories } from '../../lambdas/data/repositories.ts';
import { startEmbeddedDynamo } from '../../server/embedded-dynamo.ts';

export interface TestDynamo {
  endpoint: string;
  doc: DynamoDBDocumentClient;
  tableName: string;
  repos: Repositories;
  /** Every item in the table, storage attributes included (for "nothing else was written" checks). */
  scan(): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

let tableCounter = 0;

/** In-memory dynalite on a loopback port with the product's table created, and repositories over it. */
export async function startDynalite(options: { now?: () => Date } = {}): Promise<TestDynamo> {
  const embedded = await startEmbeddedDynamo(undefined);
  const doc = createDocumentClient({ endpoint: embedded.endpoint, region: 'us-east-1' });
  tableCounter += 1;
  const tableName = `edge-gateway-test-${tableCounter}`;
  await ensureTable(doc, tableName);
  return {
    endpoint: embedded.endpoint,
    doc,
    tableName,
    repos: createRepositories(doc, tableName, options.now),
    scan: async () => {
      const items: Array<Record<string, unknown>> = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const res = await doc.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: startKey }));
        items.push(...(res.Items ?? []));
        startKey = res.LastEvaluatedKey;
      } while (startKey);
      return items;
    },
    close: async () => {
      doc.destroy();
      await embedded.close();
    },
  };
}

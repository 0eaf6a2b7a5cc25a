import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../lambdas/core/ids.ts';
import { createEdgeDataSource } from '../../../lambdas/edge/data-source.ts';
import { nearestTableRegion } from '../../../lambdas/edge/nearest-region.ts';
import { FIXTURE_KEY } from './fakes.ts';

const ddb = mockClient(DynamoDBDocumentClient);

const PROJECT_ITEMS = [
  {
    pk: 'PROJECT#demo01',
    sk: 'META',
    entity: 'project',
    id: 'demo01',
    accountId: 'a1',
    name: 'Demo',
    originUrl: 'https://api.customer.example',
    plan: 'free',
    wafEnabled: true,
    cacheEnabled: true,
    configVersion: 4,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  },
  { pk: 'PROJECT#demo01', sk: 'CONFIG#CACHE', value: { defaultTtlSec: 120 } },
];
const KEY_ITEM = {
  pk: 'PROJECT#demo01',
  sk: 'KEY#k_1',
  gsi1pk: `KEYHASH#${sha256Hex(FIXTURE_KEY)}`,
  gsi1sk: 'KEY',
  keyId: 'k_1',
  projectId: 'demo01',
  accountId: 'a1',
  name: 'default',
  scope: 'project',
  prefix: 'egk_fixtur',
  createdAt: '2025-01-01T00:00:00.000Z',
};

function source(clock: { now: number }) {
  return createEdgeDataSource({
    doc: DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1' })),
    settings: { tableName: 'edge-gateway', configTtlMs: 45_000, apiKeyTtlMs: 30_000 },
    now: () => clock.now,
  });
}

const projectQueries = () => ddb.commandCalls(QueryCommand).filter((c) => c.args[0].input.IndexName === undefined);
const keyQueries = () => ddb.commandCalls(QueryCommand).filter((c) => c.args[0].input.IndexName === 'gsi1');

describe('edge data source (module-scope cache over the table)', () => {
  beforeEach(() => {
    ddb.reset();
    ddb.on(QueryCommand).resolves({ Items: PROJECT_ITEMS });
    ddb.on(QueryCommand, { IndexName: 'gsi1' }).resolves({ Items: [KEY_ITEM] });
  });

  it('loads a project with one Query and reuses it until the TTL passes', async () => {
    // Prepare
    const clock = { now: 1_000_000 };
    const data = source(clock);

    // Act
    const first = await data.projectConfig('demo01');
    clock.now += 44_000;
    await data.projectConfig('demo01');
    const readsWithinTtl = projectQueries().length;
    clock.now += 2_000;
    await data.projectConfig('demo01');

    // Assess
    expect(first?.version).toBe(4);
    expect(first?.cache.defaultTtlSec).toBe(120);
    expect(readsWithinTtl).toBe(1);
    expect(projectQueries()).toHaveLength(2);
    expect(projectQueries()[0]!.args[0].input.ExpressionAttributeValues).toMatchObject({ ':pk': 'PROJECT#demo01' });
  });

  it('serves the last known configuration when a refresh fails', async () => {
    // Prepare
    const clock = { now: 1_000_000 };
    const data = source(clock);
    await data.projectConfig('demo01');
    ddb.on(QueryCommand).rejects(new Error('ProvisionedThroughputExceededException'));
    clock.now += 60_000;

    // Act
    const config = await data.projectConfig('demo01');

    // Assess
    expect(config?.projectId).toBe('demo01');
  });

  it('verifies a key through the key-hash index and remembers the verdict', async () => {
    // Prepare
    const data = source({ now: 1_000_000 });

    // Act
    const first = await data.verifyApiKey('demo01', FIXTURE_KEY);
    const second = await data.verifyApiKey('demo01', FIXTURE_KEY);

    // Assess
    expect(first).toEqual({ keyId: 'k_1' });
    expect(second).toEqual({ keyId: 'k_1' });
    expect(keyQueries()).toHaveLength(1);
  });

  it("refuses another project's key", async () => {
    // Prepare
    const data = source({ now: 1_000_000 });

    // Act
    const verdict = await data.verifyApiKey('other1', FIXTURE_KEY);

    // Assess
    expect(verdict).toBeUndefined();
  });

  it('remembers an unknown project only briefly, so a new project starts working within seconds', async () => {
    // Prepare
    ddb.on(QueryCommand).resolves({ Items: [] });
    const clock = { now: 1_000_000 };
    const data = source(clock);

    // Act
    await data.projectConfig('new1');
    clock.now += 6_000;
    await data.projectConfig('new1');

    // Assess
    expect(projectQueries()).toHaveLength(2);
  });
});

describe('nearest table replica', () => {
  it.each([
    ['eu-west-1', 'eu-west-1'],
    ['eu-central-1', 'eu-west-1'],
    ['ap-northeast-1', 'ap-southeast-2'],
    ['sa-east-1', 'us-east-1'],
    [undefined, 'us-east-1'],
  ])('an edge function in %s reads %s', (executionRegion, expected) => {
    // Act
    const region = nearestTableRegion(executionRegion, ['us-east-1', 'eu-west-1', 'ap-southeast-2'], 'us-east-1');

    // Assess
    expect(region).toBe(expected);
  });

  it('creates the challenge secret once when the table has none, then reuses it for the instance', async () => {
    // Prepare: the first read finds nothing, the read after the conditional create finds the value.
    const clock = { now: 1_000_000 };
    const data = source(clock);
    ddb
      .on(GetCommand)
      .resolvesOnce({})
      .resolves({ Item: { pk: 'GLOBAL', sk: 'SECRET#challenge', value: 'stored-secret' } });
    ddb.on(PutCommand).resolves({});

    // Act
    const first = await data.challengeSecret();
    const second = await data.challengeSecret();

    // Assess
    expect(first).toBe('stored-secret');
    expect(second).toBe('stored-secret');
    const puts = ddb.commandCalls(PutCommand);
    expect(puts).toHaveLength(1);
    expect(puts[0]!.args[0].input.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(ddb.commandCalls(GetCommand)).toHaveLength(2);
  });

  it('keeps the secret another writer created first when the conditional create loses the race', async () => {
    // Prepare
    const data = source({ now: 1 });
    ddb
      .on(GetCommand)
      .resolvesOnce({})
      .resolves({ Item: { pk: 'GLOBAL', sk: 'SECRET#challenge', value: 'winner' } });
    ddb.on(PutCommand).rejects(Object.assign(new Error('exists'), { name: 'ConditionalCheckFailedException' }));

    // Act
    const secret = await data.challengeSecret();

    // Assess
    expect(secret).toBe('winner');
  });
});

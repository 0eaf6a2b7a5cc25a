import { createHash } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EdgeProjectConfig } from '../core/project-config.ts';
import { ApiKeyRepository } from '../data/api-key-repository.ts';
import { createDocumentClient } from '../data/dynamo.ts';
import { CHALLENGE_SECRET, GatewaySecretRepository } from '../data/gateway-secret-repository.ts';
import { loadEdgeProjectConfig } from '../data/project-config-loader.ts';
import { Table } from '../data/table.ts';
import { keys } from '../data/table-design.ts';
import { nearestTableRegion } from './nearest-region.ts';
import { EDGE_SETTINGS, type EdgeSettings } from './settings.ts';
import { readThrough, TtlCache } from './ttl-cache.ts';

/** What the edge reads per request; every answer is memoised for the life of the Lambda instance. */
export interface EdgeDataSource {
  projectConfig(projectId: string): Promise<EdgeProjectConfig | undefined>;
  verifyApiKey(projectId: string, presentedKey: string): Promise<{ keyId: string } | undefined>;
  /** The gateway-wide HMAC key for challenges; read once per instance (created in the home region if absent). */
  challengeSecret(): Promise<string>;
  /** The month's stored request total (not memoised here: the usage meter keeps its own snapshot). */
  usageTotal(projectId: string, month: string): Promise<number>;
}

// Unknown projects and rejected keys are remembered briefly only, so a project or key created a moment
// ago starts working within seconds while a flood of bad requests still costs one read per instance.
const NEGATIVE_TTL_MS = 5_000;

export function createEdgeDataSource(options: {
  doc: DynamoDBDocumentClient;
  /** Client for the home-region table, where a missing gateway secret is created; defaults to `doc`. */
  homeDoc?: DynamoDBDocumentClient;
  settings: Pick<EdgeSettings, 'tableName' | 'configTtlMs' | 'apiKeyTtlMs'>;
  now?: () => number;
}): EdgeDataSource {
  const { doc, settings } = options;
  const now = options.now ?? Date.now;
  const table = new Table(doc, settings.tableName);
  const apiKeys = new ApiKeyRepository(table, () => new Date(now()));
  const configs = new TtlCache<EdgeProjectConfig | undefined>(500, now);
  const verdicts = new TtlCache<{ keyId: string } | undefined>(5_000, now);
  const secrets = new GatewaySecretRepository(table, new Table(options.homeDoc ?? doc, settings.tableName));
  let challengeSecret: Promise<string> | undefined;
  return {
    challengeSecret: () => {
      challengeSecret ??= secrets.getOrCreate(CHALLENGE_SECRET).catch((err) => {
        challengeSecret = undefined; // retry on the next request rather than failing every challenge forever
        throw err;
      });
      return challengeSecret;
    },
    usageTotal: async (projectId, month) => {
      // Eventually consistent is enough: the replica lags by about a second, the meter by far more.
      const item = await table.get<{ requests?: number }>(keys.usage(projectId, month), false);
      return Number(item?.requests ?? 0);
    },
    projectConfig: (projectId) =>
      readThrough(
        configs,
        projectId,
        (config) => (config ? settings.configTtlMs : Math.min(NEGATIVE_TTL_MS, settings.configTtlMs)),
        () => loadEdgeProjectConfig(doc, settings.tableName, projectId),
      ),
    verifyApiKey: (projectId, presentedKey) => {
      // The memo holds hashes, never plaintext keys.
      const memoKey = `${projectId}:${createHash('sha256').update(presentedKey).digest('base64url')}`;
      return readThrough(
        verdicts,
        memoKey,
        (verdict) => (verdict ? settings.apiKeyTtlMs : Math.min(NEGATIVE_TTL_MS, settings.apiKeyTtlMs)),
        () => apiKeys.verify(projectId, presentedKey),
      );
    },
  };
}

let shared: EdgeDataSource | undefined;

/** The instance-wide source, reading the table replica nearest to the region this edge function runs in. */
export function sharedEdgeDataSource(settings: EdgeSettings = EDGE_SETTINGS): EdgeDataSource {
  if (!shared) {
    // AWS_REGION is set by the Lambda runtime to where the function executes, not configured by us.
    const region = nearestTableRegion(process.env.AWS_REGION, settings.tableRegions, settings.homeRegion);
    const doc = createDocumentClient({ region });
    const homeDoc = region === settings.homeRegion ? doc : createDocumentClient({ region: settings.homeRegion });
    shared = createEdgeDataSource({ doc, homeDoc, settings });
  }
  return shared;
}

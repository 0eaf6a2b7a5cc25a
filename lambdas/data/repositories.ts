import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AlertPolicy, AlertPolicyInput } from '../core/config/alert-policy.ts';
import type { CacheConfig, CacheRule, CacheRuleInput } from '../core/config/cache-config.ts';
import type { DdosConfig } from '../core/config/ddos-config.ts';
import type { EdgeRule, EdgeRuleInput } from '../core/config/edge-rule.ts';
import type { WafConfig } from '../core/config/waf-config.ts';
import { ApiKeyRepository } from './api-key-repository.ts';
import { GatewaySecretRepository } from './gateway-secret-repository.ts';
import { IdempotencyRepository } from './idempotency-repository.ts';
import { ProjectChildRepository, ProjectSettingRepository } from './project-child-repository.ts';
import { ProjectRepository } from './project-repository.ts';
import { SessionRepository } from './session-repository.ts';
import { Table } from './table.ts';
import { PROJECT_SK } from './table-design.ts';
import { UsageRepository } from './usage-repository.ts';
import { WafEventRepository } from './waf-event-repository.ts';

/** Every repository over one table, built once per process. */
export function createRepositories(doc: DynamoDBDocumentClient, tableName: string, now: () => Date = () => new Date()) {
  const table = new Table(doc, tableName);
  return {
    table,
    projects: new ProjectRepository(table),
    apiKeys: new ApiKeyRepository(table, now),
    sessions: new SessionRepository(table),
    alertPolicies: new ProjectChildRepository<AlertPolicyInput, AlertPolicy>(
      table,
      PROJECT_SK.alertPolicy,
      'ap_',
      'Alert policy',
    ),
    cacheRules: new ProjectChildRepository<CacheRuleInput, CacheRule>(table, PROJECT_SK.cacheRule, 'cr_', 'Cache rule'),
    edgeRules: new ProjectChildRepository<EdgeRuleInput, EdgeRule>(table, PROJECT_SK.edgeRule, 'r_', 'Edge rule'),
    wafConfig: new ProjectSettingRepository<WafConfig>(table, PROJECT_SK.wafConfig),
    cacheConfig: new ProjectSettingRepository<CacheConfig>(table, PROJECT_SK.cacheConfig),
    ddosConfig: new ProjectSettingRepository<DdosConfig>(table, PROJECT_SK.ddosConfig),
    usage: new UsageRepository(table),
    wafEvents: new WafEventRepository(table),
    idempotency: new IdempotencyRepository(table),
    secrets: new GatewaySecretRepository(table),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CacheRule } from '../core/config/cache-config.ts';
import { CACHE_DEFAULTS, DDOS_DEFAULTS, WAF_DEFAULTS, withDefaults } from '../core/config/defaults.ts';
import type { EdgeRule } from '../core/config/edge-rule.ts';
import type { EdgeProjectConfig } from '../core/project-config.ts';
import type { Project } from './project-repository.ts';
import { Table, toRecord } from './table.ts';
import { keys, PROJECT_SK } from './table-design.ts';

/**
 * Loads a project's whole edge configuration with one Query over its partition. Settings missing from
 * the table take their documented defaults, so a new project works before anything is configured.
 */
export async function loadEdgeProjectConfig(
  doc: DynamoDBDocumentClient,
  tableName: string,
  projectId: string,
): Promise<EdgeProjectConfig | undefined> {
  const items = await new Table(doc, tableName).queryAll(keys.projectPartition(projectId));
  return assembleEdgeProjectConfig(items);
}

export function assembleEdgeProjectConfig(items: Array<Record<string, unknown>>): EdgeProjectConfig | undefined {
  const bySk = new Map(items.map((i) => [String(i.sk), i]));
  const project = toRecord<Project>(bySk.get(PROJECT_SK.meta));
  if (!project) return undefined;
  const setting = (sk: string) => bySk.get(sk)?.value;
  const children = <T>(prefix: string) =>
    items.filter((i) => String(i.sk).startsWith(prefix)).map((i) => toRecord<T>(i)!);
  return {
    projectId: project.id,
    version: project.configVersion,
    plan: project.plan,
    originUrl: project.originUrl,
    wafEnabled: project.wafEnabled,
    cacheEnabled: project.cacheEnabled,
    waf: withDefaults(WAF_DEFAULTS, setting(PROJECT_SK.wafConfig)),
    cache: withDefaults(CACHE_DEFAULTS, setting(PROJECT_SK.cacheConfig)),
    ddos: withDefaults(DDOS_DEFAULTS, setting(PROJECT_SK.ddosConfig)),
    cacheRules: children<CacheRule>(PROJECT_SK.cacheRule),
    edgeRules: children<EdgeRule>(PROJECT_SK.edgeRule),
  };
}

import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type CacheRule, cacheConfigSchema } from '../core/config/cache-config.ts';
import { ddosConfigSchema } from '../core/config/ddos-config.ts';
import type { EdgeRule } from '../core/config/edge-rule.ts';
import { wafConfigSchema } from '../core/config/waf-config.ts';
import type { EdgeProjectConfig } from '../core/project-config.ts';
import type { Project } from './project-repository.ts';
import { Table, toRecord } from './table.ts';
import { keys } from './table-design.ts';

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
  const project = toRecord<Project>(bySk.get('META'));
  if (!project) return undefined;
  const setting = (sk: string) => (bySk.get(sk)?.value as object | undefined) ?? {};
  const children = <T>(prefix: string) =>
    items.filter((i) => String(i.sk).startsWith(prefix)).map((i) => toRecord<T>(i)!);
  return {
    projectId: project.id,
    version: project.configVersion,
    plan: project.plan,
    originUrl: project.originUrl,
    wafEnabled: project.wafEnabled,
    cacheEnabled: project.cacheEnabled,
    // Parsing stored settings through the schema fills defaults added since the record was written.
    waf: wafConfigSchema.parse(setting(keys.wafConfig(project.id).sk)),
    cache: cacheConfigSchema.parse(setting(keys.cacheConfig(project.id).sk)),
    ddos: ddosConfigSchema.parse(setting(keys.ddosConfig(project.id).sk)),
    cacheRules: children<CacheRule>('CACHERULE#'),
    edgeRules: children<EdgeRule>('RULE#'),
  };
}

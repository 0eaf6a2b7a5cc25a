/**
 * Single-table design. Every item of a project lives under `PROJECT#<id>` so the edge loads a whole
 * project configuration with one Query; lookups by API-key hash go through GSI1.
 *
 * | entity        | pk                       | sk                          | gsi1pk                | gsi1sk              |
 * |---------------|--------------------------|-----------------------------|-----------------------|---------------------|
 * | account       | ACCOUNT#<accountId>      | META                        |                       |                     |
 * | project       | PROJECT#<projectId>      | META                        | ACCOUNT#<accountId>   | PROJECT#<createdAt> |
 * | API key       | PROJECT#<projectId>      | KEY#<keyId>                 | KEYHASH#<sha256>      | KEY                 |
 * | session       | SESSION#<sha256(token)>  | META                        |                       |                     |
 * | WAF config    | PROJECT#<projectId>      | CONFIG#WAF                  |                       |                     |
 * | cache config  | PROJECT#<projectId>      | CONFIG#CACHE                |                       |                     |
 * | DDoS config   | PROJECT#<projectId>      | CONFIG#DDOS                 |                       |                     |
 * | cache rule    | PROJECT#<projectId>      | CACHERULE#<ruleId>          |                       |                     |
 * | edge rule     | PROJECT#<projectId>      | RULE#<ruleId>               |                       |                     |
 * | alert policy  | PROJECT#<projectId>      | ALERT#<policyId>            |                       |                     |
 * | usage (month) | USAGE#<projectId>        | MONTH#<yyyy-mm>             |                       |                     |
 * | WAF event     | EVENTS#<projectId>       | EVENT#<isoTimestamp>#<id>   |                       |                     |
 * | idempotency   | IDEMPOTENCY#<hash>       | META                        |                       |                     |
 * | gateway secret| GLOBAL                   | SECRET#<name>               |                       |                     |
 *
 * `expiresAt` (epoch seconds) is the table's TTL attribute: sessions, WAF events, idempotency records.
 */
export const TABLE = {
  defaultName: 'edge-gateway',
  partitionKey: 'pk',
  sortKey: 'sk',
  gsi1: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  ttlAttribute: 'expiresAt',
} as const;

/** Sort keys and sort-key prefixes inside a project's partition: the repositories and the edge loader share them. */
export const PROJECT_SK = {
  meta: 'META',
  apiKey: 'KEY#',
  wafConfig: 'CONFIG#WAF',
  cacheConfig: 'CONFIG#CACHE',
  ddosConfig: 'CONFIG#DDOS',
  cacheRule: 'CACHERULE#',
  edgeRule: 'RULE#',
  alertPolicy: 'ALERT#',
} as const;

export const keys = {
  account: (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: 'META' }),
  project: (projectId: string) => ({ pk: `PROJECT#${projectId}`, sk: PROJECT_SK.meta }),
  projectPartition: (projectId: string) => `PROJECT#${projectId}`,
  accountProjects: (accountId: string) => `ACCOUNT#${accountId}`,
  apiKey: (projectId: string, keyId: string) => ({ pk: `PROJECT#${projectId}`, sk: `${PROJECT_SK.apiKey}${keyId}` }),
  apiKeyHash: (hash: string) => `KEYHASH#${hash}`,
  session: (tokenHash: string) => ({ pk: `SESSION#${tokenHash}`, sk: 'META' }),
  usage: (projectId: string, month: string) => ({ pk: `USAGE#${projectId}`, sk: `MONTH#${month}` }),
  gatewaySecret: (name: string) => ({ pk: 'GLOBAL', sk: `SECRET#${name}` }),
  idempotency: (scopeHash: string) => ({ pk: `IDEMPOTENCY#${scopeHash}`, sk: 'META' }),
  wafEventPartition: (projectId: string) => `EVENTS#${projectId}`,
  wafEvent: (projectId: string, timestamp: string, eventId: string) => ({
    pk: `EVENTS#${projectId}`,
    sk: `EVENT#${timestamp}#${eventId}`,
  }),
} as const;

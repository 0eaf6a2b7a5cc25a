import { TABLE } from '../lambdas/data/table-design.ts';

/** Deployment settings, all from CDK context (`-c key=value` or cdk.json). */
export interface DeploymentSettings {
  /** Customers reach project `p` at `p.<proxyDomain>`. */
  proxyDomain: string;
  /** ACM certificate in us-east-1 covering `*.<proxyDomain>` (CloudFront only accepts us-east-1). */
  certificateArn: string;
  /** Region of the control plane: the table, the API and the workers. */
  homeRegion: string;
  /** Extra global-table replicas the edge may read from (the nearest one is chosen per edge region). */
  replicaRegions: string[];
  tableName: string;
  /** Verified SES identity alert e-mails are sent from; e-mail alerts are skipped when absent. */
  alertEmailFrom?: string;
  /** Account id from the CLI environment when present; synth works without it (env-agnostic account). */
  account?: string;
}

/** Anything that can answer `tryGetContext` (an App, a Node, or a plain map in tests). */
export type ContextSource = { tryGetContext(key: string): unknown } | Record<string, unknown>;

const REGION = /^[a-z]{2}(-gov)?-[a-z]+-\d$/;
const CERT_ARN = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]+$/;
const DOMAIN = /^(?=.{1,200}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export class SettingsError extends Error {
  constructor(problems: string[]) {
    super(
      `Edge Gateway deployment settings are incomplete:\n  - ${problems.join('\n  - ')}\n` +
        'Example: npx cdk deploy --all -c proxyDomain=edge.example.com ' +
        '-c certificateArn=arn:aws:acm:us-east-1:123456789012:certificate/<id> -c homeRegion=eu-west-1',
    );
    this.name = 'SettingsError';
  }
}

function read(source: ContextSource, key: string): unknown {
  if (typeof (source as { tryGetContext?: unknown }).tryGetContext === 'function') {
    return (source as { tryGetContext(key: string): unknown }).tryGetContext(key);
  }
  return (source as Record<string, unknown>)[key];
}

function text(source: ContextSource, key: string): string | undefined {
  const value = read(source, key);
  if (value === undefined || value === null || value === '') return undefined;
  return String(value).trim();
}

function list(source: ContextSource, key: string): string[] {
  const value = read(source, key);
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value.trim()) return value.split(',').map((s) => s.trim());
  return [];
}

/** Reads and checks every setting, reporting all problems at once rather than the first. */
export function readSettings(source: ContextSource, env: NodeJS.ProcessEnv = process.env): DeploymentSettings {
  const problems: string[] = [];
  const proxyDomain = text(source, 'proxyDomain')?.toLowerCase();
  const certificateArn = text(source, 'certificateArn');
  const homeRegion = text(source, 'homeRegion');

  if (!proxyDomain) problems.push('proxyDomain is missing (-c proxyDomain=edge.example.com)');
  else if (!DOMAIN.test(proxyDomain)) problems.push(`proxyDomain "${proxyDomain}" is not a DNS name`);
  if (!certificateArn) {
    problems.push('certificateArn is missing (an ACM certificate in us-east-1 for *.<proxyDomain>)');
  } else if (!CERT_ARN.test(certificateArn)) {
    problems.push(`certificateArn "${certificateArn}" is not an ACM certificate ARN in us-east-1`);
  }
  if (!homeRegion) problems.push('homeRegion is missing (-c homeRegion=eu-west-1)');
  else if (!REGION.test(homeRegion)) problems.push(`homeRegion "${homeRegion}" is not an AWS region name`);

  const replicaRegions = list(source, 'replicaRegions').filter((r) => r !== homeRegion);
  for (const region of replicaRegions) {
    if (!REGION.test(region)) problems.push(`replicaRegions entry "${region}" is not an AWS region name`);
  }
  const tableName = text(source, 'tableName') ?? TABLE.defaultName;
  if (!/^[a-zA-Z0-9_.-]{3,255}$/.test(tableName)) problems.push(`tableName "${tableName}" is not a DynamoDB name`);

  if (problems.length > 0) throw new SettingsError(problems);
  const settings: DeploymentSettings = {
    proxyDomain: proxyDomain!,
    certificateArn: certificateArn!,
    homeRegion: homeRegion!,
    replicaRegions,
    tableName,
  };
  const alertEmailFrom = text(source, 'alertEmailFrom');
  if (alertEmailFrom) settings.alertEmailFrom = alertEmailFrom;
  const account = env.CDK_DEFAULT_ACCOUNT;
  if (account) settings.account = account;
  return settings;
}

/** Names shared by stacks in different regions, fixed so no cross-region reference is needed. */
export function resourceNames(settings: Pick<DeploymentSettings, 'tableName'>) {
  return {
    wafEventQueue: `${settings.tableName}-waf-events`,
    wafEventDlq: `${settings.tableName}-waf-events-dlq`,
    alertTopic: `${settings.tableName}-alerts`,
  } as const;
}

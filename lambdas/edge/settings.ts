/**
 * Settings baked into each edge bundle at build time: Lambda@Edge has no environment variables, so
 * scripts/build-edge.ts and the CDK edge stack replace `__EDGE_SETTINGS__` with a literal (esbuild
 * `define`). Unbundled (tests, the loopback harness) the development defaults below apply.
 */
export interface EdgeSettings {
  /** Customers reach project `p` at `p.<proxyDomain>`; '' accepts any parent domain (development). */
  proxyDomain: string;
  tableName: string;
  /** Region of the table, the WAF-event queue and the workers. */
  homeRegion: string;
  /** Regions holding a replica of the table (home region included). */
  tableRegions: string[];
  wafEventQueueName: string;
  /** How long a loaded project configuration is trusted before it is read again. */
  configTtlMs: number;
  /** How long an API-key verdict is trusted: a revoked key keeps working at most this long at the edge. */
  apiKeyTtlMs: number;
  /** Most time a request waits for WAF events to reach SQS before they are given up (fire-and-forget). */
  eventSendBudgetMs: number;
}

declare const __EDGE_SETTINGS__: EdgeSettings | undefined;

/** How long the edge trusts what it read and waits for SQS: the same in development and in every deployment. */
export const EDGE_TIMINGS: Pick<EdgeSettings, 'configTtlMs' | 'apiKeyTtlMs' | 'eventSendBudgetMs'> = {
  configTtlMs: 45_000,
  apiKeyTtlMs: 30_000,
  eventSendBudgetMs: 250,
};

export const DEVELOPMENT_EDGE_SETTINGS: EdgeSettings = {
  proxyDomain: '',
  tableName: 'edge-gateway',
  homeRegion: 'us-east-1',
  tableRegions: ['us-east-1'],
  wafEventQueueName: 'edge-gateway-waf-events',
  ...EDGE_TIMINGS,
};

export const EDGE_SETTINGS: EdgeSettings =
  typeof __EDGE_SETTINGS__ === 'undefined' ? DEVELOPMENT_EDGE_SETTINGS : __EDGE_SETTINGS__;

import type { App } from 'aws-cdk-lib';
import { type ApiRoute, ControlPlaneStack } from './control-plane-stack.ts';
import { DashboardStack } from './dashboard-stack.ts';
import { EdgeStack } from './edge-stack.ts';
import type { DeploymentSettings } from './settings.ts';
import { WorkersStack } from './workers-stack.ts';

/** All four stacks: three in the home region, the edge in us-east-1 (CloudFront's region). */
export function addEdgeGatewayStacks(app: App, settings: DeploymentSettings, routes: readonly ApiRoute[]) {
  const home = { account: settings.account, region: settings.homeRegion };
  const controlPlane = new ControlPlaneStack(app, 'EdgeGateway-ControlPlane', {
    env: home,
    settings,
    routes,
    description: 'Edge Gateway: table and /v1 management API',
  });
  const workers = new WorkersStack(app, 'EdgeGateway-Workers', {
    env: home,
    settings,
    description: 'Edge Gateway: WAF-event ingest and alert notifications',
  });
  const edge = new EdgeStack(app, 'EdgeGateway-Edge', {
    env: { account: settings.account, region: 'us-east-1' },
    settings,
    description: 'Edge Gateway: CloudFront, Lambda@Edge and AWS WAF for the proxy domain',
  });
  // Workers and the edge address the table and queue by name, so only the deployment order links them.
  workers.addStackDependency(controlPlane);
  edge.addStackDependency(workers);
  const dashboard = new DashboardStack(app, 'EdgeGateway-Dashboard', {
    env: home,
    api: controlPlane.api,
    description: 'Edge Gateway: dashboard hosting',
  });
  return { controlPlane, workers, edge, dashboard };
}

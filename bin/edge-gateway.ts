/**
 * CDK app. Settings come from context:
 *   npx cdk deploy --all -c proxyDomain=edge.example.com \
 *     -c certificateArn=arn:aws:acm:us-east-1:<account>:certificate/<id> -c homeRegion=eu-west-1
 * Synth needs no credentials and no network (run with CDK_DISABLE_CLI_TELEMETRY=true).
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ROUTES } from '../lambdas/api/routes.ts';
import { addEdgeGatewayStacks } from '../lib/edge-gateway-app.ts';
import { readSettings, SettingsError } from '../lib/settings.ts';

const app = new App();
try {
  addEdgeGatewayStacks(app, readSettings(app.node), ROUTES);
} catch (err) {
  if (!(err instanceof SettingsError)) throw err;
  console.error(err.message);
  process.exit(1);
}
// Every finding of the AWS Solutions pack fails synth unless acknowledged with a reason in lib/.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();

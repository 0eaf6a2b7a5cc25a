import { plansWith } from '../../../lambdas/core/quota/quota.ts';
import { conformanceOrigin } from '../../conformance/origin.ts';
import { registerConformanceSuite } from '../../conformance/register.ts';
import { CONFORMANCE_PLAN_OVERRIDES } from '../../conformance/suite.ts';
import { startCloudFrontEmulator } from '../../harness/cloudfront-emulator.ts';
import { createEdgeTriggers } from '../../harness/edge-triggers.ts';
import { startDynalite } from '../../helpers/dynalite.ts';
import { rawRequest } from '../../helpers/http.ts';
import { startOrigin } from '../../helpers/origin.ts';
import { startTestServer } from '../../helpers/test-server.ts';

// The four Lambda@Edge handlers inside the CloudFront emulator, reading the table a self-hosted
// server's /v1 API writes (dynalite shared by both), in front of a recording origin.
registerConformanceSuite('lambda-edge', async () => {
  const origin = await startOrigin(conformanceOrigin);
  const dynamo = await startDynalite();
  const t = await startTestServer({
    dynamoEndpoint: dynamo.endpoint,
    tableName: dynamo.tableName,
    planOverrides: CONFORMANCE_PLAN_OVERRIDES,
  });
  const edge = createEdgeTriggers({
    dynamoEndpoint: dynamo.endpoint,
    tableName: dynamo.tableName,
    proxyDomain: 'localhost',
    plans: plansWith(CONFORMANCE_PLAN_OVERRIDES),
  });
  const cloudfront = await startCloudFrontEmulator({ triggers: edge.triggers });
  return {
    target: {
      runtime: 'lambda-edge',
      api: (path, init = {}) => t.api(path, { apiKey: t.bootstrap.adminKey, ...init }),
      originUrl: origin.url,
      originRequests: origin.requests,
      request: (projectId, method, path, headers = {}, body) =>
        rawRequest(`${cloudfront.url}${path}`, {
          method,
          headers: { host: `${projectId}.localhost`, ...headers },
          ...(body === undefined ? {} : { body }),
        }),
    },
    close: async () => {
      await cloudfront.settled();
      await cloudfront.close();
      edge.close();
      await t.close();
      await dynamo.close();
      await origin.close();
    },
  };
});

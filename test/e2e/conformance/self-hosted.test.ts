import { conformanceOrigin } from '../../conformance/origin.ts';
import { registerConformanceSuite } from '../../conformance/register.ts';
import { CONFORMANCE_PLAN_OVERRIDES } from '../../conformance/suite.ts';
import { startOrigin } from '../../helpers/origin.ts';
import { startTestServer } from '../../helpers/test-server.ts';

// The self-hosted proxy (server/app.ts) in front of a recording origin.
registerConformanceSuite('self-hosted', async () => {
  const origin = await startOrigin(conformanceOrigin);
  const t = await startTestServer({ planOverrides: CONFORMANCE_PLAN_OVERRIDES });
  return {
    target: {
      runtime: 'self-hosted',
      api: (path, init = {}) => t.api(path, { apiKey: t.bootstrap.adminKey, ...init }),
      originUrl: origin.url,
      originRequests: origin.requests,
      request: (projectId, method, path, headers = {}, body) =>
        t.proxy(projectId, path, { method, headers, ...(body === undefined ? {} : { body }) }),
    },
    close: async () => {
      await t.close();
      await origin.close();
    },
  };
});

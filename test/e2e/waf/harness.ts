import type { ServerOptions } from '../../../server/app.ts';
import type { RawRequestOptions, RawResponse } from '../../helpers/http.ts';
import { startOrigin, type TestOrigin } from '../../helpers/origin.ts';
import { startTestServer, type TestServer } from '../../helpers/test-server.ts';

export const ATTACKS = {
  sqli: `/items?q=${encodeURIComponent("1' UNION SELECT password FROM users--")}`,
  xss: `/search?q=${encodeURIComponent('<script>alert(1)</script>')}`,
  lfi: `/download?file=${encodeURIComponent('../../../../etc/passwd')}`,
  rce: `/ping?host=${encodeURIComponent('127.0.0.1; cat /etc/passwd')}`,
} as const;
export const SCANNER_UA = 'sqlmap/1.7';
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

export interface WafHarness {
  t: TestServer;
  origin: TestOrigin;
  projectId: string;
  /** A proxied request with the project's key, a browser-like UA unless overridden, and JSON Accept. */
  proxy(path: string, init?: RawRequestOptions): Promise<RawResponse>;
  patchWaf(config: Record<string, unknown>): Promise<RawResponse>;
  patchProject(fields: Record<string, unknown>): Promise<RawResponse>;
  close(): Promise<void>;
}

/** The demo project (Pro plan) in front of a recording origin, with the WAF switched on. */
export async function startWafHarness(options: ServerOptions = {}): Promise<WafHarness> {
  const origin = await startOrigin();
  const t = await startTestServer(options);
  const projectId = t.bootstrap.projectId;
  const patchProject = (fields: Record<string, unknown>) =>
    t.api(`/projects/${projectId}`, { method: 'PATCH', body: fields });
  const setup = await patchProject({ originUrl: origin.url, wafEnabled: true });
  if (setup.status !== 200) throw new Error(`project setup failed: ${setup.text}`);
  return {
    t,
    origin,
    projectId,
    proxy: (path, init = {}) =>
      t.proxy(projectId, path, {
        ...init,
        headers: {
          'x-api-key': t.bootstrap.apiKey,
          'user-agent': BROWSER_UA,
          accept: 'application/json',
          ...init.headers,
        },
      }),
    patchWaf: (config) => t.api(`/projects/${projectId}/waf/config`, { method: 'PATCH', body: config }),
    patchProject,
    close: async () => {
      await t.close();
      await origin.close();
    },
  };
}

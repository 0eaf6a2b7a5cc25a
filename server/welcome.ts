import { join, relative } from 'node:path';
import type { RunningServer } from './app.ts';

/** The first thing a new user reads: where everything is and commands that work as pasted. */
export function printWelcome(server: RunningServer): void {
  const b = server.bootstrap;
  const lines = [
    '',
    'Edge Gateway is running.',
    `  Management API  ${server.apiBaseUrl}   (OpenAPI: ${server.apiBaseUrl}/openapi.json)`,
    `  Edge proxy      port ${server.proxyPort}, projects at ${server.proxyUrlFor('<projectId>')}`,
    `  Demo origin     ${server.demoOriginUrl}`,
  ];
  if (b) {
    lines.push(
      `  Demo project    ${b.projectId} -> ${b.proxyUrl}`,
      `  Credentials     ${relative(process.cwd(), join(server.dataDir, 'bootstrap.json'))} (apiKey: project key, adminKey: account key)`,
      '',
      'Try it:',
      `  curl -s ${b.proxyUrl}/hello -H 'x-api-key: ${b.apiKey}'`,
      `  curl -s ${b.apiBaseUrl}/projects/${b.projectId} -H 'x-api-key: ${b.apiKey}'`,
      `  curl -s -X PATCH ${b.apiBaseUrl}/projects/${b.projectId} -H 'x-api-key: ${b.apiKey}' \\`,
      `       -H 'content-type: application/json' -d '{"wafEnabled": true, "cacheEnabled": true}'`,
      `  curl -s "${b.proxyUrl}/search?q=1%27%20UNION%20SELECT%20password%20FROM%20users--" -H 'x-api-key: ${b.apiKey}'`,
      '',
      'Press Ctrl+C to stop; state is kept for the next start.',
    );
  }
  console.log(lines.join('\n'));
}

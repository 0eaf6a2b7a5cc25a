import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startOrigin } from '../../helpers/origin.ts';
import { freshDataDir, startTestServer } from '../../helpers/test-server.ts';

describe('the demo project across a restart', () => {
  it('keeps an origin the user gave the demo project instead of resetting it to the demo origin', async () => {
    // Prepare
    const dataDir = freshDataDir();
    const origin = await startOrigin();
    const first = await startTestServer({ dataDir });
    await first.api('/projects/demo', { method: 'PATCH', body: { originUrl: origin.url } });
    await first.close({ keepDataDir: true });
    try {
      // Act
      const second = await startTestServer({ dataDir });
      try {
        const project = (await second.api('/projects/demo')).json().data;
        const proxied = await second.proxy('demo', '/mine', { headers: { 'x-api-key': second.bootstrap.apiKey } });
        // Assess
        expect(project.originUrl).toBe(origin.url);
        expect(proxied.status).toBe(200);
        expect(origin.requests.map((r) => r.url)).toContain('/mine');
      } finally {
        await second.close({ keepDataDir: true });
      }
    } finally {
      await origin.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('still moves the demo project to the demo origin’s new port when it was left on the demo origin', async () => {
    // Prepare
    const dataDir = freshDataDir();
    const first = await startTestServer({ dataDir });
    await first.close({ keepDataDir: true });
    try {
      // Act
      const second = await startTestServer({ dataDir });
      try {
        const project = (await second.api('/projects/demo')).json().data;
        // Assess
        expect(project.originUrl).toBe(second.server.demoOriginUrl);
      } finally {
        await second.close({ keepDataDir: true });
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RulesHarness, startRulesHarness } from '../e2e/rules/harness.ts';
import { launchChromium } from './chromium.ts';

describe('Edge rule and DDoS challenges in headless Chromium', () => {
  let h: RulesHarness;
  let browser: Browser;

  beforeAll(async () => {
    h = await startRulesHarness();
    expect((await h.patchWaf({ challengeDifficulty: 12 })).status).toBe(200);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await h?.close();
  });

  const urlOf = (path: string) => `http://${h.t.proxyHost(h.projectId)}${path}`;
  const hitsOf = (path: string) => h.origin.requests.filter((r) => r.url === path).length;

  /** Opens `path` in a fresh context; answers the first status and whether the page then reached the origin. */
  async function visit(path: string): Promise<{ firstStatus: number | undefined; reached: boolean }> {
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-api-key': h.t.bootstrap.apiKey } });
    const page = await context.newPage();
    // The page may finish the work before goto() returns, so listen first.
    const reaching = page
      .waitForResponse((r) => r.url() === urlOf(path) && r.status() === 200, { timeout: 45_000 })
      .then(() => true);
    const first = await page.goto(urlOf(path));
    const reached = await reaching;
    await context.close();
    return { firstStatus: first?.status(), reached };
  }

  it('a browser solves the challenge of an edge rule and reaches the origin', async () => {
    // Prepare
    await h.createRule({
      name: 'members',
      action: 'challenge',
      conditions: [{ field: 'path', op: 'equals', value: '/members' }],
    });
    const before = hitsOf('/members');
    // Act
    const { firstStatus, reached } = await visit('/members');
    // Assess
    expect(firstStatus).toBe(403);
    expect(reached).toBe(true);
    expect(hitsOf('/members')).toBe(before + 1);
  });

  it('a browser from an IP held by DDoS protection solves the challenge and reaches the origin', async () => {
    // Prepare: burst 1 at 1/s, so the second request from 127.0.0.1 starts a hold
    expect(
      (await h.patchDdos({ enabled: true, requestsPerSecond: 1, burst: 1, action: 'challenge', blockDurationSec: 300 }))
        .status,
    ).toBe(200);
    await h.proxy('/warm-up');
    const held = await h.proxy('/warm-up');
    expect(held.status).toBe(429);
    const before = hitsOf('/dashboard');
    // Act
    const { firstStatus, reached } = await visit('/dashboard');
    // Assess
    expect(firstStatus).toBe(403);
    expect(reached).toBe(true);
    expect(hitsOf('/dashboard')).toBe(before + 1);
  });
});

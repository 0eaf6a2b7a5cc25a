import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWafHarness, type WafHarness } from '../e2e/waf/harness.ts';
import { launchChromium } from './chromium.ts';

/** A session-id parameter name scores as suspicious but below the block threshold at the default sensitivity. */
const SUSPICIOUS = '/account?jsessionid=abc123';

describe('JavaScript challenge in headless Chromium', () => {
  let h: WafHarness;
  let browser: Browser;

  beforeAll(async () => {
    h = await startWafHarness();
    const sandbox = await h.t.api(`/projects/${h.projectId}/waf/sandbox-call`, {
      method: 'POST',
      body: { method: 'GET', path: '/account', queryString: 'jsessionid=abc123' },
    });
    expect(sandbox.json().data.decision.action, 'the fixture request must be a challenge decision').toBe('challenge');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await h?.close();
  });

  const url = () => `http://${h.t.proxyHost(h.projectId)}${SUSPICIOUS}`;
  // Chromium also asks for /favicon.ico, an ordinary request the proxy rightly forwards.
  const accountHits = () => h.origin.requests.filter((r) => r.url === SUSPICIOUS).length;

  it('solves the default-difficulty proof of work by itself, gets the clearance cookie and reaches the origin', async () => {
    // Prepare
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-api-key': h.t.bootstrap.apiKey } });
    const page = await context.newPage();
    const before = accountHits();
    // Act: the page may finish the work before goto() returns, so listen first.
    const reaching = page.waitForResponse((r) => r.url() === url() && r.status() === 200, { timeout: 45_000 });
    const first = await page.goto(url());
    const reachedOrigin = await reaching;
    const echoed = JSON.parse(await reachedOrigin.text());
    const cookies = await context.cookies();
    await context.close();
    // Assess
    expect(first?.status()).toBe(403);
    expect(echoed.url).toBe(SUSPICIOUS);
    expect(accountHits()).toBe(before + 1);
    const clearance = cookies.find((c) => c.name === '__edge_clearance');
    expect(clearance?.httpOnly).toBe(true);
    expect(clearance?.sameSite).toBe('Lax');
  });

  it('keeps a browser with JavaScript disabled on the challenge page', async () => {
    // Prepare
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { 'x-api-key': h.t.bootstrap.apiKey },
    });
    const page = await context.newPage();
    const before = accountHits();
    // Act
    const first = await page.goto(url());
    await page.waitForTimeout(1500);
    const reload = await page.reload();
    const title = await page.title();
    const cookies = await context.cookies();
    await context.close();
    // Assess
    expect(first?.status()).toBe(403);
    expect(reload?.status()).toBe(403);
    expect(title).toBe('Checking your browser');
    expect(cookies.some((c) => c.name === '__edge_clearance')).toBe(false);
    expect(accountHits()).toBe(before);
  });
});

describe('JavaScript challenge in headless Chromium over plain http on a non-local name', () => {
  let h: WafHarness;
  let browser: Browser;

  beforeAll(async () => {
    h = await startWafHarness({ proxyDomain: 'gateway.test' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await h?.close();
  });

  it('solves the work with the built-in SHA-256 where crypto.subtle does not exist', async () => {
    // Prepare
    const url = `http://${h.projectId}.gateway.test:${h.t.server.proxyPort}${SUSPICIOUS}`;
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-api-key': h.t.bootstrap.apiKey } });
    const page = await context.newPage();
    // Act
    const reaching = page.waitForResponse((r) => r.url() === url && r.status() === 200, { timeout: 45_000 });
    const first = await page.goto(url);
    const echoed = JSON.parse(await (await reaching).text());
    await page.waitForURL(url);
    const subtleAvailable = await page.evaluate(() => window.isSecureContext && 'subtle' in window.crypto);
    await context.close();
    // Assess
    expect(first?.status()).toBe(403);
    expect(subtleAvailable).toBe(false);
    expect(echoed.url).toBe(SUSPICIOUS);
  });
});

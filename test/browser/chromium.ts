import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** The distribution's Chromium (`apt-get install -y chromium`); a browser is never downloaded. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/lib/chromium/chromium'];
  const found = candidates.find((p): p is string => p !== undefined && p !== '' && existsSync(p));
  if (!found) throw new Error('Chromium not found: run `apt-get install -y chromium` or set CHROMIUM_PATH');
  return found;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      // The proxy listens on 127.0.0.1 only; keep `<project>.localhost` off ::1. `*.gateway.test` is a
      // plain-http name that is not a secure context, for the page's fallback without crypto.subtle.
      '--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP *.gateway.test 127.0.0.1',
    ],
  });
}

import type { EdgeResponse } from '../pipeline/types.ts';
import { solverScript } from './page-script.ts';

export const CHALLENGE_VERIFY_PATH = '/__edge/challenge/verify';

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

export interface ChallengePageInput {
  challenge: string;
  difficulty: number;
  returnTo: string;
  requestId: string;
}

/**
 * The interstitial a challenged client gets: the page does the work and posts the answer, so a browser
 * passes by itself while a client that does not run JavaScript stays here.
 */
export function challengePage(input: ChallengePageInput): EdgeResponse {
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checking your browser</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#222}
small{color:#666}</style></head>
<body><h1>Checking your browser</h1>
<p id="status">This takes a moment and needs JavaScript.</p>
<noscript><p>Enable JavaScript to continue to this site.</p></noscript>
<form id="f" method="POST" action="${CHALLENGE_VERIFY_PATH}">
<input type="hidden" name="challenge" value="${escapeHtml(input.challenge)}">
<input type="hidden" name="nonce" id="nonce" value="">
<input type="hidden" name="returnTo" value="${escapeHtml(input.returnTo)}">
</form>
<p><small>Request id ${escapeHtml(input.requestId)}</small></p>
<script>${solverScript(input.challenge, input.difficulty)}</script>
</body></html>`;
  return {
    status: 403,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-edge-challenge': 'js-pow',
    },
    body,
  };
}

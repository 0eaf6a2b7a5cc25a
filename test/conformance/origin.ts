import type { OriginHandler } from '../helpers/origin.ts';

/**
 * The origin both runtimes sit in front of: `…/status/<code>` answers that status, `…/private/…` sends
 * `Cache-Control: private`, anything else echoes the request as JSON (200).
 */
export const conformanceOrigin: OriginHandler = (req, res) => {
  const path = req.url.split('?')[0] ?? '';
  const status = /\/status\/(\d{3})$/.exec(path);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (path.includes('/private/')) headers['cache-control'] = 'private';
  res.writeHead(status ? Number(status[1]) : 200, headers);
  res.end(JSON.stringify({ method: req.method, url: req.url, bodyBytes: req.body.length }));
};

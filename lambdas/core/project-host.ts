// A DNS label: what a project id is, and what one level of the wildcard certificate covers.
const LABEL = /^[a-z0-9][a-z0-9-]{0,62}$/;

/**
 * The project a request is for: the one label in front of the proxy domain (`<projectId>.<proxyDomain>`,
 * port and trailing dot ignored). Deeper names (`www.p1.<domain>`) and other parent domains are refused,
 * so a stray alias cannot reach a project by accident. An empty proxy domain (development only) accepts
 * any parent domain and takes the first label. Shared by the self-hosted proxy and the Lambda@Edge triggers.
 */
export function projectIdFromHost(host: string | undefined, proxyDomain: string): string | undefined {
  if (!host) return undefined;
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const dot = name.indexOf('.');
  if (dot <= 0) return undefined;
  if (proxyDomain && name.slice(dot + 1) !== proxyDomain.toLowerCase()) return undefined;
  const label = name.slice(0, dot);
  return LABEL.test(label) ? label : undefined;
}

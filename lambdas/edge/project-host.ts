const LABEL = /^[a-z0-9][a-z0-9_-]{0,62}$/;

/**
 * The project is the first label of the Host (`<projectId>.<proxyDomain>`). With a proxy domain set,
 * any other parent domain is refused so a stray alias cannot reach a project by accident.
 */
export function projectIdFromHost(host: string | undefined, proxyDomain: string): string | undefined {
  if (!host) return undefined;
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const dot = name.indexOf('.');
  if (dot <= 0) return undefined;
  if (proxyDomain && name.slice(dot + 1) !== proxyDomain) return undefined;
  const label = name.slice(0, dot);
  return LABEL.test(label) ? label : undefined;
}

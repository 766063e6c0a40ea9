const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'file:', 'vbscript:', 'blob:']);

/**
 * Why `uri` cannot be registered as a redirect URI, or undefined when it can: an absolute URI without fragment
 * (RFC 6749 §3.1.2), https except on loopback (RFC 8252 §7.3), or a private-use scheme of a native app.
 */
export function redirectUriProblem(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `"${uri}" is not an absolute URI`;
  }
  if (url.hash || uri.includes('#')) return `"${uri}" must not contain a fragment`;
  if (FORBIDDEN_SCHEMES.has(url.protocol)) return `"${uri}" uses a scheme that cannot receive a redirect`;
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname))
    return `"${uri}" must use https (http only for localhost)`;
  return undefined;
}

/** The redirect URI with the response parameters added to its query, which it keeps (RFC 6749 §3.1.2). */
export function redirectWith(redirectUri: string, parameters: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters)) {
    if (value !== undefined) url.searchParams.append(name, value);
  }
  return url.toString();
}

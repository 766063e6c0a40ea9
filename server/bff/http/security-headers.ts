/**
 * The headers every BFF answer carries. The CSP allows no inline script at all; inline style only by hash, and only
 * on a page that carries its stylesheet inline (a server-rendered page, pages/pages.ts), whose answer then brings
 * its own policy: this one with that style's hash added.
 */
export function contentSecurityPolicy(inlineStyleHashes: string[] = []): string {
  const styleSources = ["'self'", ...inlineStyleHashes.map((hash) => `'${hash}'`)].join(' ');
  return (
    `default-src 'self'; script-src 'self'; style-src ${styleSources}; img-src 'self' data:; connect-src 'self'; ` +
    // The service worker and the web app manifest (decision 038): named, not left to default-src.
    "worker-src 'self'; manifest-src 'self'; " +
    "frame-ancestors 'none'; base-uri 'self'; form-action 'self'"
  );
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

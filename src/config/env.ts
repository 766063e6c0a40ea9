/**
 * The app's environment, read and checked once at start-up. The app only ever talks to the BFF at a relative
 * base path: it never holds a token or a secret, so nothing secret may be added here (VITE_* is public).
 */
function parseApiBase(value: unknown): string {
  const base = typeof value === 'string' && value !== '' ? value : '/api';
  if (!base.startsWith('/') || base.endsWith('/')) {
    throw new Error(`VITE_API_BASE must be a path like "/api" (no trailing slash), got "${base}"`);
  }
  return base;
}

export const env = Object.freeze({
  apiBase: parseApiBase(import.meta.env.VITE_API_BASE),
});

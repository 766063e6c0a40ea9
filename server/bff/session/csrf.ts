/**
 * The CSRF defence of every write through the BFF (decision 087): Fetch Metadata. A browser says where a request
 * comes from in `Sec-Fetch-Site`, which no page's script can set or change; a write must come from this origin
 * (`same-origin`). A browser too old to send it sends `Origin` on every POST, which must then be this BFF's own.
 * Nothing for the page's code to carry: a plain `fetch(..., {credentials: 'same-origin'})` or a form of this site
 * passes, a form or a script of any other site (or a sibling subdomain: `same-site`) does not.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { problemResponse } from '../http/problems.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every write under a mount (the sign-out) from this site's own pages; reads pass. */
export function sameOriginWrites(ownOrigin: (c: Context) => string | undefined): MiddlewareHandler {
  return async (c, next) =>
    SAFE_METHODS.has(c.req.method) ? next() : (crossSiteWriteRefusal(c, ownOrigin(c)) ?? next());
}

/** The refusal for a write from elsewhere, or undefined when the request comes from this site's own pages. */
export function crossSiteWriteRefusal(c: Context, ownOrigin: string | undefined): Response | undefined {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined) {
    if (site === 'same-origin') return undefined;
    return refuse(`it came from ${site === 'none' ? 'outside any page' : `a ${site} page`} (Sec-Fetch-Site: ${site})`);
  }
  const origin = c.req.header('origin');
  if (origin !== undefined && ownOrigin !== undefined && origin.toLowerCase() === ownOrigin) return undefined;
  return refuse(
    origin === undefined
      ? 'it carries neither Sec-Fetch-Site nor Origin'
      : 'its Origin is not this site (behind a proxy, set BFF_PUBLIC_URL to the address people open)',
  );
}

function refuse(why: string): Response {
  return problemResponse({
    status: 403,
    code: 'cross_site_request',
    detail: `Refused: a write must come from this site's own pages, and ${why}.`,
    headers: { 'cache-control': 'no-store' },
  });
}

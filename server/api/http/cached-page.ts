import type { Context } from 'hono';
import type { Services } from '../services.js';
import { sharedBody } from './shared-body.js';
import { ifNoneMatchHolds } from '../../http-shared/if-none-match.js';

/**
 * Answers a public page from its organization's response cache, as `cachedJson` answers a read: computed once per
 * organization data version, with an ETag and 304 for a matching If-None-Match. The page is the same for everyone
 * (no token), so shared caches may keep it, revalidating each time.
 */
export async function cachedPage(
  c: Context,
  services: Services,
  orgId: number,
  headers: Readonly<Record<string, string>>,
  compute: () => Promise<string>,
): Promise<Response> {
  const url = new URL(c.req.url);
  const cached = await services.cache.get(orgId, `page|${url.origin}${url.pathname}`, async () => ({
    status: 200,
    text: await compute(),
  }));
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  c.header('etag', cached.etag);
  c.header('cache-control', 'public, no-cache');
  if (ifNoneMatchHolds(c.req.header('if-none-match'), [cached.etag])) return c.body(null, 304);
  c.header('content-length', String(cached.body.length));
  return c.body(sharedBody(cached.body), 200);
}

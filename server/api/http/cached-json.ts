import type { Context } from 'hono';
import type { AppEnv } from './context.js';
import type { Services } from '../services.js';
import { sharedBody } from './shared-body.js';
import { ifNoneMatchHolds } from '../../http-shared/if-none-match.js';

/**
 * Answers a read from the organization's response cache, with an ETag and 304 for a matching If-None-Match.
 * The key is the full request URL with its query parameters in a canonical order, so equivalent requests share
 * one entry; the origin is part of it because responses carry absolute URLs.
 */
export interface JsonContent {
  body: unknown;
  headers?: Record<string, string>;
}

export async function cachedJson(c: Context<AppEnv>, services: Services, compute: () => Promise<JsonContent>): Promise<Response> {
  const url = new URL(c.req.url);
  const params = [...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const key = `${url.origin}${url.pathname}?${new URLSearchParams(params).toString()}`;
  const cached = await services.cache.get(c.get('auth').orgId, key, async () => {
    const content = await compute();
    return { status: 200, value: content.body, headers: content.headers };
  });
  c.header('content-type', 'application/json; charset=utf-8');
  c.header('etag', cached.etag);
  c.header('cache-control', 'private, no-cache');
  c.header('vary', 'Authorization');
  for (const [name, value] of Object.entries(cached.headers)) c.header(name, value);
  if (ifNoneMatchHolds(c.req.header('if-none-match'), [cached.etag])) return c.body(null, 304);
  // Set here because a streamed body has no length of its own: without it the answer would be chunked.
  c.header('content-length', String(cached.body.length));
  return c.body(sharedBody(cached.body), cached.status as 200);
}

/** The origin clients reached us at, for the absolute URLs in responses. */
export const originOf = (c: Context) => new URL(c.req.url).origin;

/** Paging headers: the total in X-Total-Count and the next page in an RFC 8288 Link. */
export function pagingHeaders(c: Context, total: number, limit: number, offset: number): Record<string, string> {
  const headers: Record<string, string> = { 'x-total-count': String(total) };
  if (offset + limit < total) {
    const next = new URL(c.req.url);
    next.searchParams.set('offset', String(offset + limit));
    next.searchParams.set('limit', String(limit));
    headers.link = `<${next.pathname}${next.search}>; rel="next"`;
  }
  return headers;
}

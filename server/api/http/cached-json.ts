import { createHash } from 'node:crypto';
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { AppEnv } from './context.js';
import type { Services } from '../services.js';
import { sharedBody } from './shared-body.js';
import { ifNoneMatchHolds } from '../../http-shared/if-none-match.js';

export interface JsonContent<T> {
  body: T;
  headers?: Record<string, string>;
}

/** What `c.json(body, 200)` would answer: typed by the body, so the route's declared 200 schema checks it. */
export type CachedJsonResponse<T> = Response & TypedResponse<JSONParsed<T>, 200, 'json'>;

/**
 * Answers a read from the organization's response cache, with an ETag and 304 for a matching If-None-Match.
 * The key is the full request URL with its query parameters in a canonical order, so equivalent requests share
 * one entry; the origin is part of it because responses carry absolute URLs. Typed like `c.json`: a handler that
 * returns this is checked against its route's response schema (@hono/zod-openapi's `openapi()`), though the body
 * goes out as the cached bytes, or as nothing with a 304.
 * `scope` names the organization (and a variant of the key) when the caller has no token (decision 026): an
 * anonymous answer is kept apart from a token's, which may hold more.
 */
export async function cachedJson<T>(
  c: Context<AppEnv>,
  services: Services,
  compute: () => Promise<JsonContent<T>>,
  scope: { orgId: number; variant: string } = { orgId: c.get('auth').orgId, variant: 'token' },
): Promise<CachedJsonResponse<T>> {
  const url = new URL(c.req.url);
  const params = [...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const key = `${scope.variant}|${url.origin}${url.pathname}?${new URLSearchParams(params).toString()}`;
  const cached = await services.cache.get(scope.orgId, key, async () => {
    const content = await compute();
    return { status: 200, value: content.body, headers: content.headers };
  });
  c.header('content-type', 'application/json; charset=utf-8');
  c.header('etag', cached.etag);
  c.header('cache-control', 'private, no-cache');
  c.header('vary', 'Authorization');
  for (const [name, value] of Object.entries(cached.headers)) c.header(name, value);
  let response: Response;
  if (ifNoneMatchHolds(c.req.header('if-none-match'), [cached.etag])) {
    response = c.body(null, 304);
  } else {
    // Set here because a streamed body has no length of its own: without it the answer would be chunked.
    c.header('content-length', String(cached.body.length));
    response = c.body(sharedBody(cached.body), 200);
  }
  // The bytes are JSON.stringify of a T (response-cache.ts); a 304 is the same answer, unchanged.
  return response as CachedJsonResponse<T>;
}

/** The origin clients reached us at, for the absolute URLs in responses. */
export const originOf = (c: Context) => new URL(c.req.url).origin;

/**
 * Paging headers: the total in X-Total-Count and, when the caller asked for a page (`limit`), the next page in an
 * RFC 8288 Link. Without `limit` the list is whole (from `offset` on), so there is no next page.
 */
export function pagingHeaders(
  c: Context,
  total: number,
  limit: number | undefined,
  offset: number,
): Record<string, string> {
  const headers: Record<string, string> = { 'x-total-count': String(total) };
  if (limit !== undefined && offset + limit < total) {
    const next = new URL(c.req.url);
    next.searchParams.set('offset', String(offset + limit));
    next.searchParams.set('limit', String(limit));
    headers.link = `<${next.pathname}${next.search}>; rel="next"`;
  }
  return headers;
}

/**
 * A read that is computed every time (not kept in the response cache: the show's people watch it change entry by
 * entry) answered with a content hash as ETag and 304 for a matching If-None-Match, so a console asking again after
 * a change that did not touch this read gets no body back (decision 101). Typed like `c.json`, as cachedJson is.
 */
export function etaggedJson<T>(
  c: Context<AppEnv>,
  body: T,
  headers: Record<string, string> = {},
): CachedJsonResponse<T> {
  const bytes = Buffer.from(JSON.stringify(body));
  const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
  c.header('etag', etag);
  c.header('vary', 'Authorization');
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  let response: Response;
  if (ifNoneMatchHolds(c.req.header('if-none-match'), [etag])) response = c.body(null, 304);
  else {
    c.header('content-type', 'application/json; charset=utf-8');
    response = c.body(bytes, 200);
  }
  // The bytes are JSON.stringify of a T; a 304 is the same answer, unchanged (as cachedJson's).
  return response as CachedJsonResponse<T>;
}

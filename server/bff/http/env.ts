/** The BFF app's Hono environment, and the request target as it came on the wire. */
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';

/** Bindings are absent when the app is driven through app.request() rather than @hono/node-server. */
export type BffEnv = { Bindings: Partial<HttpBindings> };

/** The request's path (percent-escapes and dot segments untouched) and query string ("?..." or ""). */
export function rawTarget(c: Context<BffEnv>): { path: string; search: string } {
  const incoming = c.env?.incoming?.url;
  let target: string;
  if (incoming !== undefined) {
    target = incoming.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  } else {
    const url = new URL(c.req.url);
    target = `${url.pathname}${url.search}`;
  }
  const query = target.indexOf('?');
  const path = query === -1 ? target : target.slice(0, query);
  const search = query === -1 || query === target.length - 1 ? '' : target.slice(query);
  return { path: path || '/', search };
}

/**
 * Writes that run outside the write unit (http/write-unit.ts), on a router mounted before it
 * (routes/v4/index.ts), because the unit's one transaction under the organization's lock for the whole request
 * would hold the database for as long as a client sends: an append streamed to storage, a recording's finish
 * joining its uploads, a tablet's heartbeat every few seconds (docs/decisions/128-commentary-api.md); or because
 * their writes commit with others' (a judge's score write, http/entry-batches.ts, decision 145). Each takes
 * the short transactions it needs itself, and the audited one takes the lock (http/audited-transaction.ts). The
 * commentary's change nothing a cached read shows, so no cache is dropped; a batch of score writes drops it after
 * its commit. What the unit guarantees still holds: bodies are
 * checked at the door (but a streamed append's, which is bytes), and a write that declares no permission fails
 * loudly.
 */
import type { HonoRequest, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.js';
import { checkWriteBody } from './write-body.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const STREAMED_TYPE = 'application/offset+octet-stream';

/** An append streamed to an upload: its body is the bytes, read by the handler and bounded by the recording's limit. */
export function isStreamedUpload(req: Pick<HonoRequest, 'method' | 'header'>): boolean {
  return (
    req.method === 'PATCH' && (req.header('content-type') ?? '').split(';')[0].trim().toLowerCase() === STREAMED_TYPE
  );
}

const unlockedWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!WRITE_METHODS.has(c.req.method)) return next();
  if (isStreamedUpload(c.req)) await next();
  else await checkWriteBody(c, next);
  if (c.res.status >= 200 && c.res.status < 300 && c.get('permission') === undefined)
    throw new Error(`${c.req.method} ${c.req.path} declares no permission`);
};

/** Declares a route as an unlocked write: `createRoute(unlocked(permitted(...)))`, served before the write unit. */
export function unlocked<R extends { middleware: MiddlewareHandler<AppEnv>[] }>(route: R): R {
  return { ...route, middleware: [unlockedWrite, ...route.middleware] };
}

/**
 * `GET /api/bff/competitions/{guid}/live`: Server-Sent Events telling an open page that its competition's numbers or
 * released flags changed, so the page re-reads them (decision 033). Events: `ready` (the current version as its id),
 * `change` (a new version) and `end` (no longer live: the browser closes); a comment line every heartbeat keeps
 * proxies from closing an idle stream. A reconnect's Last-Event-ID that is not the current version gets a `change`
 * at once. A competition that is not live answers 204 (EventSource does not retry it), a full server 503.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { isGuid } from '../../../domain/guid.js';
import { problemResponse } from '../problems.js';
import { ViewProblem } from '../views/upstream-reads.js';
import { Problem, problems } from '../views/view.js';
import type { LiveEvent, LiveHub } from './live-hub.js';

/**
 * Its declaration, documented with the views (views/routes.ts) though answered by app.ts outside their router: a
 * stream must pass none of its middleware.
 */
export const liveStreamRoute = createRoute({
  method: 'get',
  path: '/competitions/{guid}/live',
  summary: "A live competition's changes, pushed (Server-Sent Events: ready, change, end; heartbeat comments)",
  request: {
    params: z.object({
      guid: z
        .string()
        .max(64)
        .openapi({ param: { name: 'guid', in: 'path' } }),
    }),
    headers: z.object({
      'last-event-id': z
        .string()
        .max(64)
        .optional()
        .openapi({ description: 'the last version seen; a change is sent at once when it is not the current one' }),
    }),
  },
  responses: {
    200: {
      description:
        'The event stream: `ready` with the current version as its id, then `change` per new version, `end` when the competition is over',
      content: { 'text/event-stream': { schema: z.string() } },
    },
    204: { description: 'The competition is not live: nothing to stream (EventSource does not reconnect)' },
    404: problems[404],
    503: {
      description: 'This server streams as many live pages as it may; the page polls instead',
      content: { 'application/problem+json': { schema: Problem } },
    },
  },
});

/** How long EventSource waits before reconnecting after a dropped stream. */
const RETRY_MS = 3000;
const VERSION = /^[\w-]{1,64}$/;

export function liveRoute(hub: LiveHub, heartbeatMs: number) {
  return async (c: Context) => {
    const guid = c.req.param('guid') ?? '';
    if (!isGuid(guid))
      return problemResponse({
        status: 404,
        code: 'not_found',
        detail: `"${guid.slice(0, 64)}" is not a competition guid.`,
      });
    // One slot per listener: a burst of changes before the stream writes them is one change (the newest), or the end.
    let pending: LiveEvent | undefined;
    let wake: (() => void) | undefined;
    const listener = (event: LiveEvent) => {
      if (pending?.kind !== 'end') pending = event;
      wake?.();
    };
    let joined;
    try {
      joined = await hub.join(guid, listener);
    } catch (error) {
      if (error instanceof ViewProblem)
        return problemResponse({
          status: error.status,
          code: error.code,
          detail: error.detail,
          headers: error.headers,
        });
      throw error;
    }
    if (joined.kind === 'not_live') return c.body(null, 204, { 'cache-control': 'no-store' });
    if (joined.kind === 'full')
      return problemResponse({
        status: 503,
        code: 'live_full',
        detail: joined.detail,
        headers: { 'retry-after': '60' },
      });
    const { version, leave } = joined;
    const lastEventId = c.req.header('last-event-id');
    let closed = false;
    let heartbeat: NodeJS.Timeout | undefined;
    // Idempotent: the browser leaving (before or during the stream), the stream ending, or a failed write.
    const finish = () => {
      closed = true;
      clearInterval(heartbeat);
      leave();
      wake?.();
    };
    const signal = c.req.raw.signal;
    if (signal.aborted) finish();
    else signal.addEventListener('abort', finish, { once: true });
    c.header('cache-control', 'no-cache, no-transform');
    c.header('x-accel-buffering', 'no');
    return streamSSE(c, async (stream) => {
      stream.onAbort(finish);
      if (stream.aborted) finish();
      heartbeat = setInterval(() => void stream.write(': heartbeat\n\n').catch(finish), heartbeatMs);
      try {
        await stream.writeSSE({ event: 'ready', id: version, data: JSON.stringify({ version }), retry: RETRY_MS });
        if (lastEventId !== undefined && VERSION.test(lastEventId) && lastEventId !== version) {
          await stream.writeSSE({ event: 'change', id: version, data: JSON.stringify({ version }) });
        }
        while (!closed) {
          if (pending === undefined) await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
          const event = pending;
          pending = undefined;
          if (event === undefined || closed) continue;
          if (event.kind === 'end') {
            await stream.writeSSE({ event: 'end', data: JSON.stringify({ reason: event.reason }) });
            return;
          }
          await stream.writeSSE({
            event: 'change',
            id: event.version,
            data: JSON.stringify({ version: event.version }),
          });
        }
      } catch {
        // The browser went away mid-write: nothing to tell anyone.
      } finally {
        signal.removeEventListener('abort', finish);
        finish();
      }
    });
  };
}

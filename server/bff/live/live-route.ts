/**
 * `GET /api/bff/competitions/{guid}/live`: Server-Sent Events telling an open page that its competition's numbers or
 * released flags changed, so the page re-reads them (decision 033). Events: `ready` (the current version as its id),
 * `change` (a new version) and `end` (no longer live: the browser closes); a comment line every heartbeat keeps
 * proxies from closing an idle stream. A reconnect's Last-Event-ID that is not the current version gets a `change`
 * at once. A competition that is not live answers 204 (EventSource does not retry it), a full server 503.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { BffEnv } from '../http/env.js';
import { isGuid } from '../../../domain/guid.js';
import { problemResponse } from '../http/problems.js';
import { ViewProblem } from '../views/view-problem.js';
import { Problem, problems } from '../views/view.js';
import { changeChannel } from './change-stream.js';
import type { LiveHub } from './live-hub.js';

/**
 * Its declaration, documented with the views (views/routes.ts) though answered outside their router (routes.ts): a
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

export function liveRoute(hub: LiveHub, heartbeatMs: number) {
  return async (c: Context<BffEnv>) => {
    const guid = c.req.param('guid') ?? '';
    if (!isGuid(guid))
      return problemResponse({
        status: 404,
        code: 'not_found',
        detail: `"${guid.slice(0, 64)}" is not a competition guid.`,
      });
    const channel = changeChannel();
    let joined;
    try {
      joined = await hub.join(guid, channel.listener);
    } catch (error) {
      if (error instanceof ViewProblem) return error.response();
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
    return channel.stream(c, joined, heartbeatMs);
  };
}

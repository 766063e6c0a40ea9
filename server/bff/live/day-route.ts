/**
 * `GET /api/bff/live?competitions=g1,g2,...`: one Server-Sent Events stream for several live competitions, for the
 * page that listens to a whole day (the followed groups' notices, src/app/notify). A browser keeps at most six
 * connections to a server over HTTP/1.1: a stream per competition on a busy day took them all, and the page's own
 * reads waited behind them. Events name their competition: `ready` {guid, version} per competition streamed, `change`
 * {guid, version}, `end` {guid, reason}. There are no event ids: a reconnect gets `ready` again for each, and the page
 * compares the versions with those it had. An unknown, finished or refused competition gets its `end` at once; the
 * stream closes when every competition has ended, and answers 204 when none is live.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { BffEnv } from '../http/env.js';
import { isGuid } from '../../../domain/guid.js';
import { problemResponse } from '../http/problems.js';
import { ViewProblem } from '../views/view-problem.js';
import { Problem, problems } from '../views/view.js';
import { pushStream, RETRY_MS, sseEvent, type ChangeEvent, type EventStream } from './change-stream.js';
import type { LiveHub } from './live-hub.js';

/** Competitions per stream at most: the notifier listens to twelve of a day at most (src/app/notify/watched-today.ts). */
export const MAX_DAY_COMPETITIONS = 12;
/** Why a competition's part of the stream ends, beyond the hub's reasons: unknown here, or the server is full. */
type DayEndReason = Extract<ChangeEvent, { kind: 'end' }>['reason'] | 'not_found' | 'full';

export const liveDayStreamRoute = createRoute({
  method: 'get',
  path: '/live',
  summary:
    "Several live competitions' changes in one stream (Server-Sent Events: ready, change and end, each naming its competition; heartbeat comments)",
  request: {
    query: z.object({
      competitions: z
        .string()
        .max(MAX_DAY_COMPETITIONS * 37)
        .openapi({ description: `up to ${MAX_DAY_COMPETITIONS} competition guids, separated by commas` }),
    }),
  },
  responses: {
    200: {
      description:
        'The event stream: `ready` {guid, version} per competition streamed, `change` {guid, version}, `end` {guid, reason}',
      content: { 'text/event-stream': { schema: z.string() } },
    },
    204: { description: 'None of the competitions is live: nothing to stream (EventSource does not reconnect)' },
    400: {
      description: 'No competition, more than the most, or one that is not a guid',
      content: { 'application/problem+json': { schema: Problem } },
    },
    502: problems[502],
    503: problems[503],
    504: problems[504],
  },
});

/** The guids asked for, each once, or why they cannot be. */
function parseCompetitions(raw: string | undefined): string[] | string {
  const guids = [...new Set((raw ?? '').split(',').filter(Boolean))];
  if (guids.length === 0) return 'Name the competitions to listen to: ?competitions=guid,guid.';
  if (guids.length > MAX_DAY_COMPETITIONS)
    return `One stream listens to ${MAX_DAY_COMPETITIONS} competitions at most; ${guids.length} were named.`;
  const malformed = guids.find((guid) => !isGuid(guid));
  if (malformed !== undefined) return `"${malformed.slice(0, 64)}" is not a competition guid.`;
  return guids;
}

export function liveDayRoute(hub: LiveHub, heartbeatMs: number) {
  return async (c: Context<BffEnv>) => {
    const guids = parseCompetitions(c.req.query('competitions'));
    if (typeof guids === 'string') return problemResponse({ status: 400, code: 'invalid_parameter', detail: guids });

    // Per competition, the newest event not yet written (an end is kept over any later change), while the
    // connection is behind or the stream not yet open.
    const pending = new Map<string, ChangeEvent>();
    let open: EventStream | undefined;
    let live = new Set<string>();
    const flush = () => {
      if (!open?.ready || pending.size === 0) return;
      const events = [...pending];
      pending.clear();
      for (const [guid, event] of events) {
        if (event.kind === 'end') live.delete(guid);
        const data = event.kind === 'end' ? { guid, reason: event.reason } : { guid, version: event.version };
        open.send(sseEvent({ event: event.kind, data: JSON.stringify(data) }));
      }
      if (live.size === 0) open.end();
    };
    const listenerOf = (guid: string) => (event: ChangeEvent) => {
      if (pending.get(guid)?.kind !== 'end') pending.set(guid, event);
      flush();
    };
    const joins = await Promise.allSettled(guids.map((guid) => hub.join(guid, listenerOf(guid))));
    const streamed: Array<{ guid: string; version: string; leave: () => void }> = [];
    const ended: Array<{ guid: string; reason: DayEndReason }> = [];
    let failure: PromiseRejectedResult | undefined;
    joins.forEach((join, i) => {
      const guid = guids[i];
      if (join.status === 'fulfilled') {
        const joined = join.value;
        if (joined.kind === 'joined') streamed.push({ guid, version: joined.version, leave: joined.leave });
        else ended.push({ guid, reason: joined.kind });
      } else if (join.reason instanceof ViewProblem && join.reason.status === 404) {
        ended.push({ guid, reason: 'not_found' });
      } else {
        failure ??= join;
      }
    });
    const leaveAll = () => streamed.forEach((joined) => joined.leave());
    if (failure) {
      leaveAll();
      // The upstream could not say (an outage): said as the single competition's stream says it; the page polls.
      if (failure.reason instanceof ViewProblem) return failure.reason.response();
      throw failure.reason;
    }
    if (streamed.length === 0) return c.body(null, 204, { 'cache-control': 'no-store' });

    live = new Set(streamed.map((joined) => joined.guid));
    return pushStream(c, {
      leave: leaveAll,
      heartbeatMs,
      headers: { 'cache-control': 'no-cache, no-transform' },
      drained: flush,
      open(stream) {
        open = stream;
        for (const { guid, version } of streamed)
          stream.send(sseEvent({ event: 'ready', data: JSON.stringify({ guid, version }), retry: RETRY_MS }));
        for (const { guid, reason } of ended)
          stream.send(sseEvent({ event: 'end', data: JSON.stringify({ guid, reason }) }));
        flush();
      },
    });
  };
}

/**
 * GET /changes: the caller's organization's committed changes, pushed (api/changes/org-changes.ts), so a client that
 * keeps a copy (the BFF's live pages and consoles, issue 41) reads again when something changed instead of asking on
 * a timer. One slot per stream: a burst of changes before the stream writes them is one `change`, the newest.
 */
import { streamSSE } from 'hono/streaming';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { ApiProblem } from '../../http/problem.js';
import type { OrgChange } from '../../changes/org-changes.js';
import * as routes from './changes.routes.js';

/** A comment this often keeps proxies from closing an idle stream and lets the client notice a dead one. */
export const CHANGES_HEARTBEAT_MS = 15_000;
/** Streams one instance holds at most: each BFF instance keeps one. */
const MAX_STREAMS = 1000;
/** How long EventSource-style clients wait before reconnecting. */
const RETRY_MS = 1000;
const VERSION_ID = /^\d{1,20}$/;

export function resource(services: Services) {
  return newRouter().openapi(routes.streamChanges, async (c) => {
    const { changes } = services;
    if (changes.listeners >= MAX_STREAMS)
      throw new ApiProblem(
        503,
        'changes_full',
        `This instance already streams ${MAX_STREAMS} organizations' changes`,
        [],
        {
          'retry-after': '10',
        },
      );
    const orgId = c.get('auth').orgId;
    let pending: OrgChange | undefined;
    let wake: (() => void) | undefined;
    // subscribed before the version is read: a change committed in between is heard, not lost
    const unsubscribe = changes.subscribe(orgId, (change) => {
      // what a waiting slot keeps: the server closing over anything, a gap (read everything) over a change
      if (pending?.kind !== 'closing' && !(pending?.kind === 'gap' && change.kind === 'change')) pending = change;
      wake?.();
    });
    let version: number;
    try {
      version = await changes.versionOf(orgId);
    } catch (error) {
      unsubscribe();
      throw error;
    }
    const lastEventId = c.req.header('last-event-id');
    c.header('cache-control', 'no-store');
    return streamSSE(c, async (stream) => {
      let closed = false;
      const finish = () => {
        closed = true;
        unsubscribe();
        wake?.();
      };
      stream.onAbort(finish);
      const heartbeat = setInterval(() => void stream.write(': heartbeat\n\n').catch(finish), CHANGES_HEARTBEAT_MS);
      try {
        await stream.writeSSE({
          event: 'ready',
          id: String(version),
          data: JSON.stringify({ version }),
          retry: RETRY_MS,
        });
        if (lastEventId !== undefined && VERSION_ID.test(lastEventId) && Number(lastEventId) !== version)
          await stream.writeSSE({ event: 'change', id: String(version), data: JSON.stringify({ version }) });
        while (!closed) {
          if (!pending) await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
          const change = pending;
          pending = undefined;
          if (!change || closed) continue;
          if (change.kind === 'closing') {
            await stream.writeSSE({ event: 'end', data: JSON.stringify({ reason: 'closing' }) });
            return;
          }
          if (change.kind === 'gap') await stream.writeSSE({ event: 'gap', data: '{}' });
          else if (change.version > version) {
            version = change.version;
            await stream.writeSSE({ event: 'change', id: String(version), data: JSON.stringify({ version }) });
          }
        }
      } catch {
        // the client went away mid-write
      } finally {
        clearInterval(heartbeat);
        finish();
      }
    });
  });
}

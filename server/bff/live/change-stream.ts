/**
 * The Server-Sent Events side of a watched resource, shared by the fans' live recap (live-route.ts, decision 033) and
 * the tabulator's console (console-route.ts, decision 101): one slot per listener, so a burst of changes before the
 * stream writes them is one change (the newest), or the end; `ready` with the current version as its id, `change` per
 * new version, `end` with a reason; a comment line every heartbeat keeps proxies from closing an idle stream; a
 * reconnect's Last-Event-ID that is not the current version gets a `change` at once.
 */
import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';

/** Why a stream ends: no longer live, the server is closing, the session ended, or the user may no longer see it. */
export type EndReason = 'not_live' | 'closing' | 'session_expired' | 'forbidden';
/** What a listener hears: the watched resource changed, or it is no longer watched for this listener. */
export type ChangeEvent = { kind: 'change'; version: string } | { kind: 'end'; reason: EndReason };
export type ChangeListener = (event: ChangeEvent) => void;

/** How long EventSource waits before reconnecting after a dropped stream. */
export const RETRY_MS = 3000;
const VERSION = /^[\w-]{1,64}$/;

export interface ChangeChannel {
  /** what the hub calls: kept until the stream writes it */
  listener: ChangeListener;
  /** the stream itself, once the hub has joined the listener */
  stream(
    c: Context,
    joined: { version: string; leave: () => void },
    heartbeatMs: number,
    /** a signed-in person's stream is `private, no-store` */
    cacheControl?: string,
  ): Response;
}

export function changeChannel(): ChangeChannel {
  let pending: ChangeEvent | undefined;
  const waiter = wakeup();
  const listener: ChangeListener = (event) => {
    if (pending?.kind !== 'end') pending = event;
    waiter.wake();
  };
  return {
    listener,
    stream(c, { version, leave }, heartbeatMs, cacheControl = 'no-cache, no-transform') {
      const lastEventId = c.req.header('last-event-id');
      return pushStream(c, {
        leave,
        heartbeatMs,
        cacheControl,
        wake: waiter.wake,
        async write(stream, isClosed) {
          await stream.writeSSE({ event: 'ready', id: version, data: JSON.stringify({ version }), retry: RETRY_MS });
          if (lastEventId !== undefined && VERSION.test(lastEventId) && lastEventId !== version) {
            await stream.writeSSE({ event: 'change', id: version, data: JSON.stringify({ version }) });
          }
          while (!isClosed()) {
            await waiter.until(() => pending !== undefined);
            const event = pending;
            pending = undefined;
            if (event === undefined || isClosed()) continue;
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
        },
      });
    },
  };
}

/** One waiting writer, woken by its listener (an event kept for it) or by its stream's finish. */
export function wakeup() {
  let resolve: (() => void) | undefined;
  return {
    wake: () => resolve?.(),
    /** resolves at once when `ready()`, else at the next wake */
    async until(ready: () => boolean): Promise<void> {
      if (!ready()) await new Promise<void>((done) => (resolve = done));
      resolve = undefined;
    },
  };
}

/**
 * A pushed stream's life, shared by a resource's stream (above) and a day's (day-route.ts): its headers, a comment
 * every heartbeat, and one `finish` for every way it ends (the browser leaving before or during it, the writer
 * returning, a failed write), which stops the heartbeat, leaves the hub and wakes the writer. Idempotent.
 */
export function pushStream(
  c: Context,
  options: {
    leave(): void;
    heartbeatMs: number;
    cacheControl: string;
    wake(): void;
    write(stream: SSEStreamingApi, isClosed: () => boolean): Promise<void>;
  },
): Response {
  let closed = false;
  let heartbeat: NodeJS.Timeout | undefined;
  const finish = () => {
    closed = true;
    clearInterval(heartbeat);
    options.leave();
    options.wake();
  };
  const signal = c.req.raw.signal;
  if (signal.aborted) finish();
  else signal.addEventListener('abort', finish, { once: true });
  c.header('x-accel-buffering', 'no');
  const response = streamSSE(c, async (stream) => {
    stream.onAbort(finish);
    if (stream.aborted) finish();
    heartbeat = setInterval(() => void stream.write(': heartbeat\n\n').catch(finish), options.heartbeatMs);
    try {
      await options.write(stream, () => closed);
    } catch {
      // The browser went away mid-write: nothing to tell anyone.
    } finally {
      signal.removeEventListener('abort', finish);
      finish();
    }
  });
  // after streamSSE, which sets its own `no-cache`: a signed-in person's stream is `private, no-store`
  response.headers.set('cache-control', options.cacheControl);
  return response;
}

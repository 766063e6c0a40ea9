/**
 * The Server-Sent Events side of a watched resource, shared by the fans' live recap (live-route.ts, decision 033) and
 * the tabulator's console (console-route.ts, decision 101): one slot per listener, so a burst of changes while the
 * connection is behind is one change (the newest), or the end; `ready` with the current version as its id, `change`
 * per new version, `end` with a reason; a comment line every heartbeat keeps proxies from closing an idle stream; a
 * reconnect's Last-Event-ID that is not the current version gets a `change` at once.
 *
 * Written straight to Node's response (decision 143): the hub's call of a listener writes its event to the socket
 * then and there, and a change is formatted and encoded once for all the streams it goes to. hono's streamSSE put a
 * TransformStream, a second ReadableStream, a TextEncoder, an awaited writer and the adapter's reader between each
 * event and its socket, for each of 10,000 streams at a release.
 */
import { ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import type { BffEnv } from '../http/env.js';
import { SECURITY_HEADERS } from '../http/security-headers.js';

/** Why a stream ends: no longer live, the server is closing, the session ended, or the user may no longer see it. */
export type EndReason = 'not_live' | 'closing' | 'session_expired' | 'forbidden';
/** What a listener hears: the watched resource changed, or it is no longer watched for this listener. */
export type ChangeEvent = { kind: 'change'; version: string } | { kind: 'end'; reason: EndReason };
export type ChangeListener = (event: ChangeEvent) => void;

/** How long EventSource waits before reconnecting after a dropped stream. */
export const RETRY_MS = 3000;
const VERSION = /^[\w-]{1,64}$/;
const HEARTBEAT = Buffer.from(': heartbeat\n\n');

/** One event's bytes on the wire. `data` is one line (JSON.stringify's); an id or event with a line break throws. */
export function sseEvent(fields: { event: string; data: string; id?: string; retry?: number }): Buffer {
  const { event, data, id, retry } = fields;
  if (/[\r\n]/.test(event) || (id !== undefined && /[\r\n]/.test(id)) || /[\r\n]/.test(data))
    throw new Error('an event, its id and its data are one line each');
  let text = `event: ${event}\ndata: ${data}\n`;
  if (id !== undefined) text += `id: ${id}\n`;
  if (retry !== undefined) text += `retry: ${retry}\n`;
  return Buffer.from(`${text}\n`);
}

/**
 * The newest change's bytes: at a release every stream of a competition sends the same one in the same moment, so it
 * is formatted once, not once a stream.
 */
let newestChange: { version: string; bytes: Buffer } | undefined;
function changeBytes(version: string): Buffer {
  if (newestChange?.version !== version)
    newestChange = { version, bytes: sseEvent({ event: 'change', id: version, data: JSON.stringify({ version }) }) };
  return newestChange.bytes;
}

export interface ChangeChannel {
  /** what the hub calls: written at once, or kept (the newest) until the connection has room */
  listener: ChangeListener;
  /** the stream itself, once the hub has joined the listener */
  stream(
    c: Context<BffEnv>,
    joined: { version: string; leave: () => void },
    heartbeatMs: number,
    /** its cache-control and any header of its own: a signed-in person's stream is `private, no-store` */
    headers?: Record<string, string>,
  ): Response;
}

export function changeChannel(): ChangeChannel {
  let pending: ChangeEvent | undefined;
  let open: EventStream | undefined;
  const flush = () => {
    const event = pending;
    if (!open?.ready || event === undefined) return;
    pending = undefined;
    try {
      if (event.kind === 'change') {
        open.send(changeBytes(event.version));
        return;
      }
      open.send(sseEvent({ event: 'end', data: JSON.stringify({ reason: event.reason }) }));
    } catch {
      // A version that cannot be an id (a line break): this stream ends, not the hub's round of every listener.
    }
    open.end();
  };
  const listener: ChangeListener = (event) => {
    if (pending?.kind !== 'end') pending = event;
    flush();
  };
  return {
    listener,
    stream(c, { version, leave }, heartbeatMs, headers = { 'cache-control': 'no-cache, no-transform' }) {
      const lastEventId = c.req.header('last-event-id');
      return pushStream(c, {
        leave,
        heartbeatMs,
        headers,
        drained: flush,
        open(stream) {
          open = stream;
          stream.send(sseEvent({ event: 'ready', id: version, data: JSON.stringify({ version }), retry: RETRY_MS }));
          if (lastEventId !== undefined && VERSION.test(lastEventId) && lastEventId !== version)
            stream.send(changeBytes(version));
          flush();
        },
      });
    },
  };
}

/** An open stream as its writer sees it. */
export interface EventStream {
  /** writes an event (or a comment) now; nothing once closed */
  send(bytes: Uint8Array): void;
  /** open, and what was sent has gone to the connection: an event kept for it may be sent */
  readonly ready: boolean;
  /** its last event is written: the stream ends */
  end(): void;
}

/** Where a stream's bytes go: Node's response, or a web stream's where there is none (app.request in tests). */
interface Sink {
  /** false: the connection is behind; `drained` is called when it has room again */
  write(bytes: Uint8Array): boolean;
  end(): void;
}

/**
 * A pushed stream's life, shared by a resource's stream (above) and a day's (day-route.ts): its headers, a comment
 * every heartbeat, and one `finish` for every way it ends (the browser leaving before or during it, the writer
 * ending it, a failed write), which stops the heartbeat, leaves the hub and ends the answer. `open` writes the first
 * events, at once; `drained` is called when a connection that was behind has room again. Idempotent.
 */
export function pushStream(
  c: Context<BffEnv>,
  options: {
    leave(): void;
    heartbeatMs: number;
    /** cache-control, and any other header of its own */
    headers: Record<string, string>;
    open(stream: EventStream): void;
    drained(): void;
  },
): Response {
  let closed = false;
  let behind = false;
  let sink: Sink | undefined;
  const heartbeat = setInterval(() => {
    if (stream.ready) stream.send(HEARTBEAT);
  }, options.heartbeatMs);
  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    options.leave();
    sink?.end();
  };
  const drained = () => {
    behind = false;
    if (!closed) options.drained();
  };
  const stream: EventStream = {
    send(bytes) {
      if (!closed && sink && !sink.write(bytes)) behind = true;
    },
    get ready() {
      return !closed && !behind;
    },
    end: finish,
  };
  const headers = {
    'content-type': 'text/event-stream',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    ...options.headers,
  };
  const outgoing = c.env?.outgoing;
  let response: Response;
  if (outgoing instanceof ServerResponse) {
    // Past the app's middleware, which adds these to a returned Response: this answer is written here.
    outgoing.writeHead(200, { ...SECURITY_HEADERS, ...headers });
    sink = nodeSink(outgoing, drained, finish);
    // Made when its module loaded, before the adapter replaced the global Response: the adapter sends nothing more.
    response = RESPONSE_ALREADY_SENT;
  } else {
    const web = webSink(c.req.raw.signal, drained, finish);
    sink = web.sink;
    response = new Response(web.body, { status: 200, headers });
  }
  if (closed) {
    sink.end();
    return response;
  }
  options.open(stream);
  return response;
}

/** Node's response, written to directly as a bare Server-Sent Events server writes (bench/live/bare-sse-server.ts). */
function nodeSink(outgoing: ServerResponse, drained: () => void, finish: () => void): Sink {
  const gone = () => outgoing.destroyed || outgoing.writableEnded;
  outgoing.on('close', finish);
  // A write to a connection that is going reports here before its close: nothing to tell anyone.
  outgoing.on('error', finish);
  outgoing.on('drain', drained);
  if (gone() || !outgoing.socket || outgoing.socket.destroyed) finish();
  return {
    write: (bytes) => gone() || outgoing.write(bytes),
    end: () => {
      if (!gone()) outgoing.end();
    },
  };
}

/** A web stream of its own, read by whoever called app.request: behind while a chunk waits unread. */
function webSink(
  signal: AbortSignal,
  drained: () => void,
  finish: () => void,
): { sink: Sink; body: ReadableStream<Uint8Array> } {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let ended = false;
  const body = new ReadableStream<Uint8Array>({
    start(opened) {
      controller = opened;
    },
    pull: drained,
    cancel() {
      ended = true;
      finish();
    },
  });
  signal.addEventListener('abort', finish, { once: true });
  if (signal.aborted) finish();
  return {
    body,
    sink: {
      write(bytes) {
        if (ended || !controller) return true;
        controller.enqueue(new Uint8Array(bytes));
        return (controller.desiredSize ?? 0) > 0;
      },
      end() {
        if (ended) return;
        ended = true;
        signal.removeEventListener('abort', finish);
        controller?.close();
      },
    },
  };
}

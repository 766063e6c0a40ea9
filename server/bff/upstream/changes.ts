/**
 * The upstream's changes, pushed (issue 41): one stream per BFF instance, `GET /changes` of our API with the BFF's
 * key, over which the API says its organization's data changed as each write commits (on any instance: PostgreSQL's
 * notifications), open while a live page or a console is watched. The live pages' and the consoles' watchers (live/)
 * read again when it says so, instead of on a timer. The hosted upstream has no such stream (decision 012): it answers 404, and the watchers poll as they always
 * did. While the stream is down (the API restarting, the network) they poll too, and when it is back they read
 * again at once: whatever changed meanwhile is read, not missed.
 */
import { randomUUID } from 'node:crypto';
import type { TokenCycler } from './token-cycler.js';
import type { UpstreamHttp, UpstreamStream } from './upstream-http.js';

/** What a watcher hears: something changed (or may have, unheard): read again. */
export type ChangeSignal = () => void;

export type ChangesState =
  /** nothing is watched: no stream */
  | 'idle'
  /** the stream is open: changes are pushed, the watchers need not poll */
  | 'pushed'
  /** not yet, or no longer, open: the watchers poll until it is */
  | 'connecting'
  /** the upstream has no change stream (the hosted service): the watchers poll */
  | 'unsupported'
  | 'closed';

export interface UpstreamChanges {
  readonly state: ChangesState;
  /** true while changes are pushed: a watcher's timer may skip its reads */
  readonly pushed: boolean;
  /** hears every change, and a reconnect that may have missed some */
  subscribe(signal: ChangeSignal): () => void;
  /** something is watched: the stream is kept open until every want is released (the returned function) */
  want(): () => void;
  close(): void;
}

export interface UpstreamChangesOptions {
  http: UpstreamHttp;
  tokens: TokenCycler;
  /** silent this long (no event, no heartbeat comment), the stream is taken as dead: the API sends one every 15 s */
  silenceMs?: number;
  /** the first wait before connecting again, doubled after each failure up to maxRetryMs */
  retryMs?: number;
  maxRetryMs?: number;
  /** how long to wait before asking an upstream that has no change stream again (it may be upgraded) */
  unsupportedRetryMs?: number;
  onStateChange?: (state: ChangesState, detail?: string) => void;
}

const PATH = '/changes';

export function createUpstreamChanges(options: UpstreamChangesOptions): UpstreamChanges {
  const { http, tokens } = options;
  const silenceMs = options.silenceMs ?? 45_000;
  const firstRetryMs = options.retryMs ?? 250;
  const maxRetryMs = options.maxRetryMs ?? 4000;
  const unsupportedRetryMs = options.unsupportedRetryMs ?? 10 * 60_000;
  const signals = new Set<ChangeSignal>();
  let state: ChangesState = 'idle';
  let wanted = 0;
  let lastVersion: string | undefined;
  let retryMs = firstRetryMs;
  let retry: NodeJS.Timeout | undefined;
  let current: UpstreamStream | undefined;

  const closed = () => state === 'closed';
  const setState = (next: ChangesState, detail?: string) => {
    if (state === next || state === 'closed') return;
    state = next;
    options.onStateChange?.(next, detail);
  };
  const signal = () => {
    for (const listener of [...signals]) listener();
  };
  const again = (delayMs: number) => {
    if (state === 'closed' || wanted === 0 || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delayMs);
    retry.unref();
  };

  async function open(): Promise<UpstreamStream | 'unsupported' | undefined> {
    const headers = (token: string): Record<string, string> => ({
      accept: 'text/event-stream',
      authorization: `Bearer ${token}`,
      'user-agent': 'marching-results-bff',
      'x-request-id': randomUUID(),
      // no Last-Event-ID: `ready` says the version now, and a version other than the last heard is read again here
    });
    let token = await tokens.token();
    let stream = await http.openStream({ pathAndQuery: PATH, headers: headers(token.value) });
    if (stream.status === 401) {
      stream.close();
      token = await tokens.renewAfterRejection(token);
      stream = await http.openStream({ pathAndQuery: PATH, headers: headers(token.value) });
    }
    if (stream.status === 200 && String(stream.headers['content-type']).startsWith('text/event-stream')) return stream;
    stream.close();
    // no such operation: an upstream without a change stream (the hosted service, or an API before it had one)
    if ([404, 405, 501].includes(stream.status) || stream.status === 200) return 'unsupported';
    return undefined;
  }

  async function connect(): Promise<void> {
    if (state === 'closed' || wanted === 0) return;
    if (state === 'idle') setState('connecting');
    let stream: Awaited<ReturnType<typeof open>>;
    try {
      stream = await open();
    } catch (error) {
      setState('connecting', error instanceof Error ? error.message : String(error));
      again(nextRetry());
      return;
    }
    if (closed() || wanted === 0) {
      if (stream && stream !== 'unsupported') stream.close();
      return;
    }
    if (stream === 'unsupported') {
      setState('unsupported');
      again(unsupportedRetryMs);
      return;
    }
    if (!stream) {
      setState('connecting', 'the upstream refused the change stream');
      again(nextRetry());
      return;
    }
    current = stream;
    read(stream);
  }

  const nextRetry = () => {
    const wait = retryMs;
    retryMs = Math.min(retryMs * 2, maxRetryMs);
    return wait;
  };

  /** The stream's events: `ready` (pushed from now on; read again if the version moved), `change`, `gap`, `end`. */
  function read(stream: UpstreamStream) {
    let buffer = '';
    let silence: NodeJS.Timeout | undefined;
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(() => stream.close(), silenceMs);
      silence.unref();
    };
    heard();
    stream.body.setEncoding('utf8');
    stream.body.on('data', (chunk: string) => {
      heard();
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const field = (name: string) =>
          lines
            .find((line) => line.startsWith(`${name}:`))
            ?.slice(name.length + 1)
            .trim();
        event(field('event'), field('id'));
      }
    });
    const ended = () => {
      clearTimeout(silence);
      if (current !== stream) return;
      current = undefined;
      if (closed() || wanted === 0) return;
      setState('connecting', 'the change stream ended');
      again(nextRetry());
    };
    stream.body.on('close', ended);
    stream.body.on('error', ended);
    stream.body.on('aborted', ended);
  }

  function event(name: string | undefined, id: string | undefined) {
    if (name === 'ready') {
      retryMs = firstRetryMs;
      const moved = id === undefined || id !== lastVersion;
      lastVersion = id;
      setState('pushed');
      // what changed while no stream was open (or before the first) is read now
      if (moved) signal();
    } else if (name === 'change') {
      lastVersion = id ?? lastVersion;
      signal();
    } else if (name === 'gap') {
      signal();
    } else if (name === 'end') {
      current?.close();
    }
  }

  const release = () => {
    clearTimeout(retry);
    retry = undefined;
    const stream = current;
    current = undefined;
    stream?.close();
    if (!closed()) setState('idle');
  };

  return {
    get state() {
      return state;
    },
    get pushed() {
      return state === 'pushed';
    },
    subscribe(listener) {
      signals.add(listener);
      return () => void signals.delete(listener);
    },
    want() {
      wanted++;
      if (wanted === 1 && !current && !retry && !closed()) void connect();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        wanted--;
        if (wanted === 0) release();
      };
    },
    close() {
      setState('closed');
      state = 'closed';
      clearTimeout(retry);
      current?.close();
      current = undefined;
    },
  };
}

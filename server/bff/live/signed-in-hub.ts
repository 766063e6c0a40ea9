/**
 * What the BFF's signed-in pushes share: the tabulator's console (console-hub.ts, decision 101), the judge's seats
 * (seats-hub.ts, decision 124) and the tablets' status (tablets-hub.ts, decision 130). As the fans' live hub watches
 * a live recap (decision 033), one watcher per watched thing per BFF instance, and per round one read of the API for
 * each thing watched, however many pages listen; its listeners hear `change` when its version moved. A round runs
 * when our API says its data changed (upstream/changes.ts, decision 131), or on the timer while it cannot, or always
 * for a hub given no changes (watch-rounds.ts). Management data is not the fans': the watcher reads with a
 * listener's own token (the session that lasts longest), never the BFF's read-only key, and every listener was let
 * in by a read with its own token (its role and organization, checked by the API). A refused token (401/403/404)
 * ends its own listeners' streams and the next round reads with another's; an ended session ends its listener's.
 */
import type { Session } from '../session/session.js';
import type { UpstreamChanges } from '../upstream/changes.js';
import type { ChangeListener } from './change-stream.js';
import { watchRounds } from './watch-rounds.js';

/** The API refused a watcher's read with this status. */
export class ReadRefused extends Error {
  constructor(readonly status: number) {
    super(`the API answered ${status}`);
  }
}

export type Refusal = { kind: 'refused'; status: 401 | 403 | 404; detail: string };

export type SignedInJoin =
  | { kind: 'joined'; version: string; leave: () => void }
  /** the API refused this user what the stream tells of: 401 (the token ended), 403 (its role), 404 (not its own) */
  | Refusal
  | { kind: 'full'; detail: string }
  | { kind: 'failed'; detail: string };

/** One kind of watched thing: who may listen to it, and how its version is read. */
export interface WatchedThing<Key> {
  /** null: `session` may listen to `key`; else the refusal (its own read, with its own token, said so) */
  admit(session: Session, key: Key): Promise<Refusal | null>;
  /** the version now, read with `token`; `since` is the last one seen (none at the start); ReadRefused on a refusal */
  version(token: string, key: Key, since: string | undefined): Promise<string>;
  /** what a page is told when this server streams too much already, or the API did not answer */
  says: { tooManyListeners: string; tooManyWatched: string; unanswered: string };
}

export interface SignedInHubOptions<Key> {
  now: () => number;
  /** how often it reads while the API's changes are not pushed */
  intervalMs: number;
  /** the API's pushed changes, when it has them */
  changes?: UpstreamChanges;
  maxWatched: number;
  maxListeners: number;
  onReadFailure?: (key: Key, error: unknown) => void;
}

export interface SignedInHub<Key> {
  join(key: Key, session: Session, listener: ChangeListener): Promise<SignedInJoin>;
  /** one round of reads for every watched thing (a change heard, or the timer while none can be) */
  tick(): Promise<void>;
  /** ends every listener (the server is shutting down) */
  close(): void;
  readonly watched: number;
  readonly listeners: number;
}

interface Listener {
  session: Session;
  hear: ChangeListener;
}

interface Watcher<Key> {
  key: Key;
  version: string;
  listeners: Set<Listener>;
}

export function createSignedInHub<Key>(thing: WatchedThing<Key>, options: SignedInHubOptions<Key>): SignedInHub<Key> {
  const { now, intervalMs, maxWatched, maxListeners } = options;
  const watchers = new Map<Key, Watcher<Key>>();
  const starting = new Map<Key, Promise<Watcher<Key>>>();
  let listenerCount = 0;
  const rounds = watchRounds({
    intervalMs,
    changes: options.changes,
    round: () => tickOnce(),
    // no reads while the changes are pushed, but a session that ended still ends its stream on time
    whilePushed: () => {
      for (const watcher of [...watchers.values()]) dropExpired(watcher);
    },
  });

  function drop(watcher: Watcher<Key>, listener: Listener, reason: 'session_expired' | 'forbidden' | 'closing') {
    if (!watcher.listeners.delete(listener)) return;
    listenerCount -= 1;
    listener.hear({ kind: 'end', reason });
    forgetWhenEmpty(watcher);
  }

  function forgetWhenEmpty(watcher: Watcher<Key>): void {
    if (watcher.listeners.size > 0 || watchers.get(watcher.key) !== watcher) return;
    watchers.delete(watcher.key);
    if (watchers.size === 0) rounds.stop();
  }

  function dropExpired(watcher: Watcher<Key>): void {
    for (const listener of [...watcher.listeners])
      if (listener.session.expiresAt <= now()) drop(watcher, listener, 'session_expired');
  }

  async function tickOnce(): Promise<void> {
    for (const watcher of [...watchers.values()]) {
      dropExpired(watcher);
      // The token that lasts longest reads for everyone: one read per thing, not one per page.
      let reader: Listener | undefined;
      for (const listener of watcher.listeners)
        if (!reader || listener.session.expiresAt > reader.session.expiresAt) reader = listener;
      if (!reader) continue;
      try {
        const version = await thing.version(reader.session.token, watcher.key, watcher.version);
        if (version === watcher.version) continue;
        watcher.version = version;
        for (const listener of watcher.listeners) listener.hear({ kind: 'change', version });
      } catch (error) {
        // A refused token ends its own streams (the page then reads, meets the same refusal and says so); the next
        // tick reads with another listener's. An outage keeps the last version and the next tick tries again.
        if (error instanceof ReadRefused && (error.status === 401 || error.status === 403 || error.status === 404)) {
          const refused = reader.session.token;
          for (const listener of [...watcher.listeners])
            if (listener.session.token === refused)
              drop(watcher, listener, error.status === 401 ? 'session_expired' : 'forbidden');
        } else options.onReadFailure?.(watcher.key, error);
      }
    }
  }

  /** The watcher of `key`, started by one read however many pages join at once. */
  async function watcherOf(key: Key, token: string): Promise<Watcher<Key>> {
    const running = watchers.get(key);
    if (running) return running;
    let pending = starting.get(key);
    if (!pending) {
      pending = thing
        .version(token, key, undefined)
        .then((version) => ({ key, version, listeners: new Set<Listener>() }))
        .finally(() => starting.delete(key));
      starting.set(key, pending);
    }
    const started = await pending;
    let watcher = watchers.get(key);
    if (!watcher) {
      watcher = started;
      watchers.set(key, watcher);
    }
    rounds.start();
    return watcher;
  }

  const hub: SignedInHub<Key> = {
    async join(key, session, hear) {
      if (listenerCount >= maxListeners) return { kind: 'full', detail: thing.says.tooManyListeners };
      if (!watchers.has(key) && !starting.has(key) && watchers.size + starting.size >= maxWatched)
        return { kind: 'full', detail: thing.says.tooManyWatched };
      let watcher;
      try {
        const refusal = await thing.admit(session, key);
        if (refusal) return refusal;
        watcher = await watcherOf(key, session.token);
      } catch (error) {
        options.onReadFailure?.(key, error);
        return { kind: 'failed', detail: thing.says.unanswered };
      }
      if (listenerCount >= maxListeners) {
        forgetWhenEmpty(watcher);
        return { kind: 'full', detail: thing.says.tooManyListeners };
      }
      const joined = watcher;
      const listener: Listener = { session, hear };
      joined.listeners.add(listener);
      listenerCount += 1;
      return {
        kind: 'joined',
        version: joined.version,
        leave() {
          if (!joined.listeners.delete(listener)) return;
          listenerCount -= 1;
          forgetWhenEmpty(joined);
        },
      };
    },
    tick: () => rounds.run(),
    close() {
      for (const watcher of [...watchers.values()])
        for (const listener of [...watcher.listeners]) drop(watcher, listener, 'closing');
      rounds.close();
    },
    get watched() {
      return watchers.size;
    },
    get listeners() {
      return listenerCount;
    },
  };
  return hub;
}

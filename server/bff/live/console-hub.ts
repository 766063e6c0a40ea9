/**
 * Watches the competitions whose tabulator's console is open (decision 101), as the live hub watches live recaps
 * (decision 033): one watcher per competition per BFF instance, one timer, and per tick one read of the API for each
 * watched competition, however many consoles are open; its listeners hear `change` when it moved. What it reads is
 * the competition's audit trail after the last entry seen (`GET /audit/?competitionId=&since=`): every write the
 * console shows (a judge's draft or submit, a correction, a penalty, a sign-off, a release) appends one entry, and
 * with nothing new the answer is an empty list. Management data is not the fans': the watcher reads with a signed-in
 * listener's own token (the one whose session lasts longest), never the BFF's read-only key, and every listener was
 * let in by a read of the console's progress with its own token (its role and its organization, checked by the API).
 */
import type { Session } from '../session.js';
import type { ChangeListener } from './change-stream.js';

export interface ConsoleHubOptions {
  /** a GET of the API with this user's token: status and body (throws on a transport failure) */
  readAs: (token: string, pathAndQuery: string) => Promise<{ status: number; body: Buffer }>;
  now: () => number;
  intervalMs: number;
  maxCompetitions: number;
  maxListeners: number;
  onReadFailure?: (competitionId: number, error: unknown) => void;
}

export type ConsoleJoin =
  | { kind: 'joined'; version: string; leave(): void }
  /** the API refused this user the console's reads: 401 (the token ended), 403 (its role), 404 (not its competition) */
  | { kind: 'refused'; status: 401 | 403 | 404; detail: string }
  | { kind: 'full'; detail: string }
  | { kind: 'failed'; detail: string };

export interface ConsoleHub {
  join(competitionId: number, session: Session, listener: ChangeListener): Promise<ConsoleJoin>;
  /** one round of reads for every watched competition; the hub's timer calls it every intervalMs */
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

interface Watcher {
  competitionId: number;
  /** the seq of the competition's last audit entry seen (0: none yet) */
  seq: number;
  listeners: Set<Listener>;
}

/** The audit trail's page size (the API's maximum). */
const PAGE = 1000;
/** At most this many pages to find where a competition's trail ends: a million writes is far past any show. */
const MAX_PAGES = 1000;

class ReadRefused extends Error {
  constructor(readonly status: number) {
    super(`the API answered ${status}`);
  }
}

export function createConsoleHub(options: ConsoleHubOptions): ConsoleHub {
  const { readAs, now, intervalMs, maxCompetitions, maxListeners } = options;
  const watchers = new Map<number, Watcher>();
  const starting = new Map<number, Promise<Watcher>>();
  let listenerCount = 0;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;

  /** The seqs of the trail's entries after `since`, one page. */
  async function entriesAfter(token: string, competitionId: number, since: number): Promise<number[]> {
    const answer = await readAs(token, `/audit/?competitionId=${competitionId}&since=${since}&limit=${PAGE}`);
    if (answer.status !== 200) throw new ReadRefused(answer.status);
    const body: unknown = JSON.parse(answer.body.toString('utf8'));
    const data = (body as { data?: unknown }).data;
    if (!Array.isArray(data)) throw new Error('the audit answer has no data list');
    return data.map((entry) => Number((entry as { seq?: unknown }).seq)).filter(Number.isSafeInteger);
  }

  /** The seq of the trail's last entry after `since` (`since` itself when nothing is new). */
  async function lastSeq(token: string, competitionId: number, since: number): Promise<number> {
    let seq = since;
    for (let page = 0; page < MAX_PAGES; page++) {
      const seqs = await entriesAfter(token, competitionId, seq);
      if (seqs.length > 0) seq = Math.max(seq, ...seqs);
      if (seqs.length < PAGE) break;
    }
    return seq;
  }

  const versionOf = (watcher: Watcher) => String(watcher.seq);

  function drop(watcher: Watcher, listener: Listener, reason: 'session_expired' | 'forbidden' | 'closing'): void {
    if (!watcher.listeners.delete(listener)) return;
    listenerCount -= 1;
    listener.hear({ kind: 'end', reason });
    forgetWhenEmpty(watcher);
  }

  function forgetWhenEmpty(watcher: Watcher): void {
    if (watcher.listeners.size > 0 || watchers.get(watcher.competitionId) !== watcher) return;
    watchers.delete(watcher.competitionId);
    if (watchers.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  async function tickOnce(): Promise<void> {
    for (const watcher of [...watchers.values()]) {
      for (const listener of [...watcher.listeners])
        if (listener.session.expiresAt <= now()) drop(watcher, listener, 'session_expired');
      // The token that lasts longest reads for everyone: one read per competition, not one per console.
      let reader: Listener | undefined;
      for (const listener of watcher.listeners)
        if (!reader || listener.session.expiresAt > reader.session.expiresAt) reader = listener;
      if (!reader) continue;
      try {
        const seq = await lastSeq(reader.session.token, watcher.competitionId, watcher.seq);
        if (seq === watcher.seq) continue;
        watcher.seq = seq;
        for (const listener of watcher.listeners) listener.hear({ kind: 'change', version: versionOf(watcher) });
      } catch (error) {
        // A refused token ends its own stream (the page then reads, meets the same refusal and says so); the next
        // tick reads with another listener's. An outage keeps the last version and the next tick tries again.
        if (error instanceof ReadRefused && (error.status === 401 || error.status === 403 || error.status === 404)) {
          const refused = reader.session.token;
          for (const listener of [...watcher.listeners])
            if (listener.session.token === refused)
              drop(watcher, listener, error.status === 401 ? 'session_expired' : 'forbidden');
        } else options.onReadFailure?.(watcher.competitionId, error);
      }
    }
  }

  const full = (): ConsoleJoin => ({
    kind: 'full',
    detail: `This server already streams ${maxListeners} consoles; the console asks every few seconds instead.`,
  });

  const hub: ConsoleHub = {
    async join(competitionId, session, hear) {
      if (listenerCount >= maxListeners) return full();
      if (
        !watchers.has(competitionId) &&
        !starting.has(competitionId) &&
        watchers.size + starting.size >= maxCompetitions
      )
        return {
          kind: 'full',
          detail: `This server already watches ${maxCompetitions} consoles' competitions; the console asks every few seconds instead.`,
        };
      // Who may listen is what the API lets this user read: the console's own progress read, with the user's token.
      let check;
      try {
        check = await readAs(session.token, `/competitions/${competitionId}/progress`);
      } catch (error) {
        options.onReadFailure?.(competitionId, error);
        return { kind: 'failed', detail: 'The results API did not answer; the console tries again shortly.' };
      }
      if (check.status === 401)
        return { kind: 'refused', status: 401, detail: 'Your sign-in has ended. Sign in again.' };
      if (check.status === 403)
        return { kind: 'refused', status: 403, detail: "Your role does not see this competition's console." };
      if (check.status === 404)
        return { kind: 'refused', status: 404, detail: `Competition ${competitionId} is not one of yours.` };
      if (check.status !== 200)
        return { kind: 'failed', detail: `The results API answered ${check.status}; the console tries again shortly.` };

      let watcher = watchers.get(competitionId);
      if (!watcher) {
        let pending = starting.get(competitionId);
        if (!pending) {
          pending = lastSeq(session.token, competitionId, 0)
            .then((seq) => ({ competitionId, seq, listeners: new Set<Listener>() }))
            .finally(() => starting.delete(competitionId));
          starting.set(competitionId, pending);
        }
        let started;
        try {
          started = await pending;
        } catch (error) {
          options.onReadFailure?.(competitionId, error);
          return { kind: 'failed', detail: 'The results API did not answer; the console tries again shortly.' };
        }
        watcher = watchers.get(competitionId);
        if (!watcher) {
          watcher = started;
          watchers.set(competitionId, watcher);
        }
        timer ??= setInterval(() => void hub.tick(), intervalMs).unref();
      }
      if (listenerCount >= maxListeners) {
        forgetWhenEmpty(watcher);
        return full();
      }
      const joined = watcher;
      const listener: Listener = { session, hear };
      joined.listeners.add(listener);
      listenerCount += 1;
      return {
        kind: 'joined',
        version: versionOf(joined),
        leave() {
          if (!joined.listeners.delete(listener)) return;
          listenerCount -= 1;
          forgetWhenEmpty(joined);
        },
      };
    },
    tick() {
      // A slow upstream never stacks rounds: a tick while one runs waits for that one.
      ticking ??= tickOnce().finally(() => (ticking = undefined));
      return ticking;
    },
    close() {
      for (const watcher of [...watchers.values()])
        for (const listener of [...watcher.listeners]) drop(watcher, listener, 'closing');
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

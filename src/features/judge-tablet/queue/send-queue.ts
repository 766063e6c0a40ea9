/**
 * The judge's send queue (the outbox pattern, decision 089): entries are written to the device store first
 * (judge-store.ts), then sent one at a time in the order typed, so a submit never overtakes its draft and each write
 * is based on the version the one before it left. Each entry keeps its Idempotency-Key and, from its first try, its
 * exact body: a retry after a lost answer (the API wrote it, the answer never came) is the same request, which the
 * API answers with its first answer without writing again. What stops the queue:
 * - no network, or the API not answering (5xx, 429): the entry stays; tried again on `online` and after a delay;
 * - 401 (signed out, session expired): the entry stays and the queue waits for `resume()` after a new sign-in;
 * - a refusal for good (409 conflict or submitted entry, 403, 404, 422): the entry is held with the judge's numbers
 *   and the current ones for the judge to decide, and the queue goes on with the other sheets.
 */
import type { CaptionEntry, CaptionScores } from '../../../lib/api-models';
import { browserFetch, isApiError, type Transport } from '../../../lib/api/core';
import { postAsUser } from '../../../lib/api/signed-in';
import type { EntryState, QueuedEntry, SheetRef } from './judge-records';
import { StoreClosedError, type JudgeStore } from './judge-store';
import type { TypedMark } from '../device/commentary-bridge';
import type { LineScore, TypedLine } from '../utils/sheet';

/** Why the queue is not sending: null when it is idle or sending. */
export type QueueBlock = null | 'offline' | 'unavailable' | 'signed-out';

export interface QueueStatus {
  sending: boolean;
  blocked: QueueBlock;
}

export interface SendQueueOptions {
  store: JudgeStore;
  /** how the score write reaches the BFF: the browser's fetch; a test's fake server */
  transport?: Transport;
  now?: () => number;
  newKey?: () => string;
  /** after a failed try, the delays before the next ones; the last repeats. Empty: no timer (tests call run()). */
  retryDelaysMs?: readonly number[];
  /**
   * How long a draft waits for the judge to stop typing before it is sent (0: at once). Every keystroke is kept on
   * the device at once; sending each one would make a show's 30 tablets write some ten drafts a sheet, where the API
   * needs the last one. A submit is sent at once, with whatever waits before it.
   */
  draftSettleMs?: number;
  /**
   * Nothing is sent until `resume()`: the page first makes sure the session is the judge whose entries these are
   * (another person's session would write them as theirs).
   */
  paused?: boolean;
}

const DEFAULT_RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 30_000];
const DEFAULT_DRAFT_SETTLE_MS = 1_000;

type Outcome =
  | { kind: 'accepted'; entry: CaptionEntry }
  | {
      kind: 'held';
      held: 'conflict' | 'refused';
      current: CaptionEntry | null;
      status: number;
      code: string;
      detail: string;
    }
  | { kind: 'signed-out' }
  | { kind: 'unavailable' };

export class SendQueue {
  private readonly store: JudgeStore;
  private readonly transport: Transport;
  private readonly now: () => number;
  private readonly newKey: () => string;
  private readonly retryDelaysMs: readonly number[];
  private state: QueueStatus = { sending: false, blocked: null };
  private readonly listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly draftSettleMs: number;
  private settling: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private paused: boolean;

  constructor(options: SendQueueOptions) {
    this.store = options.store;
    this.transport = options.transport ?? browserFetch;
    this.now = options.now ?? Date.now;
    this.newKey = options.newKey ?? (() => crypto.randomUUID());
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.draftSettleMs = options.draftSettleMs ?? DEFAULT_DRAFT_SETTLE_MS;
    this.paused = options.paused ?? false;
  }

  status = (): QueueStatus => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A keystroke on a sheet: kept on the device, and sent when it can be (`entry`: what is typed is valid). */
  async record(
    ref: SheetRef,
    lines: TypedLine[],
    entry: { scores: LineScore[]; state: EntryState; marks?: TypedMark[] } | null,
  ): Promise<void> {
    await this.store.recordTyping(ref, lines, entry && { ...entry, idempotencyKey: this.newKey() }, this.now());
    if (!entry) return;
    clearTimeout(this.settling);
    this.settling = undefined;
    if (entry.state === 'draft' && this.draftSettleMs > 0) {
      // the next keystroke replaces this draft in the outbox while it waits (judge-store.ts recordTyping)
      this.settling = setTimeout(() => {
        this.settling = undefined;
        void this.run();
      }, this.draftSettleMs);
      return;
    }
    void this.run();
  }

  /** The judge's decision on a held entry (judge-store.ts resolveHeld). */
  async resolve(sheetKey: string, choice: 'mine' | 'theirs'): Promise<void> {
    await this.store.resolveHeld(sheetKey, choice, this.newKey(), this.now());
    if (choice === 'mine') void this.run();
  }

  /** Once the session is known to be the judge's (again, after a new sign-in): send now. */
  resume(): Promise<void> {
    this.paused = false;
    if (this.state.blocked === 'signed-out') this.setStatus({ blocked: null });
    return this.run();
  }

  /**
   * Sends what waits, one entry at a time, until the outbox is empty or something stops it. One run at a time: a
   * call during a run makes it look again before it ends (an entry typed meanwhile is not left waiting).
   */
  run(): Promise<void> {
    if (this.stopped || this.paused) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.drain();
          // A call during the run (a keystroke, the network back) is honoured even if this pass failed.
        } while (this.again && this.state.blocked !== 'signed-out' && !this.stopped);
      } catch (error) {
        // The store is gone (the page closed it, or a sign-out cleared the device): nothing more to send from here.
        if (error instanceof StoreClosedError) this.stop();
        else {
          console.error('The send queue stopped on an error; trying again later.', error);
          this.retryLater();
        }
      } finally {
        this.running = null;
        this.setStatus({ sending: false });
      }
    })();
    return this.running;
  }

  /** For good (the page is closed): no more tries, no timer. The store stays open: it is the caller's. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    clearTimeout(this.settling);
    this.settling = undefined;
  }

  private async drain(): Promise<void> {
    if (this.state.blocked === 'signed-out') return;
    while (!this.stopped) {
      // A closed store (a sign-out cleared the device) must not send what its memory still holds: under the next
      // user's session it would be written as theirs.
      if (this.store.isClosed) throw new StoreClosedError();
      const head = this.store.snapshot().outbox[0];
      if (!head) {
        this.failures = 0;
        this.setStatus({ blocked: null, sending: false });
        return;
      }
      // The browser knows it has no network: nothing is tried, so entries typed meanwhile still replace each other.
      if (navigatorOffline()) {
        this.setStatus({ blocked: 'offline', sending: false });
        this.retryLater();
        return;
      }
      this.setStatus({ sending: true });
      const entry = head.body === undefined ? await this.store.fixBody(head.seq, this.bodyOf(head)) : head;
      if (!entry?.body) continue;
      const outcome = await this.send(entry, entry.body);
      if (outcome.kind === 'accepted') {
        await this.store.complete(entry.seq, outcome.entry, this.now());
        this.failures = 0;
        this.setStatus({ blocked: null });
      } else if (outcome.kind === 'held') {
        await this.store.hold(
          entry.seq,
          {
            kind: outcome.held,
            current: outcome.current,
            status: outcome.status,
            code: outcome.code,
            detail: outcome.detail,
          },
          this.now(),
        );
      } else if (outcome.kind === 'signed-out') {
        this.setStatus({ blocked: 'signed-out', sending: false });
        return;
      } else {
        this.setStatus({ blocked: navigatorOffline() ? 'offline' : 'unavailable', sending: false });
        this.retryLater();
        return;
      }
    }
  }

  /** The body of the entry's first try: based on the version the sheet's last write (or read) left. */
  private bodyOf(entry: QueuedEntry): string {
    const sheet = this.store.snapshot().sheets.get(entry.sheetKey);
    const body: CaptionScores = {
      captionKey: entry.captionKey,
      scores: entry.scores,
      state: entry.state,
      baseVersion: sheet?.baseVersion ?? 0,
      ...(entry.marks?.length ? { marks: entry.marks } : {}),
    };
    return JSON.stringify(body);
  }

  /** The entry's write, its stored body sent as it was first built (the Idempotency-Key's replay needs the same). */
  private async send(entry: QueuedEntry, body: string): Promise<Outcome> {
    try {
      const answer = await postAsUser('/performances/{performanceId}/scores', {
        path: { performanceId: entry.performanceId },
        body: JSON.parse(body) as CaptionScores,
        headers: { 'idempotency-key': entry.idempotencyKey },
        transport: this.transport,
      });
      const answered = (answer.body as { entry?: CaptionEntry } | null)?.entry;
      // A 200 without the entry is not the API's answer (a portal's page): try again later.
      return answered && typeof answered.version === 'number'
        ? { kind: 'accepted', entry: answered }
        : { kind: 'unavailable' };
    } catch (error) {
      return refusal(error);
    }
  }

  private retryLater(): void {
    if (this.stopped || this.retryDelaysMs.length === 0 || this.timer !== undefined) return;
    const delay = this.retryDelaysMs[Math.min(this.failures, this.retryDelaysMs.length - 1)];
    this.failures += 1;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, delay);
  }

  private setStatus(change: Partial<QueueStatus>): void {
    const next = { ...this.state, ...change };
    if (next.sending === this.state.sending && next.blocked === this.state.blocked) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

/** What a failed write means for the queue: no answer or a server not answering waits; 401 waits for a sign-in. */
function refusal(error: unknown): Outcome {
  if (!isApiError(error) || error.status === 0) return { kind: 'unavailable' };
  const { status } = error;
  if (status === 401) return { kind: 'signed-out' };
  if (status >= 500 || status === 408 || status === 429) return { kind: 'unavailable' };
  const problem = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as {
    detail?: unknown;
    current?: CaptionEntry;
  };
  return {
    kind: 'held',
    held: status === 409 ? 'conflict' : 'refused',
    current: problem.current && typeof problem.current.version === 'number' ? problem.current : null,
    status,
    code: error.code,
    detail: typeof problem.detail === 'string' ? problem.detail : `The API refused the entry (${status}).`,
  };
}

const navigatorOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

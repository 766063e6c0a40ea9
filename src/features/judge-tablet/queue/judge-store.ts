/**
 * The judge's device store (decision 089): IndexedDB through `idb`, mirrored in memory for the page. Every change is
 * written to IndexedDB first and shown only once its transaction is done, so what the page shows has survived a
 * crash. Stores:
 * - `outbox`: the entries to send, in the order typed (auto-increment `seq`), each with its own Idempotency-Key and,
 *   once first tried, the exact body sent (a retry must be the same request, or the API refuses the key).
 * - `sheets`: per performance and caption, the entry as the API last answered it, the version the next write is
 *   based on, and what the judge typed (as text, so a half-typed "8." survives a reload).
 * - `held`: entries the API refused (a conflict with a tabulator's change, a 403 or 422), with the judge's numbers
 *   and the current ones, until the judge decides: nothing typed is dropped silently.
 * - `meta`: the seats as last read, the caller, when the API was last reached.
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import type { CaptionEntry, Me, MySeat } from '../../../lib/api-models';
import { JUDGE_DB_NAME } from '../../../lib/judge-data';
import type { TypedMark } from '../device/commentary-bridge';
import { sameScores, type LineScore, type TypedLine } from '../utils/sheet';
import {
  sheetKeyOf,
  type EntryState,
  type HeldEntry,
  type QueuedEntry,
  type SavedSeats,
  type SheetRecord,
  type SheetRef,
} from './judge-records';

type MetaValue =
  { key: 'seats'; value: SavedSeats } | { key: 'me'; value: Me } | { key: 'lastReachedAt'; value: number };

interface JudgeDb extends DBSchema {
  outbox: { key: number; value: QueuedEntry; indexes: { sheetKey: string } };
  sheets: { key: string; value: SheetRecord };
  held: { key: string; value: HeldEntry };
  meta: { key: string; value: MetaValue };
}

export interface JudgeSnapshot {
  outbox: readonly QueuedEntry[];
  sheets: ReadonlyMap<string, SheetRecord>;
  held: ReadonlyMap<string, HeldEntry>;
  seats: SavedSeats | null;
  me: Me | null;
  lastReachedAt: number | null;
}

/** Version 2: an empty version 1 may exist (a sign-out's count opens the database without a version). */
const SCHEMA_VERSION = 2;

type Tx = IDBPTransaction<JudgeDb, ('outbox' | 'sheets' | 'held' | 'meta')[], 'readwrite'>;

const emptySheet = (ref: SheetRef): SheetRecord => ({
  key: sheetKeyOf(ref),
  performanceId: ref.performanceId,
  captionKey: ref.captionKey,
  server: null,
  baseVersion: 0,
  typed: null,
});

export class JudgeStore {
  private state: JudgeSnapshot;
  private readonly listeners = new Set<() => void>();
  private db: IDBPDatabase<JudgeDb> | null;
  private writes: Promise<void> = Promise.resolve();
  private closed = false;

  private constructor(db: IDBPDatabase<JudgeDb>, state: JudgeSnapshot) {
    this.db = db;
    this.state = state;
  }

  /** Opens (or creates) the device's store and reads it whole: a judge's data is a few hundred sheets at most. */
  static async open(name = JUDGE_DB_NAME): Promise<JudgeStore> {
    // A sign-out elsewhere may ask this connection to let go while it is still being read: it is closed then as soon
    // as there is a store to close, so the deletion waits for nothing.
    let store: JudgeStore | null = null;
    let letGo = false;
    const db = await openJudgeDb(name, () => {
      letGo = true;
      store?.close();
    });
    const tx = db.transaction(['outbox', 'sheets', 'held', 'meta']);
    const [outbox, sheets, held, meta] = await Promise.all([
      tx.objectStore('outbox').getAll(),
      tx.objectStore('sheets').getAll(),
      tx.objectStore('held').getAll(),
      tx.objectStore('meta').getAll(),
    ]);
    let seats: SavedSeats | null = null;
    let me: Me | null = null;
    let lastReachedAt: number | null = null;
    for (const item of meta) {
      if (item.key === 'seats') seats = item.value;
      else if (item.key === 'me') me = item.value;
      else lastReachedAt = item.value;
    }
    store = new JudgeStore(db, {
      outbox,
      sheets: new Map(sheets.map((sheet) => [sheet.key, sheet])),
      held: new Map(held.map((item) => [item.sheetKey, item])),
      seats,
      me,
      lastReachedAt,
    });
    if (letGo) store.close();
    return store;
  }

  snapshot = (): JudgeSnapshot => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * For good: writes already asked for are finished first, later ones are refused, and the database is never opened
   * again, so nothing is written after a sign-out deleted it (clearJudgeData, which closes it through `blocking`).
   */
  close(): void {
    this.closed = true;
    void this.writes.then(() => {
      this.db?.close();
      this.db = null;
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * A keystroke: what is typed is kept, and when it can be sent (`entry`), it joins the outbox. A draft replaces the
   * drafts of the same sheet not yet tried (only the latest typed numbers need sending); one already tried stays, to
   * be retried with its key; a submit replaces nothing, so it always follows its draft. A submit of the numbers
   * already submitted, or waiting to be (a double tap on Submit, two quick Enters), is that submit: it joins nothing.
   * While the sheet is held (a conflict), the numbers go to the held entry instead: nothing is sent until the judge
   * decides.
   */
  async recordTyping(
    ref: SheetRef,
    lines: TypedLine[],
    entry: { scores: LineScore[]; state: EntryState; idempotencyKey: string; marks?: TypedMark[] } | null,
    at: number,
  ): Promise<void> {
    const key = sheetKeyOf(ref);
    await this.write(async (tx, next) => {
      const sheet = (await tx.objectStore('sheets').get(key)) ?? emptySheet(ref);
      const typedSheet = { ...sheet, typed: { lines, at } };
      await tx.objectStore('sheets').put(typedSheet);
      next.sheets.set(key, typedSheet);
      if (!entry) return;
      const held = await tx.objectStore('held').get(key);
      if (held) {
        const updated = { ...held, mine: { scores: entry.scores, state: entry.state } };
        await tx.objectStore('held').put(updated);
        next.held.set(key, updated);
        return;
      }
      const waiting = await tx.objectStore('outbox').index('sheetKey').getAll(key);
      if (entry.state === 'submitted' && submittedAlready(sheet.server, waiting, entry.scores)) return;
      if (entry.state === 'draft') {
        for (const old of waiting) {
          if (old.state !== 'draft' || old.body !== undefined) continue;
          await tx.objectStore('outbox').delete(old.seq);
          next.outbox = next.outbox.filter((item) => item.seq !== old.seq);
        }
      }
      const queued: Omit<QueuedEntry, 'seq'> = { ...ref, sheetKey: key, ...entry, typedAt: at };
      const seq = await tx.objectStore('outbox').add(queued as QueuedEntry);
      next.outbox = [...next.outbox, { ...queued, seq }];
    });
  }

  /** Before the first try: the body is fixed, so every retry is the same request under the same key. */
  async fixBody(seq: number, body: string): Promise<QueuedEntry | undefined> {
    let fixed: QueuedEntry | undefined;
    await this.write(async (tx, next) => {
      const entry = await tx.objectStore('outbox').get(seq);
      if (!entry) return forget(next, seq);
      fixed = entry.body === undefined ? { ...entry, body } : entry;
      await tx.objectStore('outbox').put(fixed);
      next.outbox = next.outbox.map((item) => (item.seq === seq ? fixed! : item));
    });
    return fixed;
  }

  /** The API took the entry: it leaves the outbox and its answer is the sheet's new base. */
  async complete(seq: number, answer: CaptionEntry, at: number): Promise<void> {
    await this.write(async (tx, next) => {
      const entry = await tx.objectStore('outbox').get(seq);
      if (!entry) return forget(next, seq);
      await tx.objectStore('outbox').delete(seq);
      next.outbox = next.outbox.filter((item) => item.seq !== seq);
      const sheet = (await tx.objectStore('sheets').get(entry.sheetKey)) ?? emptySheet(entry);
      const updated = { ...sheet, server: answer, baseVersion: answer.version };
      await tx.objectStore('sheets').put(updated);
      next.sheets.set(entry.sheetKey, updated);
      await this.reached(tx, next, at);
    });
  }

  /**
   * The API refused the entry for good (a conflict, a submitted entry, 403, 422): it and every later entry of the
   * same sheet (based on the same stale copy) become one held entry with the judge's latest numbers.
   */
  async hold(
    seq: number,
    refusal: { kind: HeldEntry['kind']; current: CaptionEntry | null; status: number; code: string; detail: string },
    at: number,
  ): Promise<void> {
    await this.write(async (tx, next) => {
      const entry = await tx.objectStore('outbox').get(seq);
      if (!entry) return forget(next, seq);
      const sameSheet = await tx.objectStore('outbox').index('sheetKey').getAll(entry.sheetKey);
      const latest = sameSheet.reduce((last, item) => (item.seq > last.seq ? item : last), entry);
      const submitted = sameSheet.some((item) => item.state === 'submitted');
      for (const item of sameSheet) await tx.objectStore('outbox').delete(item.seq);
      const dropped = new Set(sameSheet.map((item) => item.seq));
      next.outbox = next.outbox.filter((item) => !dropped.has(item.seq));
      const held: HeldEntry = {
        performanceId: entry.performanceId,
        captionKey: entry.captionKey,
        sheetKey: entry.sheetKey,
        mine: { scores: latest.scores, state: submitted ? 'submitted' : 'draft' },
        ...refusal,
        at,
      };
      await tx.objectStore('held').put(held);
      next.held.set(entry.sheetKey, held);
      if (refusal.current) {
        const sheet = (await tx.objectStore('sheets').get(entry.sheetKey)) ?? emptySheet(entry);
        const updated = { ...sheet, server: refusal.current, baseVersion: refusal.current.version };
        await tx.objectStore('sheets').put(updated);
        next.sheets.set(entry.sheetKey, updated);
      }
      await this.reached(tx, next, at);
    });
  }

  /**
   * The judge's decision on a held entry: `mine` sends the judge's numbers again, on top of the current entry (its
   * version is the base now); `theirs` keeps the current entry and forgets what was typed.
   */
  async resolveHeld(sheetKey: string, choice: 'mine' | 'theirs', idempotencyKey: string, at: number): Promise<void> {
    await this.write(async (tx, next) => {
      const held = await tx.objectStore('held').get(sheetKey);
      if (!held) return;
      await tx.objectStore('held').delete(sheetKey);
      next.held.delete(sheetKey);
      const sheet = (await tx.objectStore('sheets').get(sheetKey)) ?? emptySheet(held);
      if (choice === 'theirs') {
        const updated = { ...sheet, typed: null };
        await tx.objectStore('sheets').put(updated);
        next.sheets.set(sheetKey, updated);
        return;
      }
      const queued: Omit<QueuedEntry, 'seq'> = {
        performanceId: held.performanceId,
        captionKey: held.captionKey,
        sheetKey,
        ...held.mine,
        idempotencyKey,
        typedAt: at,
      };
      const seq = await tx.objectStore('outbox').add(queued as QueuedEntry);
      next.outbox = [...next.outbox, { ...queued, seq }];
    });
  }

  /**
   * The seats as the API gave them: kept for a reload without a network, and each entry becomes its sheet's server
   * copy. A sheet with entries waiting or held keeps its base version: a change made meanwhile must come back as a
   * conflict, not be written over.
   */
  async saveSeats(seats: MySeat[], at: number): Promise<void> {
    await this.write(async (tx, next) => {
      await tx.objectStore('meta').put({ key: 'seats', value: { seats, savedAt: at } });
      next.seats = { seats, savedAt: at };
      const waiting = new Set(next.outbox.map((item) => item.sheetKey));
      for (const seat of seats) {
        for (const performance of seat.performances) {
          const ref = { performanceId: performance.id, captionKey: seat.caption.key };
          const key = sheetKeyOf(ref);
          const sheet = (await tx.objectStore('sheets').get(key)) ?? emptySheet(ref);
          const keepBase = waiting.has(key) || next.held.has(key);
          const updated = {
            ...sheet,
            server: performance.entry,
            baseVersion: keepBase ? sheet.baseVersion : performance.entry.version,
          };
          await tx.objectStore('sheets').put(updated);
          next.sheets.set(key, updated);
        }
      }
      await this.reached(tx, next, at);
    });
  }

  async saveMe(me: Me): Promise<void> {
    await this.write(async (tx, next) => {
      await tx.objectStore('meta').put({ key: 'me', value: me });
      next.me = me;
    });
  }

  private async reached(tx: Tx, next: Mutable, at: number): Promise<void> {
    if (next.lastReachedAt !== null && next.lastReachedAt >= at) return;
    await tx.objectStore('meta').put({ key: 'lastReachedAt', value: at });
    next.lastReachedAt = at;
  }

  /**
   * One read-write transaction at a time, each from the memory copy the previous one left; the memory copy changes
   * only once the transaction is durable. `change` awaits only the transaction's own requests (anything else would let
   * IndexedDB commit it early).
   */
  private write(change: (tx: Tx, next: Mutable) => Promise<void>): Promise<void> {
    if (this.closed) return Promise.reject(new StoreClosedError());
    const run = this.writes.then(() => this.writeNow(change));
    this.writes = run.catch(() => undefined);
    return run;
  }

  private async writeNow(change: (tx: Tx, next: Mutable) => Promise<void>): Promise<void> {
    if (!this.db) throw new StoreClosedError();
    const tx = this.db.transaction(['outbox', 'sheets', 'held', 'meta'], 'readwrite', { durability: 'strict' });
    const done = tx.done;
    const next: Mutable = { ...this.state, sheets: new Map(this.state.sheets), held: new Map(this.state.held) };
    try {
      await change(tx, next);
    } catch (error) {
      tx.abort();
      await done.catch(() => undefined);
      throw error;
    }
    await done;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

interface Mutable {
  outbox: readonly QueuedEntry[];
  sheets: Map<string, SheetRecord>;
  held: Map<string, HeldEntry>;
  seats: SavedSeats | null;
  me: Me | null;
  lastReachedAt: number | null;
}

/** The store was closed: the page is gone, or a sign-out cleared the device (reload to start again). */
export class StoreClosedError extends Error {
  constructor() {
    super("This device's judging data was cleared (signed out?): reload the page.");
    this.name = 'StoreClosedError';
  }
}

/** The sheet's submit of these numbers is already in: waiting in the outbox, or taken by the API. */
function submittedAlready(
  server: CaptionEntry | null,
  waiting: readonly QueuedEntry[],
  scores: readonly LineScore[],
): boolean {
  if (waiting.some((item) => item.state === 'submitted' && sameScores(item.scores, scores))) return true;
  return waiting.length === 0 && server?.state === 'submitted' && sameScores(server.scores, scores);
}

/** An entry another tab of the page already settled: gone from the database, so gone from this tab's copy too. */
function forget(next: Mutable, seq: number): void {
  next.outbox = next.outbox.filter((item) => item.seq !== seq);
}

/** `blocking`: a sign-out in another tab is deleting the database (clearJudgeData): this connection lets it. */
function openJudgeDb(name: string, onBlocking: () => void): Promise<IDBPDatabase<JudgeDb>> {
  return openDB<JudgeDb>(name, SCHEMA_VERSION, {
    upgrade(db) {
      if (!db.objectStoreNames.contains('outbox')) {
        db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true }).createIndex('sheetKey', 'sheetKey');
      }
      if (!db.objectStoreNames.contains('sheets')) db.createObjectStore('sheets', { keyPath: 'key' });
      if (!db.objectStoreNames.contains('held')) db.createObjectStore('held', { keyPath: 'sheetKey' });
      if (!db.objectStoreNames.contains('meta')) db.createObjectStore('meta', { keyPath: 'key' });
    },
    blocking: onBlocking,
  });
}

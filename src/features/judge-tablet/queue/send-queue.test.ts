import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearJudgeData, JUDGE_DB_NAME, judgeEntriesWaiting } from '../../../lib/judge-data';
import { FakeScoreApi, TABULATOR } from '../../../test/fake-score-api';
import { sheetKeyOf } from './judge-records';
import { JudgeStore } from './judge-store';
import { SendQueue } from './send-queue';

const GE = { performanceId: 101, captionKey: 'ge1' };
const VIS = { performanceId: 102, captionKey: 'ge1' };
const typed = (rep: string, perf = '') => [
  { subcaptionKey: 'rep', text: rep },
  { subcaptionKey: 'perf', text: perf },
];
const scores = (rep: number, perf?: number) => [
  { subcaptionKey: 'rep', score: rep },
  ...(perf === undefined ? [] : [{ subcaptionKey: 'perf', score: perf }]),
];

let databases = 0;
const opened: JudgeStore[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

async function device(name = `judge-test-${++databases}`) {
  const store = await JudgeStore.open(name);
  opened.push(store);
  return { name, store };
}

function queueOn(store: JudgeStore, api: FakeScoreApi, draftSettleMs = 0) {
  let keys = 0;
  return new SendQueue({
    store,
    transport: api.transport,
    retryDelaysMs: [],
    draftSettleMs,
    newKey: () => `key-${store.snapshot().outbox.length}-${++keys}-${Math.random()}`,
  });
}

describe('the send queue', () => {
  it('sends in the order typed, the latest draft of a sheet once, and a submit after its draft', async () => {
    const api = new FakeScoreApi();
    api.network = 'down';
    const { store } = await device();
    const queue = queueOn(store, api);
    await queue.record(GE, typed('8'), { scores: scores(8), state: 'draft' });
    await queue.record(GE, typed('85'), { scores: scores(85), state: 'draft' });
    await queue.record(VIS, typed('70'), { scores: scores(70), state: 'draft' });
    await queue.record(GE, typed('85.5', '90'), { scores: scores(85.5, 90), state: 'draft' });
    await queue.record(GE, typed('85.5', '90'), { scores: scores(85.5, 90), state: 'submitted' });
    await queue.run();
    expect(queue.status().blocked).toBe('unavailable');
    // "8" was tried (the network may have taken it): it stays, to be sent again under its key; "85" was never tried,
    // and the later draft replaced it.
    expect(store.snapshot().outbox.map((entry) => [entry.performanceId, entry.state])).toEqual([
      [101, 'draft'],
      [102, 'draft'],
      [101, 'draft'],
      [101, 'submitted'],
    ]);

    api.network = 'up';
    await queue.run();
    expect(api.applied.map(({ performanceId, state, scores }) => [performanceId, state, scores])).toEqual([
      [101, 'draft', scores(8)],
      [102, 'draft', scores(70)],
      [101, 'draft', scores(85.5, 90)],
      [101, 'submitted', scores(85.5, 90)],
    ]);
    expect(store.snapshot().outbox).toEqual([]);
    expect(store.snapshot().sheets.get(sheetKeyOf(GE))?.server).toMatchObject({ state: 'submitted', version: 3 });
    expect(store.snapshot().lastReachedAt).not.toBeNull();
    expect(queue.status()).toEqual({ sending: false, blocked: null });
  });

  it('sends a draft once the judge stops typing, only the last of a burst; a submit at once', async () => {
    const api = new FakeScoreApi();
    const { store } = await device();
    const queue = queueOn(store, api, 200);
    await queue.record(GE, typed('8'), { scores: scores(8), state: 'draft' });
    await queue.record(GE, typed('85'), { scores: scores(85), state: 'draft' });
    await queue.record(GE, typed('85', '9'), { scores: scores(85, 9), state: 'draft' });
    // kept on the device at once, sent not yet
    expect(store.snapshot().outbox).toHaveLength(1);
    expect(api.requests).toBe(0);
    await vi.waitFor(() => expect(api.applied).toHaveLength(1), { timeout: 2000 });
    expect(api.applied[0].scores).toEqual(scores(85, 9));
    await queue.record(GE, typed('85', '90'), { scores: scores(85, 90), state: 'draft' });
    await queue.record(GE, typed('85', '90'), { scores: scores(85, 90), state: 'submitted' });
    await vi.waitFor(() => expect(store.snapshot().outbox).toEqual([]), { timeout: 150 });
    expect(api.applied.map(({ state, scores }) => [state, scores])).toEqual([
      ['draft', scores(85, 9)],
      ['draft', scores(85, 90)],
      ['submitted', scores(85, 90)],
    ]);
    queue.stop();
  });

  it('sends a double tap on Submit (two submits of the same numbers at once) as one submit, holding nothing', async () => {
    const api = new FakeScoreApi();
    const { store } = await device();
    const queue = queueOn(store, api);
    const submit = { scores: scores(82.5, 80), state: 'submitted' as const };
    // the second tap comes before the first is even kept: neither waits for the other
    await Promise.all([queue.record(GE, typed('82.5', '80'), submit), queue.record(GE, typed('82.5', '80'), submit)]);
    expect(store.snapshot().outbox).toHaveLength(1);
    await queue.run();
    expect(api.applied.map(({ state, scores }) => [state, scores])).toEqual([['submitted', scores(82.5, 80)]]);
    expect(api.requests).toBe(1);
    expect(store.snapshot().held.size).toBe(0);
    expect(store.snapshot().sheets.get(sheetKeyOf(GE))?.server).toMatchObject({ state: 'submitted', version: 1 });

    // a third Enter once the API has it: already submitted, nothing to send
    await queue.record(GE, typed('82.5', '80'), submit);
    expect(store.snapshot().outbox).toEqual([]);
    await queue.run();
    expect(api.requests).toBe(1);
    expect(store.snapshot().held.size).toBe(0);
  });

  it('settles a submit the API already has from another tab: the API answers the same numbers as they are', async () => {
    const api = new FakeScoreApi();
    const [tab, other] = [await device(), await device()];
    const [queue, otherQueue] = [queueOn(tab.store, api), queueOn(other.store, api)];
    const submit = { scores: scores(82.5, 80), state: 'submitted' as const };
    // both typed on version 0 (neither had heard of the other's); the other tab's reaches the API first
    await otherQueue.record(GE, typed('82.5', '80'), submit);
    await otherQueue.run();
    await queue.record(GE, typed('82.5', '80'), submit);
    await queue.run();
    expect(other.store.snapshot().held.size).toBe(0);
    expect(api.applied).toHaveLength(1);
    expect(api.requests).toBe(2);
    expect(tab.store.snapshot().held.size).toBe(0);
    expect(tab.store.snapshot().outbox).toEqual([]);
    expect(tab.store.snapshot().sheets.get(sheetKeyOf(GE))).toMatchObject({ baseVersion: 1, server: { version: 1 } });

    // other numbers on the same stale copy are still a conflict for the judge to decide
    const stale = await device();
    const staleQueue = queueOn(stale.store, api);
    await staleQueue.record(GE, typed('82.5', '81'), { scores: scores(82.5, 81), state: 'submitted' });
    await staleQueue.run();
    expect(stale.store.snapshot().held.get(sheetKeyOf(GE))).toMatchObject({ kind: 'conflict' });
  });

  it('applies an entry once when its answer is lost and it is sent again with its key', async () => {
    const api = new FakeScoreApi();
    const { store } = await device();
    const queue = queueOn(store, api);
    api.loseAnswers = 1;
    await store.recordTyping(
      GE,
      typed('85'),
      { scores: scores(85), state: 'draft', idempotencyKey: 'k-1' },
      Date.now(),
    );
    await queue.run();
    // The API wrote it; the tablet never heard: the entry still waits, its body fixed.
    expect(api.applied).toHaveLength(1);
    expect(store.snapshot().outbox).toHaveLength(1);
    expect(queue.status().blocked).toBe('unavailable');

    await queue.run();
    await queue.run();
    expect(api.applied).toHaveLength(1);
    expect(api.requests).toBe(2);
    expect(store.snapshot().outbox).toEqual([]);
    // The replayed answer is the base of the next write: no conflict with its own first write.
    await queue.record(GE, typed('86'), { scores: scores(86), state: 'draft' });
    await queue.run();
    expect(api.applied.map(({ scores }) => scores)).toEqual([scores(85), scores(86)]);
    expect(api.entry(101, 'ge1')).toMatchObject({ version: 2 });
    expect(store.snapshot().held.size).toBe(0);
  });

  it('loses nothing on a restart between the write to IndexedDB and the send', async () => {
    const api = new FakeScoreApi();
    const first = await device();
    // What record() does before it sends: the keystroke's entry is durable, then the tab dies.
    await first.store.recordTyping(
      GE,
      typed('85'),
      { scores: scores(85), state: 'draft', idempotencyKey: 'k-1' },
      Date.now(),
    );
    first.store.close();

    const again = await JudgeStore.open(first.name);
    opened.push(again);
    expect(again.snapshot().outbox).toHaveLength(1);
    expect(again.snapshot().sheets.get(sheetKeyOf(GE))?.typed?.lines).toEqual(typed('85'));
    await queueOn(again, api).run();
    expect(api.applied).toHaveLength(1);
    expect(again.snapshot().outbox).toEqual([]);
  });

  it('loses nothing and writes once on a restart after the send, before the answer', async () => {
    const api = new FakeScoreApi();
    const first = await device();
    api.loseAnswers = 1;
    await first.store.recordTyping(
      GE,
      typed('85'),
      { scores: scores(85), state: 'draft', idempotencyKey: 'k-1' },
      Date.now(),
    );
    await queueOn(first.store, api).run();
    first.store.close();

    const again = await JudgeStore.open(first.name);
    opened.push(again);
    expect(again.snapshot().outbox[0]?.body).toContain('"baseVersion":0');
    await queueOn(again, api).run();
    expect(api.applied).toHaveLength(1);
    expect(api.requests).toBe(2);
    expect(again.snapshot().sheets.get(sheetKeyOf(GE))?.server).toMatchObject({ version: 1, state: 'draft' });
  });

  it('keeps both numbers when a tabulator changed the entry meanwhile, and sends nothing over it', async () => {
    const api = new FakeScoreApi();
    const { store } = await device();
    const queue = queueOn(store, api);
    await queue.record(GE, typed('85'), { scores: scores(85), state: 'draft' });
    await queue.run();
    api.network = 'down';
    await queue.record(GE, typed('88'), { scores: scores(88), state: 'draft' });
    await queue.record(GE, typed('88', '90'), { scores: scores(88, 90), state: 'submitted' });
    await queue.run();
    api.correct(101, 'ge1', scores(84));
    api.network = 'up';
    await queue.run();

    expect(api.entry(101, 'ge1')).toMatchObject({ scores: scores(84), by: TABULATOR });
    expect(api.applied).toHaveLength(1);
    const held = store.snapshot().held.get(sheetKeyOf(GE));
    expect(held).toMatchObject({
      kind: 'conflict',
      code: 'score_conflict',
      mine: { scores: scores(88, 90), state: 'submitted' },
      current: { scores: scores(84), state: 'submitted', by: { name: 'Tab Ulator' } },
    });
    expect(store.snapshot().outbox).toEqual([]);
    // Typing on a held sheet changes the held numbers, and is not sent.
    await queue.record(GE, typed('89', '90'), { scores: scores(89, 90), state: 'draft' });
    await queue.run();
    expect(api.requests).toBe(2);
    expect(store.snapshot().held.get(sheetKeyOf(GE))?.mine.scores).toEqual(scores(89, 90));
    // Keeping mine on a submitted correction is refused again, still held; taking theirs clears it.
    await queue.resolve(sheetKeyOf(GE), 'mine');
    await queue.run();
    expect(store.snapshot().held.get(sheetKeyOf(GE))).toMatchObject({
      code: 'entry_submitted',
      mine: { scores: scores(89, 90) },
    });
    await queue.resolve(sheetKeyOf(GE), 'theirs');
    expect(store.snapshot().held.size).toBe(0);
    expect(store.snapshot().sheets.get(sheetKeyOf(GE))?.typed).toBeNull();
  });

  it('keeps a conflict across a reload of the seats: the base version does not move while entries wait', async () => {
    const api = new FakeScoreApi();
    const { store } = await device();
    const queue = queueOn(store, api);
    api.network = 'down';
    await queue.record(GE, typed('88'), { scores: scores(88), state: 'draft' });
    const corrected = api.correct(101, 'ge1', scores(84));
    await store.saveSeats([seatWith(corrected)], Date.now());
    api.network = 'up';
    await queue.run();
    expect(api.applied).toHaveLength(0);
    expect(store.snapshot().held.get(sheetKeyOf(GE))).toMatchObject({ kind: 'conflict', mine: { scores: scores(88) } });
  });

  it('stops at 401, keeps every entry, and sends them in order once signed in again', async () => {
    const api = new FakeScoreApi();
    api.signedIn = false;
    const { store } = await device();
    const queue = queueOn(store, api);
    await queue.record(GE, typed('85'), { scores: scores(85), state: 'draft' });
    await queue.record(VIS, typed('70'), { scores: scores(70), state: 'draft' });
    await queue.run();
    expect(queue.status().blocked).toBe('signed-out');
    expect(api.requests).toBe(1);
    await queue.record(VIS, typed('71'), { scores: scores(71), state: 'draft' });
    await queue.run();
    expect(api.requests).toBe(1);
    expect(store.snapshot().outbox.map((entry) => entry.performanceId)).toEqual([101, 102]);

    api.signedIn = true;
    await queue.resume();
    expect(api.applied.map(({ performanceId, scores }) => [performanceId, scores])).toEqual([
      [101, scores(85)],
      [102, scores(71)],
    ]);
    expect(queue.status().blocked).toBeNull();
  });
});

function seatWith(entry: NonNullable<ReturnType<FakeScoreApi['entry']>>) {
  return {
    competition: {
      id: 1,
      guid: '00000000-0000-0000-0000-000000000001',
      name: 'Show',
      date: '2026-11-27',
      commentaryEnabled: false,
    },
    round: { number: 1, name: 'Finals', released: false },
    division: { id: 3, name: 'Scholastic A', initials: 'SA' },
    category: { key: 'ge', name: 'General Effect' },
    caption: {
      key: 'ge1',
      name: 'General Effect 1',
      initials: 'GE1',
      subcaptions: [
        { key: 'rep', name: 'Repertoire', initials: 'Rep', max: 100, step: 0.5, weight: 0.1 },
        { key: 'perf', name: 'Performance', initials: 'Perf', max: 100, step: 0.5, weight: 0.1 },
      ],
      digits: 3,
    },
    performances: [{ id: 101, order: 1, time: null, performed: true, group: { id: 1, name: 'Kingwood' }, entry }],
  };
}

describe("a sign-out's clearing", () => {
  it('leaves a closed store unsent: its entries are never written under the next session', async () => {
    const api = new FakeScoreApi();
    api.network = 'down';
    const { store } = await device();
    const queue = queueOn(store, api);
    await queue.record(GE, typed('85'), { scores: scores(85), state: 'draft' });
    await queue.run();
    store.close();
    api.network = 'up';
    await queue.run();
    await queue.resume();
    expect(api.requests).toBe(0);
    await expect(queue.record(GE, typed('86'), { scores: scores(86), state: 'draft' })).rejects.toThrow(/reload/);
  });

  it("counts what waits, then deletes the judge's data even while the page has it open", async () => {
    const { store } = await JudgeStore.open(JUDGE_DB_NAME).then((opened) => ({ store: opened }));
    await store.recordTyping(
      GE,
      typed('85'),
      { scores: scores(85), state: 'draft', idempotencyKey: 'k-1' },
      Date.now(),
    );
    expect(await judgeEntriesWaiting()).toBe(1);
    await clearJudgeData();
    expect(await judgeEntriesWaiting()).toBe(0);
    const again = await JudgeStore.open(JUDGE_DB_NAME);
    opened.push(again);
    expect(again.snapshot()).toMatchObject({ outbox: [], seats: null, me: null, lastReachedAt: null });
    expect(again.snapshot().sheets.size).toBe(0);
  });

  it('a sign-out asked for while the page is still opening its store deletes the data, and the store is closed', async () => {
    const name = `judge-test-${++databases}`;
    await JudgeStore.open(name).then((store) => store.close());
    // The deletion is asked for before the store has read what the device holds: its connection is asked to let go
    // while open() still reads.
    const opening = JudgeStore.open(name);
    const deleted = new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(new Error(String(request.error)));
    });
    const store = await opening;
    await deleted;
    expect(store.isClosed).toBe(true);
  });
});

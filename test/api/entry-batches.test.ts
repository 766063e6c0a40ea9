/**
 * Judges' caption entries committed together (http/entry-batches.ts, decision 145): writes that arrive at once go
 * in one transaction of a few statements, and each keeps what it had alone: its answer, its refusal, its
 * Idempotency-Key, its own audit entry with its performance before and after it (each one's before the previous
 * one's after), the chain whole. Written on the embedded database through the API over its socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../helpers/api-server.js';
import { startApiWithSmallCircuit, type buildSmallCircuit } from '../helpers/small-circuit.js';
import { countStatements } from '../helpers/statement-count.js';
import { verifyAuditChain } from '../../server/api/db/repositories/audit-log.js';
import { performanceSnapshots } from '../../server/api/db/repositories/audit-snapshots.js';
import { takeBatch } from '../../server/api/http/entry-batches.js';
import { apiClient, type Json } from './client.js';

let api: TestApi;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
let key: ReturnType<typeof apiClient>;

beforeAll(async () => {
  let auth;
  ({ api, circuit, auth } = await startApiWithSmallCircuit());
  key = apiClient(api, auth);
}, 180_000);
afterAll(() => api?.stop());

const CAPTIONS = ['ea', 'ma', 'da', 'ge1', 'ge2'];
const scoresOf = (id: number) => `/performances/${id}/scores`;
/** Each caption's two lines on the small circuit's color guard sheet. */
const LINES = new Map([
  ['ea', ['voc', 'exc']],
  ['ma', ['voc', 'exc']],
  ['da', ['comp', 'exc']],
  ['ge1', ['rep', 'perf']],
  ['ge2', ['rep', 'perf']],
]);
const sheet = (captionKey: string, score: number, extra: Json = {}) => {
  const [first, second] = LINES.get(captionKey) ?? ['voc', 'exc'];
  return { captionKey, scores: { [first]: score, [second]: score - 1 }, ...extra };
};

/**
 * Sends `requests` while a transaction holds the embedded database, and lets it go once `queued` of them wait for
 * the organization's next batch: they are then written together.
 */
async function whileBusy<T>(queued: number, requests: () => Promise<T>[]): Promise<T[]> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const holds = new Promise<void>((resolve) => (holding = resolve));
  const busy = api.services.database.transaction(async () => {
    holding();
    await held;
  });
  await holds;
  const sent = requests();
  try {
    for (let waited = 0; api.services.entryBatches.waiting(circuit.org.id) < queued; waited += 10) {
      if (waited > 10_000) throw new Error(`only ${api.services.entryBatches.waiting(circuit.org.id)} writes queued`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    release();
    await busy;
  }
  return Promise.all(sent);
}

async function auditTrail(): Promise<Json[]> {
  return (await key.get('/audit/?limit=500')).body.data as Json[];
}

/** The scores of one caption in a performance snapshot's state. */
const captionLines = (state: Json, captionKey: string) =>
  (state.scores as Json[]).filter((line) => line.captionKey === captionKey);

describe('judges writes committed together', () => {
  it('writes simultaneous entries in far fewer statements, each audited as if written alone, the chain whole', async () => {
    const encore = circuit.encorePerformanceId;
    const before = (await auditTrail()).length;
    const counter = countStatements(api.services.database);
    let answers;
    try {
      // five captions of one performance at once (one division's five judges), as tablets send them, while the
      // database is busy: the first waits for it in a batch of its own, the four after it for the next batch
      answers = await whileBusy(4, () =>
        CAPTIONS.map((captionKey, index) =>
          key.send('POST', scoresOf(encore), sheet(captionKey, 60 + index), { 'x-audit-reason': `sheet ${index}` }),
        ),
      );
    } finally {
      counter.stop();
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    for (const [index, answer] of answers.entries())
      expect(answer.body.entry).toMatchObject({ captionKey: CAPTIONS[index], state: 'submitted' });
    // alone, a submit is 14 statements (write-statements.test.ts): the four together cost about one
    expect(counter.count()).toBeLessThan(14 + 2 * 14);

    const trail = await auditTrail();
    const written = trail.slice(before);
    expect(written.map((entry) => entry.action)).toEqual(Array(5).fill('performance.enter-scores'));
    expect(new Set(written.map((entry) => entry.reason))).toEqual(new Set(CAPTIONS.map((_, i) => `sheet ${i}`)));
    expect(await verifyAuditChain(api.services.database.db, circuit.org.id)).toMatchObject({ ok: true });
    // each write's before is the one before's after, and each changed its own caption only
    for (let i = 1; i < written.length; i++) expect(written[i].before).toEqual(written[i - 1].after);
    for (const entry of written) {
      const caption = CAPTIONS[Number(String(entry.reason).split(' ')[1])];
      for (const other of CAPTIONS.filter((c) => c !== caption))
        expect(captionLines(entry.after, other)).toEqual(captionLines(entry.before, other));
      expect(captionLines(entry.after, caption)).not.toEqual(captionLines(entry.before, caption));
      expect((entry.after.entries as Json[]).filter((e) => e.captionKey !== caption)).toEqual(
        (entry.before.entries as Json[]).filter((e) => e.captionKey !== caption),
      );
    }
    // the last one's after is the performance as it is now
    const now = (await performanceSnapshots(api.services.database.db, circuit.org.id, [encore])).get(encore);
    expect(written.at(-1)!.after).toEqual(JSON.parse(JSON.stringify(now!.state)));
  });

  it('refuses a write only itself: a stale version, an unknown caption, a missing performance, beside writes that succeed', async () => {
    const encore = circuit.encorePerformanceId;
    const before = (await auditTrail()).length;
    const answers = await whileBusy(4, () => [
      key.send('POST', scoresOf(encore), sheet('ea', 71, { baseVersion: 0 }), { 'x-audit-reason': 'stale' }),
      key.send('POST', scoresOf(encore), sheet('zz', 71), { 'x-audit-reason': 'unknown caption' }),
      key.send('POST', scoresOf(999_999), sheet('ea', 71), { 'x-audit-reason': 'missing' }),
      key.send('POST', scoresOf(encore), sheet('ma', 72), { 'x-audit-reason': 'good one' }),
      key.send('POST', scoresOf(encore), sheet('da', 73), { 'x-audit-reason': 'good two' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([409, 422, 404, 200, 200]);
    expect(answers[0].body).toMatchObject({ code: 'score_conflict' });
    const written = (await auditTrail()).slice(before);
    expect(written.map((entry) => entry.reason).sort()).toEqual(['good one', 'good two']);
    expect(await verifyAuditChain(api.services.database.db, circuit.org.id)).toMatchObject({ ok: true });
  });

  it('fails alone a write that fails after its plan (a released section changed without a reason)', async () => {
    // the finals round is released: a key's change there needs a reason, which only the write's review finds
    const alpha = circuit.performances['Alpha HS'];
    const bravo = circuit.performances['Bravo HS'];
    const answers = await whileBusy(2, () => [
      key.send('POST', scoresOf(alpha), sheet('ea', 81), { 'x-audit-reason': 'recount' }),
      key.send('POST', scoresOf(bravo), sheet('ea', 69)),
      key.send('POST', scoresOf(bravo), sheet('ma', 76), { 'x-audit-reason': 'recount' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 422, 200]);
    expect(answers[1].body).toMatchObject({
      code: 'rule_violation',
      errors: [expect.objectContaining({ name: 'reason' })],
    });
    const bravoNow = (await performanceSnapshots(api.services.database.db, circuit.org.id, [bravo])).get(bravo)!;
    expect(captionLines(bravoNow.state as Json, 'ea').map((line) => line.score)).toEqual([68, 70].sort());
    expect(captionLines(bravoNow.state as Json, 'ma').map((line) => line.score)).toEqual([75, 76]);
  });

  it('answers a retry sent while the first is queued with the first answer, and lets a refused key go', async () => {
    const encore = circuit.encorePerformanceId;
    const before = (await auditTrail()).length;
    const body = sheet('ge1', 55);
    // another write first, then the write and its retry queued together: the retry waits for the batch after
    const [other, first, retry] = await whileBusy(2, () => [
      key.send('POST', scoresOf(circuit.performances['Charlie HS']), sheet('ge1', 63), { 'x-audit-reason': 'r' }),
      key.send('POST', scoresOf(encore), body, { 'idempotency-key': 'tablet-1-ge1' }),
      key.send('POST', scoresOf(encore), body, { 'idempotency-key': 'tablet-1-ge1' }),
    ]);
    expect([other.status, first.status, retry.status]).toEqual([200, 200, 200]);
    expect(retry.body).toEqual(first.body);
    expect([first.headers.get('idempotent-replayed'), retry.headers.get('idempotent-replayed')]).toContain('true');
    expect((await auditTrail()).length).toBe(before + 2);
    // the same key for another request is refused, as the write unit refuses it
    const reused = await key.send('POST', scoresOf(encore), sheet('ge1', 56), { 'idempotency-key': 'tablet-1-ge1' });
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ code: 'idempotency_key_reused' });
    // a refused write keeps no claim: its key is free for the request sent again, corrected
    const refused = await key.send('POST', scoresOf(encore), sheet('ge2', 57, { baseVersion: 0 }), {
      'idempotency-key': 'tablet-1-ge2',
    });
    expect(refused.status).toBe(409);
    const corrected = await key.send('POST', scoresOf(encore), sheet('ge2', 57), { 'idempotency-key': 'tablet-1-ge2' });
    expect(corrected.status, corrected.text).toBe(200);
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();
  });
});

describe('a reason that is not well-formed text', () => {
  it('is kept as U+FFFD, hashed as stored, so that the chain still verifies', async () => {
    const answer = await key.send(
      'POST',
      scoresOf(circuit.encorePerformanceId),
      sheet('ea', 44, { reason: 'x\ud800y' }),
    );
    expect(answer.status, answer.text).toBe(200);
    expect((await auditTrail()).at(-1)).toMatchObject({ reason: 'x\ufffdy' });
    expect(await verifyAuditChain(api.services.database.db, circuit.org.id)).toMatchObject({ ok: true });
  });
});

describe('the next batch', () => {
  const queued = (performanceId: number, captionKey: string, key?: string) => ({
    request: { input: { performanceId, captionKey }, idempotency: key ? { key, requestHash: 'h' } : undefined },
  });

  it('takes the queue in order but a second write of a caption or of a key, which waits for the batch after', () => {
    const queue = [
      queued(1, 'ea', 'k1'),
      queued(1, 'ma'),
      queued(1, 'ea'),
      queued(2, 'ea', 'k1'),
      queued(2, 'ma', 'k2'),
    ];
    const [a, b, c, d, e] = queue;
    expect(takeBatch(queue)).toEqual([a, b, e]);
    expect(queue).toEqual([c, d]);
    expect(takeBatch(queue)).toEqual([c, d]);
    expect(queue).toEqual([]);
  });

  it('takes at most 64 writes', () => {
    const queue = Array.from({ length: 70 }, (_, index) => queued(index + 1, 'ea'));
    expect(takeBatch(queue)).toHaveLength(64);
    expect(queue).toHaveLength(6);
  });
});

/**
 * Judges' caption entries committed together (docs/decisions/145-judges-writes-committed-together.md). On show day
 * thirty tablets write one caption entry each, all through a round; the embedded database runs one transaction at a
 * time, and each write alone paid a dozen statements (the lock, two snapshots for the audit trail, its reads, its
 * tabulation, its audit entry), so writes queued behind each other. Here the writes of one organization that
 * arrive while its last batch runs wait for it and then go together, in one transaction of a few statements for
 * all of them: the lock and every writer's name, one read to plan them, one write of their lines and entries, one
 * tabulation a section, the snapshots before and after once, their audit entries in one statement. A lone write
 * is a batch of one, started at once: no write waits for company.
 *
 * Each write keeps what it had alone, from the write unit (http/write-unit.ts) it bypasses: its Idempotency-Key
 * claimed, replayed or stored with its answer in the same transaction; its own audit entry (its writer, its
 * reason, its performance before and after it, each one's before the previous one's after: statesBetween), then
 * what it noted besides; a refusal (403, 404, 409, 422) refuses only itself, as every write is planned before
 * anything is written. What fails after the plans fails the batch, which is then written again one write at a
 * time, so that only the write at fault fails. The organization's cached reads are dropped after the commit, before
 * anyone is answered.
 */
import type { AuthContext } from './context.js';
import type { Database, Tx } from '../db/database.js';
import type { ResponseCache } from '../cache/response-cache.js';
import type { WritesFirst } from './writes-first.js';
import { lockForWriters } from './write-unit.js';
import { appendAuditEntries, auditHeadOf, type AuditInput } from '../db/repositories/audit-log.js';
import type { AuditNote } from '../db/repositories/audit-notes.js';
import { performanceSnapshots, statesBetween } from '../db/repositories/audit-snapshots.js';
import {
  claimIdempotencyKey,
  releaseIdempotencyKeys,
  storeIdempotentAnswer,
  type StoredAnswer,
} from '../db/repositories/idempotency-keys.js';
import { findPerformanceResults, type PerformanceResultRecord } from '../db/repositories/performances.read.js';
import {
  writeEntryBatch,
  type BatchedOutcome,
  type CaptionEntryInput,
  type EntryWriter,
} from '../db/repositories/scores.write.js';
import type { CaptionEntry } from '../db/repositories/score-entries.read.js';

/** The audit trail's action of a caption entry written (declared once for both score writes). */
export const ENTER_SCORES_ACTION = 'performance.enter-scores';

/** At most this many writes a transaction: a batch's statements stay short, and so does its answers' wait. */
const BATCH_MAX = 64;

/** One write request's caption entry, as its route hands it over. */
export interface EntryRequest {
  auth: AuthContext;
  input: CaptionEntryInput;
  /** the writer, but for its name, which the batch's first statement reads */
  writer: Omit<EntryWriter, 'actor'>;
  idempotency?: { key: string; requestHash: string };
  /** what else the request writes in the same transaction once its entry is written (the commentary marks) */
  alongside?: (tx: Tx) => Promise<void>;
  /** the request's answer from its entry as written and its performance's result after the batch */
  present: (written: { entry: CaptionEntry; result: PerformanceResultRecord }) => object;
}

/** What the request answers: its 200, the first answer of its Idempotency-Key, or its refusal to throw. */
export type EntryAnswer = { body: object } | { replay: StoredAnswer } | { refused: unknown };

export interface EntryBatches {
  enter(request: EntryRequest): Promise<EntryAnswer>;
  /** how many of the organization's writes wait for its next batch (tests see a batch form) */
  waiting(orgId: number): number;
}

interface Pending {
  request: EntryRequest;
  settle: (answer: EntryAnswer) => void;
  fail: (error: unknown) => void;
  /** the write request's end, for the commentary appends that wait for the writes (writes-first.ts) */
  done: () => void;
}

export function entryBatches(services: { database: Database; cache: ResponseCache; writesFirst: WritesFirst }) {
  const queues = new Map<number, Pending[]>();
  const running = new Set<number>();

  async function drain(orgId: number) {
    running.add(orgId);
    try {
      for (let queue = queues.get(orgId); queue && queue.length > 0; queue = queues.get(orgId)) {
        const batch = takeBatch(queue);
        if (queue.length === 0) queues.delete(orgId);
        await writeBatch(orgId, batch);
      }
    } finally {
      running.delete(orgId);
    }
  }

  async function writeBatch(orgId: number, batch: Pending[]) {
    let answers: EntryAnswer[];
    try {
      answers = await services.database.transaction((tx) => writeTogether(tx, orgId, batch));
    } catch (error) {
      if (batch.length === 1) {
        finish(orgId, batch, undefined, error);
        return;
      }
      // one of them is at fault, or the database: each alone, so that only the one at fault fails
      for (const pending of batch) await writeBatch(orgId, [pending]);
      return;
    }
    finish(orgId, batch, answers);
  }

  function finish(orgId: number, batch: Pending[], answers?: EntryAnswer[], error?: unknown) {
    services.cache.invalidate(orgId);
    for (const [index, pending] of batch.entries()) {
      pending.done();
      if (answers) pending.settle(answers[index]);
      else pending.fail(error);
    }
  }

  return {
    enter(request: EntryRequest): Promise<EntryAnswer> {
      const orgId = request.auth.orgId;
      return new Promise<EntryAnswer>((settle, fail) => {
        const done = services.writesFirst.begin();
        let queue = queues.get(orgId);
        if (!queue) queues.set(orgId, (queue = []));
        queue.push({ request, settle, fail, done });
        // the batch before ends by taking this one; with none under way, it goes now, alone or with what came at once
        if (!running.has(orgId)) {
          running.add(orgId);
          setImmediate(() => void drain(orgId));
        }
      });
    },
    waiting: (orgId) => queues.get(orgId)?.length ?? 0,
  } satisfies EntryBatches;
}

/**
 * The next batch, taken from the queue in arrival order: at most BATCH_MAX, and never two writes of the same
 * performance and caption or of the same Idempotency-Key (a retry sent while the first is queued), which wait for
 * the next batch, so that each is written after the one before it as it would be alone.
 */
export function takeBatch<T extends { request: Pick<EntryRequest, 'input' | 'idempotency'> }>(queue: T[]): T[] {
  const batch: T[] = [];
  const pairs = new Set<string>();
  const keys = new Set<string>();
  for (let index = 0; index < queue.length && batch.length < BATCH_MAX;) {
    const { input, idempotency } = queue[index].request;
    const pair = `${input.performanceId}\u0000${input.captionKey}`;
    if (pairs.has(pair) || (idempotency && keys.has(idempotency.key))) {
      index++;
      continue;
    }
    pairs.add(pair);
    if (idempotency) keys.add(idempotency.key);
    batch.push(...queue.splice(index, 1));
  }
  return batch;
}

async function writeTogether(tx: Tx, orgId: number, batch: readonly Pending[]): Promise<EntryAnswer[]> {
  const requests = batch.map((pending) => pending.request);
  const actors = await lockForWriters(
    tx,
    orgId,
    requests.map((request) => request.auth),
  );
  const answers = new Array<EntryAnswer | undefined>(requests.length);
  // a key already answered replays that answer and writes nothing
  for (const [index, { idempotency }] of requests.entries()) {
    if (!idempotency) continue;
    const claim = await claimIdempotencyKey(tx, { orgId, ...idempotency });
    if (!claim.claimed) answers[index] = { replay: claim.stored };
  }
  const writing = requests.flatMap((request, index) => (answers[index] ? [] : [{ request, index }]));
  const ids = [...new Set(writing.map(({ request }) => request.input.performanceId))];
  const before = await performanceSnapshots(tx, orgId, ids);
  const notes = writing.map((): AuditNote[] => []);
  const outcomes = await writeEntryBatch(
    tx,
    orgId,
    writing.map(({ request, index }, at) => ({
      input: request.input,
      writer: { ...request.writer, actor: actors[index] },
      notes: notes[at],
    })),
  );
  for (const [at, { request }] of writing.entries()) {
    if (request.alongside && !('refused' in outcomes[at])) await request.alongside(tx);
  }

  // each changed write's audit entry, with its performance before and after it alone, then its notes: in the order
  // the writes were planned, as they would have been appended one after the other
  const changedIds = [
    ...new Set(writing.flatMap(({ request }, at) => (changed(outcomes[at]) ? [request.input.performanceId] : []))),
  ];
  const after = await performanceSnapshots(tx, orgId, changedIds);
  const audits = writing.map((): AuditInput[] => []);
  for (const id of changedIds) {
    const writes = writing.flatMap((write, at) =>
      write.request.input.performanceId === id && changed(outcomes[at]) ? [{ ...write, at }] : [],
    );
    const first = before.get(id)?.state ?? null;
    const last = after.get(id);
    const states = statesBetween(
      first,
      last?.state ?? null,
      writes.map(({ request }) => request.input.captionKey),
    );
    for (const [k, { request, index, at }] of writes.entries()) {
      const reason = request.writer.reason;
      audits[at].push({
        actor: actors[index],
        action: ENTER_SCORES_ACTION,
        resource: { type: 'performance', id: String(id) },
        competitionId: last?.competitionId ?? before.get(id)?.competitionId,
        before: k === 0 ? first : states[k - 1],
        after: states[k],
        reason,
      });
      for (const note of notes[at]) audits[at].push({ actor: actors[index], ...note, reason });
    }
  }
  if (audits.some((list) => list.length > 0))
    await appendAuditEntries(tx, orgId, audits.flat(), await auditHeadOf(tx, orgId));
  // a refused write's key is let go with it, as a write unit's rollback would, so that its retry is written
  const refusedKeys = writing.flatMap(({ request }, at) =>
    'refused' in outcomes[at] && request.idempotency ? [request.idempotency.key] : [],
  );
  await releaseIdempotencyKeys(tx, orgId, refusedKeys);

  const results = await findPerformanceResults(tx, orgId, ids);
  for (const [at, { request, index }] of writing.entries()) {
    const outcome = outcomes[at];
    if ('refused' in outcome) {
      answers[index] = outcome;
      continue;
    }
    const result = results.get(request.input.performanceId);
    if (!result) throw new Error(`performance ${request.input.performanceId} was written but cannot be read`);
    answers[index] = { body: request.present({ entry: outcome.entry, result }) };
  }
  for (const [index, request] of requests.entries()) {
    const answer = answers[index];
    if (!request.idempotency || !answer || !('body' in answer)) continue;
    await storeIdempotentAnswer(tx, { orgId, key: request.idempotency.key, status: 200, body: answer.body });
  }
  return answers.map((answer) => answer!);
}

const changed = (outcome: BatchedOutcome) => !('refused' in outcome) && outcome.changed;

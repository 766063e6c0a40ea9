import { and, eq, inArray, sql } from 'drizzle-orm';
import type { EntryState } from '../../../../domain/score-entries.js';
import type { DbOrTx, Tx } from '../database.js';
import { performances, roundSheets, type AuditActor } from '../schema.js';
import type { ScoreSheet } from '../../tabulation/types.js';
import { lineName, validateScores } from '../../tabulation/validate.js';
import { NotFoundError, RuleViolation } from './errors.js';
import { retabulate } from './retabulate.js';
import { captionBefore } from './section-changes.js';
import { noteNumbersChange, sameNumbers } from './sections.write.js';
import { sectionStates } from './sections.read.js';
import { collectAuditNotes, type AuditNote } from './audit-notes.js';
import { roundSheetOf } from './rounds.write.js';
import { currentEntries, emptyEntry, isoText, type CaptionEntry, type ScoreLine } from './score-entries.read.js';
import { rowsOf } from '../migrate.js';
import { byLine, linesWritten, replaceLines, sameLines } from './score-lines.js';
import { orgWrite, requireOwned } from './support.js';

export interface CaptionScoresInput {
  performanceId: number;
  captionKey: string;
  /** the judge's numbers for the caption's lines; replaces whatever the caption held */
  scores: ScoreLine[];
  /** why: required once the division and round is released (a correction, decision 083) */
  reason?: string | null;
}

/**
 * The operator's way in (fixtures, the sample, tests): replaces a caption's numbers as given and re-tabulates,
 * outside entry states and versions (an entry row, if any, is left as it is). Every API write goes through
 * writeCaptionEntries instead.
 */
export async function setSubcaptionScores(db: DbOrTx, orgId: number, input: CaptionScoresInput): Promise<void> {
  await orgWrite(db, orgId, async (tx) => {
    const performance = await requireOwned(tx, performances, 'performance', orgId, input.performanceId);
    const sheet = await roundSheetOf(tx, performance.roundId, performance.divisionId);
    if (!sheet) throw new RuleViolation('performanceId', 'the division has no score sheet in this round');
    const lines = input.scores.map((line) => ({ captionKey: input.captionKey, ...line }));
    const problems = validateScores(sheet, lines);
    if (problems.length > 0) {
      throw new RuleViolation(problems[0].field, problems.map((problem) => problem.message).join('; '));
    }
    const noteChange = await captionBefore(tx, orgId, performance, input.captionKey, input.reason);
    await replaceLines(tx, [{ performanceId: performance.id, captionKey: input.captionKey, scores: input.scores }]);
    await noteChange(input.scores);
    await retabulate(tx, performance.roundId, performance.divisionId);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Caption entries: states, versions and conflicts (docs/decisions/080-entry-states-and-conflicts.md)
// ---------------------------------------------------------------------------------------------------------------

/** One caption entry to write: a judge's sheet for one performance. */
export interface CaptionEntryInput {
  performanceId: number;
  captionKey: string;
  /** the caption's numbers, replacing what it held; absent: the entry's numbers stay (a change of state only) */
  scores?: ScoreLine[];
  /** a judge's entry is a draft unless it says submitted; anyone else's is submitted */
  state?: EntryState;
  /** the version the writer last saw (0: no entry yet); absent: no check */
  baseVersion?: number;
}

/** Who writes, and what that allows (the route decides it from the caller's permission). */
export interface EntryWriter {
  /**
   * 'any': any caption, submitted as written (tabulators, administrators, keys); 'seated': only the captions whose
   * seat names `userId`, a draft until submitted, never a submitted entry (judges)
   */
  scope: 'any' | 'seated';
  userId?: number;
  actor: AuditActor;
  /** the write's why (body `reason` or X-Audit-Reason) */
  reason: string | null;
  /** whether changing a submitted entry needs a reason: for users; keys keep the access they always had */
  reasonForCorrections: boolean;
}

/** Why a write of an entry was refused without a rule of the body being broken (the route answers 409 or 403). */
export class EntryRefused extends Error {
  constructor(
    readonly kind: 'score_conflict' | 'entry_submitted' | 'not_seated',
    /** which input: its index in the write */
    readonly index: number,
    readonly field: string,
    message: string,
    readonly current: CaptionEntry,
  ) {
    super(message);
    this.name = 'EntryRefused';
  }
}

/** Names an input's field for errors: `baseVersion` for one entry, `entries[3].baseVersion` in bulk. */
export type FieldNamer = (index: number, field: string) => string;

/** What a write of entries may be limited to (a bulk write names its competition). */
export interface EntryWriteScope {
  competitionId?: number;
}

/** One division and round touched by a write. */
export interface TouchedSection {
  roundId: number;
  divisionId: number;
}

/**
 * Writes caption entries, all or none, in one organization write unit: every entry is checked (its performance,
 * the caption on its round's sheet, the writer's seat, its base version, its state, the reason a correction
 * needs, its numbers against the sheet) before anything is written; then the numbers and entry rows are written
 * in a few statements, and each division and round touched is tabulated once. Drafts do not count in the
 * tabulation (retabulate.ts). A write that would leave an entry as it is (the same numbers in the same state: a
 * tablet's second tap on Submit, a script sending its sheet again) is answered with the entry as it is and writes
 * nothing, whatever its base version: there is no change to lose or to record. Answers the entries as written, in
 * input order, whether each changed, and the sections touched.
 */
export async function writeCaptionEntries(
  db: DbOrTx,
  orgId: number,
  inputs: readonly CaptionEntryInput[],
  writer: EntryWriter,
  options: EntryWriteScope & { name: FieldNamer },
): Promise<WrittenEntries> {
  return orgWrite(db, orgId, async (tx) => {
    const plan = await planEntries(tx, orgId, inputs, writer, options);
    const writes = plan.filter((item): item is PlannedEntry => !('unchanged' in item));
    const applied = await applyEntries(tx, orgId, writes);
    const answers = new Map(writes.map((item, index) => [item, applied.entries[index]]));
    return {
      entries: plan.map((item) => ('unchanged' in item ? item.unchanged : answers.get(item)!)),
      changed: plan.map((item) => !('unchanged' in item)),
      sections: applied.sections,
    };
  });
}

/** One caller's caption entry, among the others a batch writes with it (http/entry-batches.ts). */
export interface BatchedEntry {
  input: CaptionEntryInput;
  writer: EntryWriter;
  /** where what the write did besides (a sign-off withdrawn) is noted, for its own audit entries */
  notes: AuditNote[];
}

/** A batched entry as written (or as it was, changing nothing), or why it was refused. */
export type BatchedOutcome = { entry: CaptionEntry; changed: boolean } | { refused: unknown };

/**
 * Several callers' caption entries written together in the caller's transaction, which already holds the
 * organization's lock (decision 145): each is planned and checked alone against what one read of them all found,
 * and a refused one (403, 404, 409, 422) refuses only itself, since nothing is written before every plan is made;
 * then the planned ones are written as a bulk write's are, each section touched tabulated once. No two may name the
 * same performance and caption (the batch keeps the second for the next one). What fails after the plans (a
 * correction of a released section without a reason, the database) fails them all: the caller writes each alone.
 */
export async function writeEntryBatch(
  tx: Tx,
  orgId: number,
  batch: readonly BatchedEntry[],
): Promise<BatchedOutcome[]> {
  const reads = await readForPlan(
    tx,
    orgId,
    batch.map((item) => item.input),
  );
  const plans = batch.map((item) => {
    try {
      return planEntry(reads, item.input, 0, item.writer, { name: (_, field) => field });
    } catch (error) {
      return { refused: error };
    }
  });
  const notes = new Map<PlannedEntry, AuditNote[]>();
  const writes: PlannedEntry[] = [];
  for (const [index, plan] of plans.entries()) {
    if ('refused' in plan || 'unchanged' in plan) continue;
    writes.push(plan);
    notes.set(plan, batch[index].notes);
  }
  const applied = await applyEntries(tx, orgId, writes, (entry) => notes.get(entry) ?? []);
  const written = new Map(writes.map((plan, index) => [plan, applied.entries[index]]));
  return plans.map((plan) => {
    if ('refused' in plan) return plan;
    if ('unchanged' in plan) return { entry: plan.unchanged, changed: false };
    return { entry: written.get(plan)!, changed: true };
  });
}

export interface WrittenEntries {
  /** in input order: as written, or as it was for an input that changed nothing */
  entries: CaptionEntry[];
  /** in input order: whether the input changed its entry (the audit trail records only those) */
  changed: boolean[];
  sections: TouchedSection[];
}

interface PlannedEntry {
  performanceId: number;
  captionKey: string;
  roundId: number;
  divisionId: number;
  /** its division and round's sheet, as the plan read it (the tabulation after the write needs it again) */
  sheet: ScoreSheet;
  /** null: keep the stored numbers */
  scores: ScoreLine[] | null;
  state: EntryState;
  version: number;
  /** the numbers that counted before the write (none while a draft), for review's change notes */
  countedBefore: ScoreLine[];
  /** the numbers stored before the write (kept when `scores` is null) */
  storedScores: ScoreLine[];
  /** who writes it (the entry row's `actor`), and why (a correction's reason) */
  actor: AuditActor;
  reason: string | null;
}

async function planEntries(
  tx: Tx,
  orgId: number,
  inputs: readonly CaptionEntryInput[],
  writer: EntryWriter,
  { competitionId, name }: EntryWriteScope & { name: FieldNamer },
): Promise<(PlannedEntry | { unchanged: CaptionEntry })[]> {
  const reads = await readForPlan(tx, orgId, inputs);
  const seen = new Set<string>();
  return inputs.map((input, index) => {
    const pair = `${input.performanceId}\u0000${input.captionKey}`;
    if (seen.has(pair)) {
      throw new RuleViolation(
        name(index, 'captionKey'),
        `caption "${input.captionKey}" of performance ${input.performanceId} is entered twice in this request`,
      );
    }
    seen.add(pair);
    return planEntry(reads, input, index, writer, { competitionId, name });
  });
}

/** A performance as a plan reads it: its section, its competition, its sheet and the seats of its section. */
interface PlanPerformance {
  roundId: number;
  divisionId: number;
  competitionId: number;
  sheet: ScoreSheet | null;
  /** the section's seats that name a user: [userId, captionKey] */
  seats: [number, string][];
}

/** What the plans of a write's entries read, once for all of them. */
interface PlanReads {
  found: Map<number, PlanPerformance>;
  current: Map<string, CaptionEntry>;
}

/**
 * Each performance with its section's sheet and seats in one query, and the entries as stored in another: a
 * tablet's every write starts here, and a batch of several judges' writes reads them once for all.
 */
async function readForPlan(tx: Tx, orgId: number, inputs: readonly CaptionEntryInput[]): Promise<PlanReads> {
  const ids = [...new Set(inputs.map((input) => input.performanceId))];
  const rows = await tx
    .select({
      id: performances.id,
      roundId: performances.roundId,
      divisionId: performances.divisionId,
      competitionId: sql<number>`(SELECT r.competition_id FROM rounds r WHERE r.id = ${performances.roundId})`,
      sheet: roundSheets.definition,
      seats: sql<[number, string][] | null>`(SELECT json_agg(json_build_array(pj.user_id, pj.caption_key))
        FROM panel_judges pj WHERE pj.org_id = ${orgId} AND pj.user_id IS NOT NULL
          AND pj.round_id = ${performances.roundId} AND pj.division_id = ${performances.divisionId})`,
    })
    .from(performances)
    .leftJoin(
      roundSheets,
      and(eq(roundSheets.roundId, performances.roundId), eq(roundSheets.divisionId, performances.divisionId)),
    )
    .where(and(eq(performances.orgId, orgId), inArray(performances.id, ids)));
  const found = new Map(
    rows.map((row) => [
      row.id,
      {
        roundId: row.roundId,
        divisionId: row.divisionId,
        competitionId: Number(row.competitionId),
        sheet: row.sheet,
        seats: row.seats ?? [],
      },
    ]),
  );
  return { found, current: await currentEntries(tx, inputs) };
}

/**
 * One entry's plan, against what was read: every check of the input (its performance, the caption on its round's
 * sheet, the writer's seat, its base version, its state, the reason a correction needs, its numbers against the
 * sheet), throwing the first refusal; or that it changes nothing.
 */
function planEntry(
  { found, current }: PlanReads,
  input: CaptionEntryInput,
  index: number,
  writer: EntryWriter,
  { competitionId, name }: EntryWriteScope & { name: FieldNamer },
): PlannedEntry | { unchanged: CaptionEntry } {
  const performance = found.get(input.performanceId);
  if (!performance) {
    // one performance in the path is a missing resource; one named in a bulk body is a reference (422)
    if (competitionId === undefined) throw new NotFoundError('performance', input.performanceId);
    throw new RuleViolation(name(index, 'performanceId'), `no performance ${input.performanceId} in this organization`);
  }
  if (competitionId !== undefined && performance.competitionId !== competitionId) {
    throw new RuleViolation(
      name(index, 'performanceId'),
      `performance ${input.performanceId} is not in competition ${competitionId}`,
    );
  }
  const pair = `${input.performanceId}\u0000${input.captionKey}`;
  const sheet = performance.sheet;
  if (!sheet) throw new RuleViolation(name(index, 'performanceId'), 'the division has no score sheet in this round');
  const caption = sheet.categories.flatMap((category) => category.captions).find((c) => c.key === input.captionKey);
  if (!caption) {
    throw new RuleViolation(
      name(index, 'captionKey'),
      `unknown caption "${input.captionKey}" on sheet "${sheet.name}"`,
    );
  }
  const stored = current.get(pair) ?? emptyEntry(input.performanceId, input.captionKey);

  if (
    writer.scope === 'seated' &&
    !performance.seats.some(([userId, captionKey]) => userId === writer.userId && captionKey === caption.key)
  ) {
    throw new EntryRefused(
      'not_seated',
      index,
      name(index, 'captionKey'),
      `You are not seated on caption "${caption.key}" of performance ${input.performanceId}'s division and round: entering it needs the permission "enter-scores"`,
      stored,
    );
  }
  if (writer.scope === 'any' && input.state === 'draft') {
    throw new RuleViolation(
      name(index, 'state'),
      "only a judge's entry is a draft: a tabulator's, an administrator's or a key's is submitted as written",
    );
  }
  const state: EntryState = writer.scope === 'any' ? 'submitted' : (input.state ?? 'draft');
  // the same numbers in the same state (nothing entered yet never is): nothing to write, lose or record
  if (stored.state === state && (input.scores === undefined || sameLines(input.scores, stored.scores))) {
    return { unchanged: stored };
  }
  if (input.baseVersion !== undefined && input.baseVersion !== stored.version) {
    throw new EntryRefused(
      'score_conflict',
      index,
      name(index, 'baseVersion'),
      `Caption "${caption.key}" of performance ${input.performanceId} is at version ${stored.version}, not ${input.baseVersion}: it changed since it was read`,
      stored,
    );
  }
  if (writer.scope === 'seated' && stored.state === 'submitted') {
    throw new EntryRefused(
      'entry_submitted',
      index,
      name(index, 'state'),
      `Caption "${caption.key}" of performance ${input.performanceId} is submitted: only a tabulator or an administrator can change it now`,
      stored,
    );
  }
  if (writer.scope === 'any' && stored.state === 'submitted' && writer.reasonForCorrections && !writer.reason) {
    throw new RuleViolation(
      'reason',
      `caption "${caption.key}" of performance ${input.performanceId} is submitted: a correction needs a reason`,
    );
  }
  if (input.scores === undefined && stored.state === null) {
    throw new RuleViolation(name(index, 'scores'), 'the first entry of a caption needs its scores');
  }
  const lines = (input.scores ?? stored.scores).map((line) => ({ captionKey: caption.key, ...line }));
  const problems = validateScores(sheet, lines);
  // a judge submits a whole caption sheet; a tabulator may enter part of one, as before
  if (problems.length === 0 && writer.scope === 'seated' && state === 'submitted') {
    const missing = caption.subcaptions.filter((line) => !lines.some((l) => l.subcaptionKey === line.key));
    for (const line of missing)
      problems.push({
        field: 'scores',
        message: `${lineName(caption, line)} has no score: a submitted sheet is whole`,
      });
  }
  if (problems.length > 0) {
    const field = problems[0].field.startsWith('scores') ? problems[0].field : 'scores';
    throw new RuleViolation(name(index, field), problems.map((problem) => problem.message).join('; '));
  }
  return {
    performanceId: input.performanceId,
    captionKey: caption.key,
    roundId: performance.roundId,
    divisionId: performance.divisionId,
    sheet,
    scores: input.scores ?? null,
    state,
    version: stored.version + 1,
    countedBefore: stored.state === 'draft' ? [] : stored.scores,
    storedScores: stored.scores,
    actor: writer.actor,
    reason: writer.reason,
  };
}

async function applyEntries(
  tx: Tx,
  orgId: number,
  planned: readonly PlannedEntry[],
  notesOf?: (entry: PlannedEntry) => AuditNote[],
): Promise<{ entries: CaptionEntry[]; sections: TouchedSection[] }> {
  if (planned.length === 0) return { entries: [], sections: [] };
  // The numbers and the entry rows in one statement; the rows as written come back from it (RETURNING), not from
  // reading the entries again: its numbers are the ones just written, or kept.
  const entryRows = planned.map((entry) => ({
    performance_id: entry.performanceId,
    caption_key: entry.captionKey,
    state: entry.state,
    version: entry.version,
    actor: entry.actor,
  }));
  const newLines = planned.flatMap((entry) => (entry.scores === null ? [] : [{ ...entry, scores: entry.scores }]));
  const result = await tx.execute(sql`
    WITH ${linesWritten(newLines)}
    INSERT INTO score_entries (performance_id, caption_key, org_id, state, version, actor)
    SELECT v.performance_id, v.caption_key, ${orgId}, v.state, v.version, v.actor
    FROM jsonb_to_recordset(${JSON.stringify(entryRows)}::jsonb)
      AS v(performance_id integer, caption_key text, state text, version integer, actor jsonb)
    ON CONFLICT (performance_id, caption_key) DO UPDATE SET state = excluded.state, version = excluded.version,
      actor = excluded.actor, updated_at = excluded.updated_at
    RETURNING performance_id, caption_key, state, version, actor, ${isoText(sql`updated_at`)} AS at`);
  const rows = rowsOf<WrittenEntryRow>(result).map((row) => ({
    performanceId: row.performance_id,
    captionKey: row.caption_key,
    state: row.state,
    version: row.version,
    actor: row.actor,
    at: row.at,
  }));
  const written = new Map(rows.map((row) => [`${row.performanceId}\u0000${row.captionKey}`, row]));
  const entryOf = (entry: PlannedEntry): CaptionEntry => {
    const row = written.get(`${entry.performanceId}\u0000${entry.captionKey}`);
    if (!row) return emptyEntry(entry.performanceId, entry.captionKey);
    return {
      performanceId: row.performanceId,
      captionKey: row.captionKey,
      scores: byLine(entry.scores ?? entry.storedScores),
      state: row.state,
      version: row.version,
      by: row.actor,
      at: row.at,
    };
  };
  // What counts changed (a draft counts for nothing): review withdraws the section's sign-off and, once it is
  // released, records the correction or refuses it without a reason (decisions 082, 083).
  const sections = new Map<string, TouchedSection & { sheet: ScoreSheet }>();
  const recount = new Set<string>();
  const changes = planned.map((entry) => {
    const after = entryOf(entry);
    const counted = after.state === 'draft' ? [] : byLine(after.scores);
    return {
      performanceId: entry.performanceId,
      roundId: entry.roundId,
      divisionId: entry.divisionId,
      captionKey: entry.captionKey,
      before: { scores: byLine(entry.countedBefore) },
      after: { scores: counted },
      reason: entry.reason,
    };
  });
  // the review states of the sections whose counted numbers change, read once for all their entries (none for drafts)
  const states = await sectionStates(
    tx,
    orgId,
    changes.filter((change) => !sameNumbers(change.before, change.after)),
  );
  for (const [index, entry] of planned.entries()) {
    const change = changes[index];
    // a batch's entries each note what they did besides (a sign-off withdrawn) for their own audit entries
    if (notesOf) await collectAuditNotes(notesOf(entry), () => noteNumbersChange(tx, orgId, change, states));
    else await noteNumbersChange(tx, orgId, change, states);
    const section = `${entry.roundId}:${entry.divisionId}`;
    sections.set(section, { roundId: entry.roundId, divisionId: entry.divisionId, sheet: entry.sheet });
    if (JSON.stringify(change.before.scores) !== JSON.stringify(change.after.scores)) recount.add(section);
  }
  // One tabulation per division and round, however many of its entries were written; none where nothing that
  // counts changed (a judge's draft over nothing or over a draft): half of a tablet's writes on show day.
  for (const [key, section] of sections)
    if (recount.has(key)) await retabulate(tx, section.roundId, section.divisionId, section.sheet);
  return {
    entries: planned.map(entryOf),
    sections: [...sections.values()].map(({ roundId, divisionId }) => ({ roundId, divisionId })),
  };
}

interface WrittenEntryRow {
  performance_id: number;
  caption_key: string;
  state: EntryState;
  version: number;
  actor: AuditActor;
  at: string;
}

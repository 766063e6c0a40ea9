/**
 * A division and round ("section") as the people who run a show review it: whether it is released, its sign-off,
 * and its corrections after release (docs/decisions/082-release-gating-and-sign-off.md, 083-errata.md).
 *
 * A section is released when its own row says so, else when its round is: `section_reviews.released` is null
 * unless the section was released or withdrawn on its own, so everything that released whole rounds (earlier
 * releases, the importer, the sample) keeps its meaning without a row per section.
 */
import { and, asc, eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../database.js';
import {
  divisions,
  groups,
  panelJudges,
  performances,
  rounds,
  roundSheets,
  scoreCorrections,
  scoreEntries,
  sectionReviews,
  subcaptionScores,
  type AuditActor,
  type CorrectedNumbers,
} from '../schema.js';
import type { ScoreSheet } from '../../tabulation/types.js';
import { fromThousandths } from './support.js';

/**
 * Whether the section of (roundId, divisionId) is released, as SQL, for reads that join `rounds` (the round's own
 * flag is the fallback). Every read that shows numbers to people outside the show filters on this.
 */
export function sectionReleasedSql(roundId: AnyPgColumn, divisionId: AnyPgColumn): SQL<boolean> {
  return sql<boolean>`coalesce((SELECT sr.released FROM section_reviews sr WHERE sr.round_id = ${qualified(roundId)} AND sr.division_id = ${qualified(divisionId)}), ${qualified(rounds.scoresReleased)})`;
}

/**
 * A column with its table's name, always: drizzle leaves a selected field's columns unqualified when the query has
 * one table, and inside these subqueries an unqualified "round_id" would be the subquery's own.
 */
export function qualified(column: AnyPgColumn): SQL {
  return sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
}

/**
 * A round's `scoresReleased` as clients read it (v4 rounds, v2's recap flags): some division of it is released;
 * a round without performances keeps its own flag.
 */
export const roundReleasedSql = sql<boolean>`CASE WHEN EXISTS (SELECT 1 FROM performances p WHERE p.round_id = "rounds"."id")
  THEN EXISTS (SELECT 1 FROM performances p LEFT JOIN section_reviews sr ON sr.round_id = p.round_id AND sr.division_id = p.division_id
    WHERE p.round_id = "rounds"."id" AND coalesce(sr.released, "rounds"."scores_released"))
  ELSE "rounds"."scores_released" END`;

export interface SignOff {
  by: AuditActor;
  at: Date;
}

export interface SectionState {
  released: boolean;
  signOff: SignOff | null;
}

export const sectionKey = (roundId: number, divisionId: number) => `${roundId}:${divisionId}`;

/**
 * The release and sign-off of every section of these rounds that has performances, by sectionKey. The caller
 * names the sections (round id and division id pairs it found performances for).
 */
export async function sectionStates(
  db: DbOrTx,
  orgId: number,
  sections: readonly { roundId: number; divisionId: number }[],
): Promise<Map<string, SectionState>> {
  const states = new Map<string, SectionState>();
  const roundIds = [...new Set(sections.map((section) => section.roundId))];
  if (roundIds.length === 0) return states;
  // each round with its sections' own reviews, in one query (a score write asks it)
  const rows = await db
    .select({ roundId: rounds.id, roundReleased: rounds.scoresReleased, review: sectionReviews })
    .from(rounds)
    .leftJoin(sectionReviews, and(eq(sectionReviews.roundId, rounds.id), eq(sectionReviews.orgId, orgId)))
    .where(and(eq(rounds.orgId, orgId), inArray(rounds.id, roundIds)));
  const roundReleased = new Map(rows.map((row) => [row.roundId, row.roundReleased]));
  const reviews = new Map(
    rows.flatMap((row) => (row.review ? [[sectionKey(row.roundId, row.review.divisionId), row.review] as const] : [])),
  );
  for (const { roundId, divisionId } of sections) {
    const key = sectionKey(roundId, divisionId);
    const review = reviews.get(key);
    states.set(key, {
      released: review?.released ?? roundReleased.get(roundId) ?? false,
      signOff: review?.signedOffAt && review.signedOffBy ? { by: review.signedOffBy, at: review.signedOffAt } : null,
    });
  }
  return states;
}

export interface Correction {
  at: Date;
  reason: string;
  performanceId: number;
  captionKey: string | null;
  before: CorrectedNumbers;
  after: CorrectedNumbers;
}

/** Each section's corrections after release, oldest first, by sectionKey. */
export async function sectionCorrections(
  db: DbOrTx,
  orgId: number,
  roundIds: readonly number[],
): Promise<Map<string, Correction[]>> {
  const corrections = new Map<string, Correction[]>();
  if (roundIds.length === 0) return corrections;
  const rows = await db
    .select()
    .from(scoreCorrections)
    .where(and(eq(scoreCorrections.orgId, orgId), inArray(scoreCorrections.roundId, [...roundIds])))
    .orderBy(asc(scoreCorrections.id));
  for (const row of rows) {
    const key = sectionKey(row.roundId, row.divisionId);
    let list = corrections.get(key);
    if (!list) corrections.set(key, (list = []));
    list.push({
      at: row.at,
      reason: row.reason,
      performanceId: row.performanceId,
      captionKey: row.captionKey,
      before: row.before,
      after: row.after,
    });
  }
  return corrections;
}

/** One performance of a section as review sees it: whether it performed, its penalty, its entered captions. */
export interface ReviewPerformance {
  id: number;
  group: string;
  performed: boolean;
  /** points subtracted */
  penalty: number;
  /** the captions with a number on every line of the sheet's caption (a judge's draft included) */
  entered: Set<string>;
  /** of those, the ones that count: submitted, or entered before entry states were kept (no entry row; decision 080) */
  submitted: Set<string>;
}

/** A division and round with what its review needs: sheet, judges, performances and entries, release, sign-off. */
export interface ReviewSection {
  roundId: number;
  round: { number: number; name: string };
  division: { id: number; name: string };
  sheet: ScoreSheet | null;
  /** by caption key; `userId` the judge user who enters it (null for a seat known by its printed name only) */
  judges: Map<string, { firstName: string; lastName: string; userId: number | null }>;
  performances: ReviewPerformance[];
  released: boolean;
  signOff: SignOff | null;
}

/**
 * The sections of a competition (optionally one round and/or one division), in round then division order, with
 * every performance's entered captions. Only sections that have performances exist.
 */
export async function reviewSections(
  db: DbOrTx,
  orgId: number,
  competitionId: number,
  filter: { roundNumber?: number; divisionId?: number } = {},
): Promise<ReviewSection[]> {
  const roundConditions = [eq(rounds.orgId, orgId), eq(rounds.competitionId, competitionId)];
  if (filter.roundNumber !== undefined) roundConditions.push(eq(rounds.number, filter.roundNumber));
  const roundRows = await db
    .select({ id: rounds.id, number: rounds.number, name: rounds.name })
    .from(rounds)
    .where(and(...roundConditions));
  if (roundRows.length === 0) return [];
  const roundIds = roundRows.map((row) => row.id);
  const performanceConditions = [eq(performances.orgId, orgId), inArray(performances.roundId, roundIds)];
  if (filter.divisionId !== undefined) performanceConditions.push(eq(performances.divisionId, filter.divisionId));
  const [performanceRows, lineRows, sheetRows, judgeRows] = await Promise.all([
    db
      .select({
        id: performances.id,
        roundId: performances.roundId,
        divisionId: performances.divisionId,
        divisionName: divisions.name,
        sortOrder: divisions.sortOrder,
        group: groups.name,
        performed: performances.performed,
        penaltyThousandths: performances.penaltyThousandths,
      })
      .from(performances)
      .innerJoin(divisions, eq(divisions.id, performances.divisionId))
      .innerJoin(groups, eq(groups.id, performances.groupId))
      .where(and(...performanceConditions))
      .orderBy(asc(performances.performanceOrder), asc(performances.id)),
    db
      .select({
        performanceId: subcaptionScores.performanceId,
        captionKey: subcaptionScores.captionKey,
        lines: sql<number>`count(*)::int`,
        draft: sql<boolean>`bool_or(${scoreEntries.state} = 'draft')`,
      })
      .from(subcaptionScores)
      .innerJoin(performances, eq(performances.id, subcaptionScores.performanceId))
      .leftJoin(
        scoreEntries,
        and(
          eq(scoreEntries.performanceId, subcaptionScores.performanceId),
          eq(scoreEntries.captionKey, subcaptionScores.captionKey),
        ),
      )
      .where(and(...performanceConditions))
      .groupBy(subcaptionScores.performanceId, subcaptionScores.captionKey),
    db.select().from(roundSheets).where(inArray(roundSheets.roundId, roundIds)),
    db.select().from(panelJudges).where(inArray(panelJudges.roundId, roundIds)),
  ]);
  const states = await sectionStates(
    db,
    orgId,
    performanceRows.map((row) => ({ roundId: row.roundId, divisionId: row.divisionId })),
  );
  const linesOf = new Map<number, Map<string, { lines: number; draft: boolean }>>();
  for (const row of lineRows) {
    let captions = linesOf.get(row.performanceId);
    if (!captions) linesOf.set(row.performanceId, (captions = new Map<string, { lines: number; draft: boolean }>()));
    captions.set(row.captionKey, { lines: Number(row.lines), draft: row.draft === true });
  }
  const roundById = new Map(roundRows.map((row) => [row.id, row]));
  const sections = new Map<string, ReviewSection & { sortOrder: number }>();
  for (const row of performanceRows) {
    const key = sectionKey(row.roundId, row.divisionId);
    let section = sections.get(key);
    if (!section) {
      const round = roundById.get(row.roundId)!;
      const state = states.get(key);
      section = {
        roundId: row.roundId,
        round: { number: round.number, name: round.name },
        division: { id: row.divisionId, name: row.divisionName },
        sortOrder: row.sortOrder,
        sheet:
          sheetRows.find((sheet) => sheet.roundId === row.roundId && sheet.divisionId === row.divisionId)?.definition ??
          null,
        judges: new Map(
          judgeRows
            .filter((judge) => judge.roundId === row.roundId && judge.divisionId === row.divisionId)
            .map((judge) => [
              judge.captionKey,
              { firstName: judge.firstName, lastName: judge.lastName, userId: judge.userId },
            ]),
        ),
        performances: [],
        released: state?.released ?? false,
        signOff: state?.signOff ?? null,
      };
      sections.set(key, section);
    }
    const captionLines = linesOf.get(row.id) ?? new Map<string, { lines: number; draft: boolean }>();
    const entered = new Set<string>();
    const submitted = new Set<string>();
    for (const caption of section.sheet?.categories.flatMap((category) => category.captions) ?? []) {
      const lines = captionLines.get(caption.key);
      if (!lines || lines.lines < caption.subcaptions.length) continue;
      entered.add(caption.key);
      if (!lines.draft) submitted.add(caption.key);
    }
    section.performances.push({
      id: row.id,
      group: row.group,
      performed: row.performed,
      penalty: fromThousandths(row.penaltyThousandths),
      entered,
      submitted,
    });
  }
  return [...sections.values()]
    .sort(
      (a, b) =>
        a.round.number - b.round.number || a.sortOrder - b.sortOrder || a.division.name.localeCompare(b.division.name),
    )
    .map(({ sortOrder: _sortOrder, ...section }) => section);
}

/** A caption of a section's sheet that some performed performances lack. */
export interface MissingCaption {
  captionKey: string;
  captionName: string;
  judge: { firstName: string; lastName: string } | null;
  performances: { id: number; group: string }[];
}

/**
 * Whether a performance has a caption in: a number on every line of the sheet's caption, submitted (a judge's draft
 * does not count, decision 080). What release checks and progress counts as submitted.
 */
export function captionIsIn(performance: ReviewPerformance, captionKey: string): boolean {
  return performance.submitted.has(captionKey);
}

/**
 * Each caption of the section's sheet (each judge of a doubled panel is a caption of its own) that a performance
 * which performed lacks, with those performances. Empty when every performed performance has every caption. A group
 * that did not perform needs no scores.
 */
export function missingCaptions(section: ReviewSection): MissingCaption[] {
  const missing: MissingCaption[] = [];
  for (const caption of section.sheet?.categories.flatMap((category) => category.captions) ?? []) {
    const lacking = section.performances.filter(
      (performance) => performance.performed && !captionIsIn(performance, caption.key),
    );
    if (lacking.length === 0) continue;
    const judge = section.judges.get(caption.key);
    missing.push({
      captionKey: caption.key,
      captionName: caption.name,
      // The printed name only: a release's refusal names who to ask, not their account.
      judge: judge ? { firstName: judge.firstName, lastName: judge.lastName } : null,
      performances: lacking.map((performance) => ({ id: performance.id, group: performance.group })),
    });
  }
  return missing;
}

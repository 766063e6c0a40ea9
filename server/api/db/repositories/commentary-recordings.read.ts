/**
 * Reads of the judges' commentary: a recording with where it is filed and whether it may be heard, a performance's
 * recordings (its history), and a competition's performances and captions with their commentary for the people who
 * check and release it (docs/decisions/128-commentary-api.md).
 */
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { commentaryRecordings, divisions, groups, panelJudges, performances, rounds, roundSheets } from '../schema.js';
import { commentaryReleasedSql } from './commentary-slots.read.js';
import type { Recording } from './commentary-recordings.write.js';

/** A recording and what decides who hears it. */
export interface RecordingInContext {
  recording: Recording;
  competitionId: number;
  round: { number: number; name: string };
  division: { id: number; name: string };
  group: { id: number; name: string };
  /** its division and round's commentary may be heard beyond the people running the show */
  released: boolean;
}

export async function recordingInContext(
  db: DbOrTx,
  orgId: number,
  id: number,
): Promise<RecordingInContext | undefined> {
  const [row] = await db
    .select({
      recording: commentaryRecordings,
      competitionId: rounds.competitionId,
      round: { number: rounds.number, name: rounds.name },
      division: { id: divisions.id, name: divisions.name },
      group: { id: groups.id, name: groups.name },
      released: commentaryReleasedSql(performances.roundId, performances.divisionId),
    })
    .from(commentaryRecordings)
    .innerJoin(performances, eq(performances.id, commentaryRecordings.performanceId))
    .innerJoin(rounds, eq(rounds.id, performances.roundId))
    .innerJoin(divisions, eq(divisions.id, performances.divisionId))
    .innerJoin(groups, eq(groups.id, performances.groupId))
    .where(and(eq(commentaryRecordings.id, id), eq(commentaryRecordings.orgId, orgId)));
  return row;
}

/** Every recording filed under a performance now or recorded there (moved away since), oldest first. */
export async function recordingsOfPerformance(db: DbOrTx, orgId: number, performanceId: number): Promise<Recording[]> {
  return db
    .select()
    .from(commentaryRecordings)
    .where(
      and(
        eq(commentaryRecordings.orgId, orgId),
        or(
          eq(commentaryRecordings.performanceId, performanceId),
          eq(commentaryRecordings.recordedPerformanceId, performanceId),
        ),
      ),
    )
    .orderBy(asc(commentaryRecordings.createdAt), asc(commentaryRecordings.id));
}

/** A performance of a competition with its section, for the commentary list. */
export interface ListedPerformance {
  id: number;
  order: number;
  performed: boolean;
  roundId: number;
  round: { number: number; name: string };
  division: { id: number; name: string };
  group: { id: number; name: string };
}

export interface CompetitionCommentary {
  performances: ListedPerformance[];
  /** each section's captions in sheet order, by `${roundId}:${divisionId}` */
  captions: Map<string, { key: string; name: string }[]>;
  /** who is seated on each caption, by `${roundId}:${divisionId}:${captionKey}` */
  judges: Map<string, { firstName: string; lastName: string; userId: number | null }[]>;
  recordings: Recording[];
}

/** A competition's performances (of one round and division when given), their captions, judges and recordings. */
export async function competitionCommentary(
  db: DbOrTx,
  orgId: number,
  competitionId: number,
  filter: { roundNumber?: number; divisionId?: number; performanceId?: number },
): Promise<CompetitionCommentary> {
  const listed = await db
    .select({
      id: performances.id,
      order: performances.performanceOrder,
      performed: performances.performed,
      roundId: performances.roundId,
      round: { number: rounds.number, name: rounds.name },
      division: { id: divisions.id, name: divisions.name },
      group: { id: groups.id, name: groups.name },
    })
    .from(performances)
    .innerJoin(rounds, eq(rounds.id, performances.roundId))
    .innerJoin(divisions, eq(divisions.id, performances.divisionId))
    .innerJoin(groups, eq(groups.id, performances.groupId))
    .where(
      and(
        eq(performances.orgId, orgId),
        eq(rounds.competitionId, competitionId),
        filter.roundNumber === undefined ? undefined : eq(rounds.number, filter.roundNumber),
        filter.divisionId === undefined ? undefined : eq(performances.divisionId, filter.divisionId),
        filter.performanceId === undefined ? undefined : eq(performances.id, filter.performanceId),
      ),
    )
    .orderBy(
      asc(rounds.number),
      asc(divisions.sortOrder),
      asc(divisions.id),
      asc(performances.performanceOrder),
      asc(performances.id),
    );
  const roundIds = [...new Set(listed.map((performance) => performance.roundId))];
  if (roundIds.length === 0) return { performances: [], captions: new Map(), judges: new Map(), recordings: [] };
  const [sheets, seats, recordings] = await Promise.all([
    db.select().from(roundSheets).where(inArray(roundSheets.roundId, roundIds)),
    db
      .select({
        roundId: panelJudges.roundId,
        divisionId: panelJudges.divisionId,
        captionKey: panelJudges.captionKey,
        firstName: panelJudges.firstName,
        lastName: panelJudges.lastName,
        userId: panelJudges.userId,
      })
      .from(panelJudges)
      .where(inArray(panelJudges.roundId, roundIds))
      .orderBy(asc(panelJudges.id)),
    db
      .select()
      .from(commentaryRecordings)
      .where(
        and(
          eq(commentaryRecordings.orgId, orgId),
          inArray(
            commentaryRecordings.performanceId,
            listed.map((performance) => performance.id),
          ),
        ),
      )
      .orderBy(asc(commentaryRecordings.createdAt), asc(commentaryRecordings.id)),
  ]);
  const captions = new Map(
    sheets.map((sheet) => [
      `${sheet.roundId}:${sheet.divisionId}`,
      sheet.definition.categories.flatMap((category) =>
        category.captions.map((caption) => ({ key: caption.key, name: caption.name })),
      ),
    ]),
  );
  const judges = new Map<string, { firstName: string; lastName: string; userId: number | null }[]>();
  for (const { roundId, divisionId, captionKey, ...judge } of seats) {
    const key = `${roundId}:${divisionId}:${captionKey}`;
    judges.set(key, [...(judges.get(key) ?? []), judge]);
  }
  return { performances: listed, captions, judges, recordings };
}

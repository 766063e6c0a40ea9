/** What a draw reads: a division and round's entries, the groups' previous scores, and the recorded draws. */
import { and, asc, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { competitions, divisions, draws, events, groups, performances, rounds } from '../schema.js';
import { sectionReleasedSql } from './sections.read.js';

/** A division's performances in one round, in ascending group id (the draw's input order). */
export async function sectionEntries(db: DbOrTx, orgId: number, roundId: number, divisionId: number) {
  return db
    .select({
      performanceId: performances.id,
      groupId: groups.id,
      name: groups.name,
      performsAt: performances.performsAt,
    })
    .from(performances)
    .innerJoin(groups, eq(groups.id, performances.groupId))
    .where(
      and(eq(performances.orgId, orgId), eq(performances.roundId, roundId), eq(performances.divisionId, divisionId)),
    )
    .orderBy(asc(groups.id));
}

export interface PreviousScore {
  score: number;
  competitionName: string;
}

/**
 * Each group's previous total: released and performed, from `competitionId` alone (its last round), or else the
 * latest of the season's shows before `before` (practice shows left out). Groups without one are absent.
 */
export async function previousScores(
  db: DbOrTx,
  orgId: number,
  groupIds: readonly number[],
  from: { competitionId: number } | { seasonId: number; before: Date; except: number },
): Promise<Map<number, PreviousScore>> {
  if (groupIds.length === 0) return new Map();
  const where =
    'competitionId' in from
      ? [eq(competitions.id, from.competitionId)]
      : [
          eq(events.seasonId, from.seasonId),
          lt(competitions.startsAt, from.before),
          ne(competitions.id, from.except),
          eq(events.practice, false),
        ];
  const rows = await db
    .select({
      groupId: performances.groupId,
      score: sql<number | null>`(${performances.result} -> 'total' ->> 'score')::numeric::float8`,
      competitionName: competitions.name,
    })
    .from(performances)
    .innerJoin(rounds, eq(rounds.id, performances.roundId))
    .innerJoin(competitions, eq(competitions.id, rounds.competitionId))
    .innerJoin(events, eq(events.id, competitions.eventId))
    .where(
      and(
        eq(performances.orgId, orgId),
        inArray(performances.groupId, [...groupIds]),
        eq(performances.performed, true),
        sectionReleasedSql(performances.roundId, performances.divisionId),
        ...where,
      ),
    )
    .orderBy(desc(competitions.startsAt), desc(competitions.id), desc(rounds.number));
  const latest = new Map<number, PreviousScore>();
  for (const row of rows)
    if (row.score !== null && !latest.has(row.groupId))
      latest.set(row.groupId, { score: row.score, competitionName: row.competitionName });
  return latest;
}

/** Every draw of a competition, oldest first, with its round and division. */
export async function competitionDraws(db: DbOrTx, orgId: number, competitionId: number) {
  return db
    .select({
      id: draws.id,
      guid: draws.guid,
      roundId: draws.roundId,
      roundNumber: rounds.number,
      roundName: rounds.name,
      divisionId: divisions.id,
      divisionName: divisions.name,
      record: draws.record,
      drawnBy: draws.drawnBy,
      drawnAt: draws.drawnAt,
    })
    .from(draws)
    .innerJoin(rounds, eq(rounds.id, draws.roundId))
    .innerJoin(divisions, eq(divisions.id, draws.divisionId))
    .where(and(eq(draws.orgId, orgId), eq(rounds.competitionId, competitionId)))
    .orderBy(asc(draws.id));
}

export type DrawRow = Awaited<ReturnType<typeof competitionDraws>>[number];

/** Whether a division and round's running order was drawn (and so changes only by a new draw). */
export async function isDrawn(db: DbOrTx, roundId: number, divisionId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(draws)
    .where(and(eq(draws.roundId, roundId), eq(draws.divisionId, divisionId)))
    .limit(1);
  return rows.length > 0;
}

/** A competition by its published guid, in whichever organization holds it (the CLI's `draw verify`). */
export async function competitionByGuid(db: DbOrTx, guid: string) {
  const [row] = await db
    .select({ id: competitions.id, orgId: competitions.orgId, name: competitions.name })
    .from(competitions)
    .where(eq(competitions.guid, guid));
  return row;
}

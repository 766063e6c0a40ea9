/** One performance as the write operations answer with it: its schedule entry, and its tabulated result. */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { divisions, groups, performances, rounds } from '../schema.js';
import { sectionReleasedSql } from './sections.read.js';

export type PerformanceRecord = Awaited<ReturnType<typeof findPerformance>> & {};

export async function findPerformance(db: DbOrTx, orgId: number, performanceId: number) {
  const [row] = await db
    .select({
      id: performances.id,
      competitionId: rounds.competitionId,
      round: { number: rounds.number, name: rounds.name },
      division: { id: divisions.id, name: divisions.name, initials: divisions.initials },
      group: { id: groups.id, name: groups.name, location: groups.location },
      performsAt: performances.performsAt,
      order: performances.performanceOrder,
      performed: performances.performed,
      noScoreReason: performances.noScoreReason,
    })
    .from(performances)
    .innerJoin(rounds, eq(rounds.id, performances.roundId))
    .innerJoin(divisions, eq(divisions.id, performances.divisionId))
    .innerJoin(groups, eq(groups.id, performances.groupId))
    .where(and(eq(performances.orgId, orgId), eq(performances.id, performanceId)));
  return row;
}

/** The stored result of the last tabulation, and whether its division and round is released. */
export async function findPerformanceResult(db: DbOrTx, orgId: number, performanceId: number) {
  return (await findPerformanceResults(db, orgId, [performanceId])).get(performanceId);
}

/** A performance's stored result as the write operations answer with it (findPerformanceResults' rows). */
export type PerformanceResultRecord =
  Awaited<ReturnType<typeof findPerformanceResults>> extends Map<number, infer Row> ? Row : never;

/** findPerformanceResult for several performances in one query, by id (a batch of judges' writes answers each). */
export async function findPerformanceResults(db: DbOrTx, orgId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, never>();
  const rows = await db
    .select({
      id: performances.id,
      performed: performances.performed,
      result: performances.result,
      released: sectionReleasedSql(performances.roundId, performances.divisionId),
    })
    .from(performances)
    .innerJoin(rounds, eq(rounds.id, performances.roundId))
    .where(and(eq(performances.orgId, orgId), inArray(performances.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row]));
}

import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../database.js';
import { competitions, divisions, events, groups, groupTypes, performances, roundSheets, rounds } from '../schema.js';
import type { PerformanceResult } from '../../tabulation/types.js';
import { servedCircuitId } from './groups.read.js';
import { sectionReleasedSql } from './sections.read.js';

const resultColumns = {
  performanceId: performances.id,
  performed: performances.performed,
  noScoreReason: performances.noScoreReason,
  result: performances.result,
  /** its division and round is released (decision 082) */
  released: sectionReleasedSql(performances.roundId, performances.divisionId),
  roundNumber: rounds.number,
  roundName: rounds.name,
  roundId: rounds.id,
  competition: {
    id: competitions.id,
    guid: competitions.guid,
    name: competitions.name,
    startsAt: competitions.startsAt,
    eventId: events.id,
    eventName: events.name,
    seasonId: events.seasonId,
  },
  division: { id: divisions.id, name: divisions.name, initials: divisions.initials, sortOrder: divisions.sortOrder },
  groupType: { id: groupTypes.id, name: groupTypes.name },
  group: { id: groups.id, name: groups.name, location: groups.location, circuitId: servedCircuitId },
  sheet: roundSheets.definition,
  groupsInRound: sql<number>`(SELECT count(*)::int FROM ${performances} p2 WHERE p2.round_id = ${performances.roundId} AND p2.division_id = ${performances.divisionId})`,
};

/** Performances with their round, competition, event, division, its group type, and group. */
function withContext<T extends PgSelect>(query: T) {
  return query
    .innerJoin(rounds, eq(rounds.id, performances.roundId))
    .innerJoin(competitions, eq(competitions.id, rounds.competitionId))
    .innerJoin(events, eq(events.id, competitions.eventId))
    .innerJoin(divisions, eq(divisions.id, performances.divisionId))
    .innerJoin(groupTypes, eq(groupTypes.id, divisions.groupTypeId))
    .innerJoin(groups, eq(groups.id, performances.groupId));
}

function resultsQuery(db: DbOrTx, conditions: SQL[]) {
  return withContext(db.select(resultColumns).from(performances).$dynamic())
    .leftJoin(
      roundSheets,
      and(eq(roundSheets.roundId, performances.roundId), eq(roundSheets.divisionId, performances.divisionId)),
    )
    .where(and(...conditions))
    .orderBy(...OLDEST_FIRST);
}

/** Competitions in time order (one instant: the older record first), then rounds, then the recap's order. */
const OLDEST_FIRST = [asc(competitions.startsAt), asc(competitions.id), asc(rounds.number), asc(performances.id)];

export type GroupResultRow = Awaited<ReturnType<typeof groupResults>>[number];

/** Every performance of a group (optionally within a season), oldest first, with its stored result. */
export async function groupResults(db: DbOrTx, orgId: number, groupId: number, seasonId?: number) {
  const conditions: SQL[] = [eq(performances.orgId, orgId), eq(performances.groupId, groupId)];
  if (seasonId !== undefined) conditions.push(eq(events.seasonId, seasonId));
  return resultsQuery(db, conditions);
}

/**
 * Every released, performed performance of a season (optionally one division), oldest first, for standings: only
 * what standings use (a season holds thousands of performances: no score sheets, no breakdowns).
 */
export async function seasonResults(db: DbOrTx, orgId: number, seasonId: number, divisionId?: number) {
  const conditions: SQL[] = [
    eq(performances.orgId, orgId),
    eq(events.seasonId, seasonId),
    sectionReleasedSql(performances.roundId, performances.divisionId),
    eq(performances.performed, true),
    eq(events.practice, false),
  ];
  if (divisionId !== undefined) conditions.push(eq(performances.divisionId, divisionId));
  const query = db
    .select({
      // Of the stored result, whether the group performed and its total: a season's breakdowns stay in the database.
      performed: sql<boolean>`coalesce((${performances.result}->>'performed')::boolean, false)`,
      total: sql<PerformanceResult['total'] | null>`${performances.result}->'total'`,
      competition: {
        id: competitions.id,
        guid: competitions.guid,
        name: competitions.name,
        startsAt: competitions.startsAt,
        eventName: events.name,
      },
      division: {
        id: divisions.id,
        name: divisions.name,
        initials: divisions.initials,
        sortOrder: divisions.sortOrder,
      },
      groupType: { id: groupTypes.id, name: groupTypes.name },
      group: { id: groups.id, name: groups.name, location: groups.location, circuitId: servedCircuitId },
    })
    .from(performances)
    .$dynamic();
  return withContext(query)
    .where(and(...conditions))
    .orderBy(...OLDEST_FIRST);
}

export type SeasonResultRow = Awaited<ReturnType<typeof seasonResults>>[number];

import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { competitions, divisions, events, groups, groupTypes, performances, rounds, seasons } from '../schema.js';
import { servedCircuitId } from './groups.read.js';

/**
 * Groups registered with the organization, as v2 RegisteredGroup records: all of them, or those scheduled in one
 * competition, or those performing in a season year.
 */
export async function registeredGroups(
  db: DbOrTx,
  orgId: number,
  filters: { seasonYear?: number; competitionId?: number },
) {
  const conditions: SQL[] = [eq(groups.orgId, orgId)];
  if (filters.competitionId !== undefined) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${performances} JOIN ${rounds} ON ${rounds.id} = ${performances.roundId}
        WHERE ${performances.groupId} = ${groups.id} AND ${rounds.competitionId} = ${filters.competitionId})`,
    );
  }
  if (filters.seasonYear !== undefined) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${performances} JOIN ${rounds} ON ${rounds.id} = ${performances.roundId}
        JOIN ${competitions} ON ${competitions.id} = ${rounds.competitionId}
        JOIN ${events} ON ${events.id} = ${competitions.eventId}
        JOIN ${seasons} ON ${seasons.id} = ${events.seasonId}
        WHERE ${performances.groupId} = ${groups.id} AND ${seasons.year} = ${filters.seasonYear})`,
    );
  }
  return db
    .select({
      GroupGuid: groups.guid,
      GroupName: groups.name,
      OrgGroupIdentifier: servedCircuitId,
      Location: groups.location,
      DivisionName: divisions.name,
      DivisionInitials: divisions.initials,
      GroupTypeID: groupTypes.id,
      GroupTypeName: groupTypes.name,
      Active: groups.active,
      Pending: groups.pending,
    })
    .from(groups)
    .innerJoin(divisions, eq(divisions.id, groups.divisionId))
    .innerJoin(groupTypes, eq(groupTypes.id, groups.groupTypeId))
    .where(and(...conditions))
    .orderBy(asc(groups.name), asc(groups.id));
}

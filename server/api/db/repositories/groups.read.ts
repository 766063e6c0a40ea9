import { and, asc, count, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { paged } from './paging.js';
import { competitions, divisions, events, groups, groupTypes, performances, rounds } from '../schema.js';

export interface GroupFilters {
  seasonId?: number;
  divisionId?: number;
  groupTypeId?: number;
  active?: boolean;
  pending?: boolean;
  q?: string;
}

/**
 * A group's circuit id as every version serves it (v4/v3 circuitId, v2 OrgGroupIdentifier): the circuit's own
 * number for the group, or the group's id when the circuit gave none, so it is always numeric text (docs/api.md:
 * "Designed shapes").
 */
export const servedCircuitId = sql<string>`COALESCE(NULLIF(${groups.circuitId}, ''), CAST(${groups.id} AS text))`;

const groupColumns = {
  id: groups.id,
  guid: groups.guid,
  name: groups.name,
  location: groups.location,
  circuitId: servedCircuitId,
  active: groups.active,
  pending: groups.pending,
  division: { id: divisions.id, name: divisions.name, initials: divisions.initials },
  groupType: { id: groupTypes.id, name: groupTypes.name },
};

export type GroupRecord = Awaited<ReturnType<typeof findGroup>> & {};

function conditionsFor(orgId: number, filters: GroupFilters): SQL[] {
  const conditions: SQL[] = [eq(groups.orgId, orgId)];
  if (filters.divisionId !== undefined) conditions.push(eq(groups.divisionId, filters.divisionId));
  if (filters.groupTypeId !== undefined) conditions.push(eq(groups.groupTypeId, filters.groupTypeId));
  if (filters.active !== undefined) conditions.push(eq(groups.active, filters.active));
  if (filters.pending !== undefined) conditions.push(eq(groups.pending, filters.pending));
  if (filters.q) {
    const pattern = `%${filters.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    conditions.push(or(ilike(groups.name, pattern), ilike(groups.location, pattern)) as SQL);
  }
  if (filters.seasonId !== undefined) {
    // a group belongs to a season when it performs at one of the season's competitions
    conditions.push(
      exists(
        sql`(SELECT 1 FROM ${performances}
          JOIN ${rounds} ON ${rounds.id} = ${performances.roundId}
          JOIN ${competitions} ON ${competitions.id} = ${rounds.competitionId}
          JOIN ${events} ON ${events.id} = ${competitions.eventId}
          WHERE ${performances.groupId} = ${groups.id} AND ${events.seasonId} = ${filters.seasonId})`,
      ),
    );
  }
  return conditions;
}

export async function listGroups(
  db: DbOrTx,
  orgId: number,
  filters: GroupFilters,
  page: { limit?: number; offset: number },
) {
  const where = and(...conditionsFor(orgId, filters));
  const [rows, [{ total }]] = await Promise.all([
    paged(
      db
        .select(groupColumns)
        .from(groups)
        .innerJoin(divisions, eq(divisions.id, groups.divisionId))
        .innerJoin(groupTypes, eq(groupTypes.id, groups.groupTypeId))
        .where(where)
        .orderBy(asc(groups.name), asc(groups.id))
        .$dynamic(),
      page,
    ),
    db.select({ total: count() }).from(groups).where(where),
  ]);
  return { rows, total: Number(total) };
}

export async function findGroup(db: DbOrTx, orgId: number, groupId: number) {
  const [row] = await db
    .select(groupColumns)
    .from(groups)
    .innerJoin(divisions, eq(divisions.id, groups.divisionId))
    .innerJoin(groupTypes, eq(groupTypes.id, groups.groupTypeId))
    .where(and(eq(groups.orgId, orgId), eq(groups.id, groupId)));
  return row;
}

/**
 * What anonymous v2 callers may read (decision 026): organizations open to programmatic access, minus the
 * divisions closed on their own. Every query filters by organization, as every other read does.
 */
import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { competitions, divisions, organizations, performances, rounds } from '../schema.js';

/** Ids of the organizations open to anonymous reads, oldest first. */
export async function openOrganizationIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.programmaticAccess, true))
    .orderBy(asc(organizations.id));
  return rows.map((row) => row.id);
}

/** The organization's divisions and whether each is open (an organization with none has nothing to show). */
export async function divisionAccess(db: DbOrTx, orgId: number): Promise<{ open: Set<number>; closed: Set<number> }> {
  const rows = await db
    .select({ id: divisions.id, open: divisions.programmaticAccess })
    .from(divisions)
    .where(eq(divisions.orgId, orgId));
  return {
    open: new Set(rows.filter((row) => row.open).map((row) => row.id)),
    closed: new Set(rows.filter((row) => !row.open).map((row) => row.id)),
  };
}

/** For each competition of the organization that has performances, the divisions they are in. */
export async function divisionsByCompetition(db: DbOrTx, orgId: number): Promise<Map<number, Set<number>>> {
  const rows = await db
    .selectDistinct({ competitionId: rounds.competitionId, divisionId: performances.divisionId })
    .from(performances)
    .innerJoin(rounds, eq(rounds.id, performances.roundId))
    .where(eq(performances.orgId, orgId));
  const byCompetition = new Map<number, Set<number>>();
  for (const row of rows) {
    const set = byCompetition.get(row.competitionId) ?? new Set<number>();
    set.add(row.divisionId);
    byCompetition.set(row.competitionId, set);
  }
  return byCompetition;
}

/**
 * The organizations holding a competition with this guid (guids are unique per organization, decision 027): open
 * organizations first, then the oldest.
 */
export async function organizationsHoldingCompetition(
  db: DbOrTx,
  guid: string,
): Promise<{ orgId: number; open: boolean }[]> {
  return db
    .select({ orgId: competitions.orgId, open: organizations.programmaticAccess })
    .from(competitions)
    .innerJoin(organizations, eq(organizations.id, competitions.orgId))
    .where(eq(competitions.guid, guid.toLowerCase()))
    .orderBy(desc(organizations.programmaticAccess), asc(organizations.id));
}

import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { divisions, groupTypes } from '../schema.js';

export interface DivisionFilters {
  groupTypeId?: number;
}

export async function listDivisions(db: DbOrTx, orgId: number, filters: DivisionFilters = {}) {
  const conditions: SQL[] = [eq(divisions.orgId, orgId)];
  if (filters.groupTypeId !== undefined) conditions.push(eq(divisions.groupTypeId, filters.groupTypeId));
  return db
    .select({
      id: divisions.id,
      name: divisions.name,
      initials: divisions.initials,
      sortOrder: divisions.sortOrder,
      groupType: { id: groupTypes.id, name: groupTypes.name },
    })
    .from(divisions)
    .innerJoin(groupTypes, eq(groupTypes.id, divisions.groupTypeId))
    .where(and(...conditions))
    .orderBy(asc(divisions.groupTypeId), asc(divisions.sortOrder), asc(divisions.name));
}

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { isGuid } from '../../../../domain/guid.js';
import type { DbOrTx } from '../database.js';
import { divisions, organizations, orgVersions } from '../schema.js';
import { bumpOrgVersion } from './org-version.js';

export interface Organization {
  id: number;
  guid: string;
  name: string;
  /** open to anonymous v2 reads (decision 026) */
  programmaticAccess: boolean;
  /** a division and round is released only once signed off (decision 082) */
  requireSignoff: boolean;
}

const columns = {
  id: organizations.id,
  guid: organizations.guid,
  name: organizations.name,
  programmaticAccess: organizations.programmaticAccess,
  requireSignoff: organizations.requireSignoff,
};

/** Creates an organization with a random guid and its data version row (the read caches key on it). */
export async function createOrganization(
  db: DbOrTx,
  input: { name: string; programmaticAccess?: boolean },
): Promise<Organization> {
  return db.transaction(async (tx) => {
    const [organization] = await tx
      .insert(organizations)
      .values({ guid: randomUUID(), name: input.name, programmaticAccess: input.programmaticAccess ?? false })
      .returning(columns);
    await tx.insert(orgVersions).values({ orgId: organization.id, version: 1 });
    return organization;
  });
}

export async function findOrganizationByGuid(db: DbOrTx, guid: string): Promise<Organization | undefined> {
  // The column is uuid: anything else would be a database error rather than "not found".
  if (!isGuid(guid)) return undefined;
  const [organization] = await db.select(columns).from(organizations).where(eq(organizations.guid, guid.toLowerCase()));
  return organization;
}

/** Every organization of the database, oldest first (a restored backup's check). */
export async function listOrganizations(db: DbOrTx): Promise<Organization[]> {
  return db.select(columns).from(organizations).orderBy(organizations.id);
}

export async function findOrganizationById(db: DbOrTx, id: number): Promise<Organization | undefined> {
  const [organization] = await db.select(columns).from(organizations).where(eq(organizations.id, id));
  return organization;
}

/**
 * Opens or closes an organization (or, with `divisionName`, one of its divisions) to anonymous v2 reads. The
 * organization's data version moves, so every instance drops the answers it computed under the old setting.
 * Returns the division's id when one was named, undefined when the organization has no division of that name.
 */
export async function setProgrammaticAccess(
  db: DbOrTx,
  orgId: number,
  open: boolean,
  divisionName?: string,
): Promise<{ divisionId?: number } | undefined> {
  return db.transaction(async (tx) => {
    let divisionId: number | undefined;
    if (divisionName === undefined) {
      await tx.update(organizations).set({ programmaticAccess: open }).where(eq(organizations.id, orgId));
    } else {
      const [division] = await tx
        .update(divisions)
        .set({ programmaticAccess: open })
        .where(and(eq(divisions.orgId, orgId), eq(divisions.name, divisionName)))
        .returning({ id: divisions.id });
      if (!division) return undefined;
      divisionId = division.id;
    }
    await bumpOrgVersion(tx, orgId);
    return { divisionId };
  });
}

/**
 * Requires (or stops requiring) a chief judge's sign-off before a division and round is released (decision 082).
 * The data version moves like any write of the organization's.
 */
export async function setRequireSignoff(db: DbOrTx, orgId: number, required: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(organizations).set({ requireSignoff: required }).where(eq(organizations.id, orgId));
    await bumpOrgVersion(tx, orgId);
  });
}

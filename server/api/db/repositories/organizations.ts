import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { isGuid } from '../../../../domain/guid.js';
import type { DbOrTx } from '../database.js';
import { organizations, orgVersions } from '../schema.js';

export interface Organization {
  id: number;
  guid: string;
  name: string;
}

const columns = { id: organizations.id, guid: organizations.guid, name: organizations.name };

/** Creates an organization with a random guid and its data version row (the read caches key on it). */
export async function createOrganization(db: DbOrTx, input: { name: string }): Promise<Organization> {
  return db.transaction(async (tx) => {
    const [organization] = await tx.insert(organizations).values({ guid: randomUUID(), name: input.name }).returning(columns);
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

export async function findOrganizationById(db: DbOrTx, id: number): Promise<Organization | undefined> {
  const [organization] = await db.select(columns).from(organizations).where(eq(organizations.id, id));
  return organization;
}

import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { rowsOf } from '../migrate.js';

/** Channel on which every API instance hears that an organization's data changed (payload `<orgId>:<version>`). */
export const ORG_CHANGED_CHANNEL = 'org_changed';

/**
 * Bumps the organization's data version and announces it. Must run inside the transaction that changes the data,
 * as its first statement (orgWrite): the bump takes the organization's row lock that serializes its writes.
 * PostgreSQL delivers the notification only when that transaction commits, so no instance can drop its cache and
 * refill it from data that is not yet visible, and a rolled-back write announces nothing.
 */
export async function bumpOrgVersion(tx: DbOrTx, orgId: number): Promise<number> {
  // one statement, not two: it runs in every write (a score write makes some 25)
  const result = await tx.execute(sql`
    WITH bumped AS (
      INSERT INTO org_versions (org_id, version) VALUES (${orgId}, 2)
      ON CONFLICT (org_id) DO UPDATE SET version = org_versions.version + 1
      RETURNING version)
    SELECT version, pg_notify(${ORG_CHANGED_CHANNEL}, ${`${orgId}:`} || version) FROM bumped`);
  return Number(rowsOf<{ version: string | number }>(result)[0].version);
}

/**
 * Takes the organization's write lock (its org_versions row, the row every write's bumpOrgVersion updates) at
 * the start of a write request, so what the request reads before it writes (the audit trail's `before`) cannot
 * change under it, and writes of one organization run one after the other. The same row as bumpOrgVersion's:
 * whoever holds one holds the other, so the two cannot deadlock each other.
 */
export async function lockOrganization(tx: DbOrTx, orgId: number): Promise<void> {
  await tx.execute(sql`SELECT version FROM org_versions WHERE org_id = ${orgId} FOR UPDATE`);
}

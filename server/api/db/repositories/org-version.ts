import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { rowsOf } from '../migrate.js';

/** Channel on which every API instance hears that an organization's data changed (payload `<orgId>:<version>`). */
export const ORG_CHANGED_CHANNEL = 'org_changed';

/** The version each unit of work (transaction) already bumped it to, per organization: one bump a unit. */
const bumped = new WeakMap<object, Map<number, number>>();

/**
 * Bumps the organization's data version and announces it. Must run inside the transaction that changes the data,
 * as its first statement (orgWrite; the write unit of a request, http/write-unit.ts): the bump takes the
 * organization's row lock that serializes its writes. PostgreSQL delivers the notification only when that
 * transaction commits, so no instance can drop its cache and refill it from data that is not yet visible, and a
 * rolled-back write announces nothing.
 *
 * Once a unit: a repository's write inside a request that already bumped (the request's first statement) finds its
 * version and sends nothing, as the lock is already held and one notification tells every instance.
 *
 * `alongside` is a scalar expression selected in the same statement (the write unit's writer: its name is needed by
 * every write request, and asking it here saves a statement). It is read from the statement's snapshot, taken
 * before the lock is waited for: nothing that the lock orders may be read this way.
 */
export async function bumpOrgVersion(
  tx: DbOrTx,
  orgId: number,
  alongside?: SQL,
): Promise<{ version: number; alongside: unknown }> {
  const known = bumped.get(tx)?.get(orgId);
  if (known !== undefined) return { version: known, alongside: undefined };
  const result = await tx.execute(sql`
    WITH bumped AS (
      INSERT INTO org_versions (org_id, version) VALUES (${orgId}, 2)
      ON CONFLICT (org_id) DO UPDATE SET version = org_versions.version + 1
      RETURNING version)
    SELECT version, pg_notify(${ORG_CHANGED_CHANNEL}, ${`${orgId}:`} || version),
      ${alongside ?? sql`NULL`} AS alongside
    FROM bumped`);
  const [row] = rowsOf<{ version: string | number; alongside: unknown }>(result);
  const version = Number(row.version);
  let versions = bumped.get(tx);
  if (!versions) bumped.set(tx, (versions = new Map<number, number>()));
  versions.set(orgId, version);
  return { version, alongside: row.alongside };
}

import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { idempotencyKeys } from '../schema.js';

/** How long a key replays its first answer. */
export const IDEMPOTENCY_KEY_LIFETIME_HOURS = 24;
const lifetime = sql`make_interval(hours => ${IDEMPOTENCY_KEY_LIFETIME_HOURS})`;

export interface StoredAnswer {
  requestHash: string;
  status: number;
  body: unknown;
}

/**
 * Claims the organization's key for a request, inside the caller's transaction (a placeholder row that the same
 * transaction later fills with the answer, or that rolls back with it). Returns the live answer already stored
 * under the key instead, when there is one. A concurrent claim of the same key on PostgreSQL waits here until
 * the first transaction ends, then sees its answer; a key older than its lifetime is claimed anew.
 */
export async function claimIdempotencyKey(
  tx: DbOrTx,
  input: { orgId: number; key: string; requestHash: string },
): Promise<{ claimed: true } | { claimed: false; stored: StoredAnswer }> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ ...input, status: 0, body: {} })
    .onConflictDoUpdate({
      target: [idempotencyKeys.orgId, idempotencyKeys.key],
      set: { requestHash: input.requestHash, status: 0, body: {}, createdAt: sql`now()` },
      setWhere: sql`${idempotencyKeys.createdAt} <= now() - ${lifetime}`,
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return { claimed: true };
  const [stored] = await tx
    .select({ requestHash: idempotencyKeys.requestHash, status: idempotencyKeys.status, body: idempotencyKeys.body })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.orgId, input.orgId), eq(idempotencyKeys.key, input.key)));
  return { claimed: false, stored };
}

/** Fills the claimed key with the answer, in the transaction that claimed it. */
export async function storeIdempotentAnswer(
  tx: DbOrTx,
  input: { orgId: number; key: string; status: number; body: unknown },
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ status: input.status, body: input.body })
    .where(and(eq(idempotencyKeys.orgId, input.orgId), eq(idempotencyKeys.key, input.key)));
}

/** Lets the claims of these keys go (a batched write refused: its retry must be written, not replayed). */
export async function releaseIdempotencyKeys(tx: DbOrTx, orgId: number, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.orgId, orgId), inArray(idempotencyKeys.key, [...keys])));
}

/** Deletes keys past their lifetime. */
export async function purgeExpiredIdempotencyKeys(db: DbOrTx): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - ${lifetime}`))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}

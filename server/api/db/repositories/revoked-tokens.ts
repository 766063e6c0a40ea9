import { and, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { revokedTokens } from '../schema.js';
import { announceAuthChange } from './auth-changes.js';

/**
 * A revocation is kept this long past its token's expiry: another instance, whose clock may run a little behind
 * the database's, could still take the token for unexpired.
 */
const CLOCK_SKEW_SECONDS = 60;
const expiredBefore = sql`now() - make_interval(secs => ${CLOCK_SKEW_SECONDS})`;

export interface RevokedToken {
  jti: string;
  expiresAt: Date;
  revokedAt: Date;
}

/**
 * Records that the token with this id is revoked until it expires, and tells every instance. Revoking it again
 * keeps the first record.
 */
export async function revokeToken(db: DbOrTx, input: { jti: string; expiresAt: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(revokedTokens).values(input).onConflictDoNothing();
    await announceAuthChange(tx, 'tokens');
  });
}

/**
 * The revocations of tokens that have not expired yet; with `since`, only those recorded after it (an instance
 * reads what is new since its last read, not the whole list every few seconds).
 */
export async function listRevokedTokens(db: DbOrTx, since?: Date): Promise<RevokedToken[]> {
  const live = gt(revokedTokens.expiresAt, expiredBefore);
  return db
    .select()
    .from(revokedTokens)
    .where(since ? and(live, gt(revokedTokens.revokedAt, since)) : live);
}

/** Deletes the revocations of tokens that have expired (a while ago): such a token is refused for its expiry anyway. */
export async function purgeExpiredTokenRevocations(db: DbOrTx): Promise<number> {
  const deleted = await db
    .delete(revokedTokens)
    .where(lt(revokedTokens.expiresAt, expiredBefore))
    .returning({ jti: revokedTokens.jti });
  return deleted.length;
}

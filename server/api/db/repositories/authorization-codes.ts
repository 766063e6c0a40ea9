import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { authorizationCodes } from '../schema.js';

export interface AuthorizationGrant {
  applicationId: number;
  userId: number;
  redirectUri: string;
  codeChallenge: string;
  expiresAt: Date;
}

/**
 * Stores a code's grant under the code's hash (auth makes both: server/api/auth/authorization-codes.ts).
 * Redeemed codes are deleted at once and expired ones by purgeExpiredAuthorizationCodes.
 */
export async function insertAuthorizationCode(
  db: DbOrTx,
  input: AuthorizationGrant & { codeHash: string },
): Promise<void> {
  await db.insert(authorizationCodes).values(input);
}

/**
 * Deletes the code and returns what it granted, or undefined when it is unknown, already redeemed or belongs to
 * another application. The conditional DELETE makes this atomic: of two concurrent redemptions (on any
 * instance) exactly one wins. Expiry is left to the caller so it can say why a code was refused.
 */
export async function deleteAuthorizationCode(
  db: DbOrTx,
  input: { codeHash: string; applicationId: number },
): Promise<AuthorizationGrant | undefined> {
  const [grant] = await db
    .delete(authorizationCodes)
    .where(
      and(eq(authorizationCodes.codeHash, input.codeHash), eq(authorizationCodes.applicationId, input.applicationId)),
    )
    .returning({
      applicationId: authorizationCodes.applicationId,
      userId: authorizationCodes.userId,
      redirectUri: authorizationCodes.redirectUri,
      codeChallenge: authorizationCodes.codeChallenge,
      expiresAt: authorizationCodes.expiresAt,
    });
  return grant;
}

/** Deletes the codes that expired unredeemed. */
export async function purgeExpiredAuthorizationCodes(db: DbOrTx): Promise<number> {
  const deleted = await db
    .delete(authorizationCodes)
    .where(lt(authorizationCodes.expiresAt, sql`now()`))
    .returning({ codeHash: authorizationCodes.codeHash });
  return deleted.length;
}

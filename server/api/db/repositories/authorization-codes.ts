import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { authorizationCodes } from '../schema.js';
import { randomToken, sha256Hex } from '../../auth/secrets.js';

export interface AuthorizationGrant {
  applicationId: number;
  userId: number;
  redirectUri: string;
  codeChallenge: string;
  expiresAt: Date;
}

/**
 * Issues a code for a signed-in user; only its sha-256 is stored, so a database leak yields no usable codes.
 * Redeemed codes are deleted at once and expired ones by purgeExpiredAuthorizationCodes.
 */
export async function createAuthorizationCode(
  db: DbOrTx,
  input: { applicationId: number; userId: number; redirectUri: string; codeChallenge: string; ttlSeconds: number },
): Promise<string> {
  const code = randomToken(32);
  await db.insert(authorizationCodes).values({
    codeHash: sha256Hex(code),
    applicationId: input.applicationId,
    userId: input.userId,
    redirectUri: input.redirectUri,
    codeChallenge: input.codeChallenge,
    expiresAt: new Date(Date.now() + input.ttlSeconds * 1000),
  });
  return code;
}

/**
 * Deletes the code and returns what it granted, or undefined when it is unknown, already redeemed or belongs to
 * another application. The conditional DELETE makes this atomic: of two concurrent redemptions (on any
 * instance) exactly one wins. Expiry is left to the caller so it can say why a code was refused.
 */
export async function redeemAuthorizationCode(
  db: DbOrTx,
  input: { code: string; applicationId: number },
): Promise<AuthorizationGrant | undefined> {
  const [grant] = await db
    .delete(authorizationCodes)
    .where(and(eq(authorizationCodes.codeHash, sha256Hex(input.code)), eq(authorizationCodes.applicationId, input.applicationId)))
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
  const deleted = await db.delete(authorizationCodes).where(lt(authorizationCodes.expiresAt, sql`now()`)).returning({ codeHash: authorizationCodes.codeHash });
  return deleted.length;
}

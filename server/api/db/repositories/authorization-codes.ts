import { and, eq, isNull, lt } from 'drizzle-orm';
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
 * How long a code is kept after it expired, used or not: long enough that a late exchange is told "expired" rather
 * than "unknown", short enough that the table holds about a day of sign-ins.
 */
export const SPENT_CODE_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Issues a code for a signed-in user; only its sha-256 is stored, so a database leak yields no usable codes. Each
 * sign-in also deletes the codes that expired more than SPENT_CODE_RETENTION_MS ago, so the table does not grow
 * with every sign-in ever made (no separate job to run, on any number of instances).
 */
export async function createAuthorizationCode(
  db: DbOrTx,
  input: { applicationId: number; userId: number; redirectUri: string; codeChallenge: string; ttlSeconds: number },
): Promise<string> {
  await db.delete(authorizationCodes).where(lt(authorizationCodes.expiresAt, new Date(Date.now() - SPENT_CODE_RETENTION_MS)));
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
 * Marks the code used and returns what it grants, or undefined when it is unknown, already used or belongs to
 * another application. The conditional UPDATE makes this atomic: of two concurrent redemptions (on any
 * instance) exactly one wins. Expiry is left to the caller so it can say why a code was refused.
 */
export async function redeemAuthorizationCode(
  db: DbOrTx,
  input: { code: string; applicationId: number },
): Promise<AuthorizationGrant | undefined> {
  const [grant] = await db
    .update(authorizationCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authorizationCodes.codeHash, sha256Hex(input.code)),
        eq(authorizationCodes.applicationId, input.applicationId),
        isNull(authorizationCodes.usedAt),
      ),
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

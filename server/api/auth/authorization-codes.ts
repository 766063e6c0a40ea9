import type { DbOrTx } from '../db/database.js';
import {
  deleteAuthorizationCode,
  insertAuthorizationCode,
  type AuthorizationGrant,
} from '../db/repositories/authorization-codes.js';
import { randomToken, sha256Hex } from './secrets.js';

/** Issues a code for a signed-in user; only its sha-256 is stored, so a database leak yields no usable codes. */
export async function createAuthorizationCode(
  db: DbOrTx,
  input: {
    applicationId: number;
    userId: number;
    redirectUri: string;
    codeChallenge: string;
    ttlSeconds: number;
    /** when it is issued, in milliseconds (Services.now) */
    nowMs: number;
  },
): Promise<string> {
  const code = randomToken(32);
  await insertAuthorizationCode(db, {
    codeHash: sha256Hex(code),
    applicationId: input.applicationId,
    userId: input.userId,
    redirectUri: input.redirectUri,
    codeChallenge: input.codeChallenge,
    expiresAt: new Date(input.nowMs + input.ttlSeconds * 1000),
  });
  return code;
}

/**
 * Redeems a code once: what it granted, or undefined when it is unknown, already redeemed or another
 * application's (the repository's conditional DELETE lets exactly one of two concurrent redemptions win).
 */
export function redeemAuthorizationCode(
  db: DbOrTx,
  input: { code: string; applicationId: number },
): Promise<AuthorizationGrant | undefined> {
  return deleteAuthorizationCode(db, { codeHash: sha256Hex(input.code), applicationId: input.applicationId });
}

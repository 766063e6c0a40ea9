import type { DbOrTx } from '../database.js';
import { purgeExpiredAuthorizationCodes } from './authorization-codes.js';
import { purgeExpiredIdempotencyKeys } from './idempotency-keys.js';
import { purgeRetiredSigningKeys } from './signing-keys.js';
import { deleteExpiredPasswordLinks } from './users.js';

export interface PurgedRows {
  authorizationCodes: number;
  idempotencyKeys: number;
  signingKeys: number;
  passwordLinks: number;
}

/**
 * Deletes every row whose time is over: authorization codes and password links that expired unused (used ones go
 * at once),
 * Idempotency-Keys past their lifetime, and signing keys retired longer ago than any token they signed can live
 * (`signingKeyKeepSeconds`). Idempotent, so every instance may run it.
 */
export async function purgeExpiredRows(db: DbOrTx, options: { signingKeyKeepSeconds: number }): Promise<PurgedRows> {
  return {
    authorizationCodes: await purgeExpiredAuthorizationCodes(db),
    idempotencyKeys: await purgeExpiredIdempotencyKeys(db),
    signingKeys: await purgeRetiredSigningKeys(db, options.signingKeyKeepSeconds),
    passwordLinks: await deleteExpiredPasswordLinks(db),
  };
}

import type { DbOrTx } from '../database.js';
import { purgeExpiredAuthorizationCodes } from './authorization-codes.js';
import { purgeExpiredIdempotencyKeys } from './idempotency-keys.js';
import { purgeExpiredTokenRevocations } from './revoked-tokens.js';
import { purgeRetiredSigningKeys } from './signing-keys.js';
import { deleteExpiredPasswordLinks } from './users.js';
import { purgeOrphanFiles } from './commentary-files.js';
import { purgeExpiredAppends } from './commentary-uploads.js';
import { purgeOldTabletReports } from './tablet-reports.js';

export interface PurgedRows {
  authorizationCodes: number;
  idempotencyKeys: number;
  signingKeys: number;
  passwordLinks: number;
  tokenRevocations: number;
  commentaryFiles: number;
  commentaryAppends: number;
  tabletReports: number;
}

/**
 * Deletes every row whose time is over: authorization codes and password links that expired unused (used ones go
 * at once), Idempotency-Keys past their lifetime, revocations of tokens that have expired, and signing keys retired
 * longer ago than any token they signed can live (`signingKeyKeepSeconds`); commentary files a stopped joining pass left, appends' keys past their day, tablets
 * not heard from for a week. Idempotent, so every instance may run it.
 */
export async function purgeExpiredRows(db: DbOrTx, options: { signingKeyKeepSeconds: number }): Promise<PurgedRows> {
  return {
    authorizationCodes: await purgeExpiredAuthorizationCodes(db),
    idempotencyKeys: await purgeExpiredIdempotencyKeys(db),
    signingKeys: await purgeRetiredSigningKeys(db, options.signingKeyKeepSeconds),
    passwordLinks: await deleteExpiredPasswordLinks(db),
    tokenRevocations: await purgeExpiredTokenRevocations(db),
    commentaryFiles: await purgeOrphanFiles(db),
    commentaryAppends: await purgeExpiredAppends(db),
    tabletReports: await purgeOldTabletReports(db),
  };
}

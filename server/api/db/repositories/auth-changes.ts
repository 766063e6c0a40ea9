import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';

/**
 * Channel on which every API instance hears that signing keys were rotated, an application or a token revoked, or a user
 * changed (payload: which). Sent inside the changing transaction, so it arrives only once the change is visible, like
 * the read cache's org_changed (org-version.ts). Instances also re-read both now and then, so a lost notification
 * delays a change by seconds, not for good (server/api/auth/auth-state.ts).
 */
export const AUTH_CHANGED_CHANNEL = 'auth_changed';

/**
 * revocations: an application revoked; tokens: a single token revoked (a sign-out); users: a user's role changed,
 * it was disabled or enabled, or it set a new password (its tokens follow as soon as the instance hears)
 */
export type AuthChange = 'signing-keys' | 'revocations' | 'tokens' | 'users';

export async function announceAuthChange(tx: DbOrTx, change: AuthChange): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${AUTH_CHANGED_CHANNEL}, ${change})`);
}

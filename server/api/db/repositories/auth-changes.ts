import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';

/**
 * Channel on which every API instance hears that signing keys were rotated or an application revoked (payload:
 * which of the two). Sent inside the changing transaction, so it arrives only once the change is visible, like
 * the read cache's org_changed (org-version.ts). Instances also re-read both now and then, so a lost notification
 * delays a change by seconds, not for good (server/api/auth/auth-state.ts).
 */
export const AUTH_CHANGED_CHANNEL = 'auth_changed';

export type AuthChange = 'signing-keys' | 'revocations';

export async function announceAuthChange(tx: DbOrTx, change: AuthChange): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${AUTH_CHANGED_CHANNEL}, ${change})`);
}

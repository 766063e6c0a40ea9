import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { users } from '../schema.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../auth/passwords.js';

export interface User {
  id: number;
  orgId: number;
  email: string;
}

/** Emails compare case-insensitively: stored trimmed and lower-cased, looked up the same way. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class DuplicateUserError extends Error {}

export async function createUser(db: DbOrTx, input: { orgId: number; email: string; password: string }): Promise<User> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const [user] = await db
    .insert(users)
    .values({ orgId: input.orgId, email, passwordHash })
    .onConflictDoNothing()
    .returning({ id: users.id, orgId: users.orgId, email: users.email });
  if (!user) throw new DuplicateUserError(`A user with email ${email} already exists in this organization`);
  return user;
}

/**
 * The organization's user with this email and password, or undefined. Costs one scrypt whether or not the email
 * exists, so a caller cannot tell unknown emails from wrong passwords by timing.
 */
export async function findUserByCredentials(
  db: DbOrTx,
  input: { orgId: number; email: string; password: string },
): Promise<User | undefined> {
  const [row] = await db
    .select({ id: users.id, orgId: users.orgId, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.orgId, input.orgId), eq(users.email, normalizeEmail(input.email))));
  const matches = await verifyPassword(input.password, row?.passwordHash ?? (await decoyPasswordHash()));
  if (!row || !matches) return undefined;
  return { id: row.id, orgId: row.orgId, email: row.email };
}

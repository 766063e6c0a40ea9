import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { users } from '../schema.js';

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

/** Stores a user with the password hash auth made (server/api/auth/users.ts); a taken email is a DuplicateUserError. */
export async function insertUser(
  db: DbOrTx,
  input: { orgId: number; email: string; passwordHash: string },
): Promise<User> {
  const email = normalizeEmail(input.email);
  const [user] = await db
    .insert(users)
    .values({ orgId: input.orgId, email, passwordHash: input.passwordHash })
    .onConflictDoNothing()
    .returning({ id: users.id, orgId: users.orgId, email: users.email });
  if (!user) throw new DuplicateUserError(`A user with email ${email} already exists in this organization`);
  return user;
}

/** The organization's user with this email, with the stored password hash, or undefined. */
export async function findUserByEmail(
  db: DbOrTx,
  input: { orgId: number; email: string },
): Promise<(User & { passwordHash: string }) | undefined> {
  const [row] = await db
    .select({ id: users.id, orgId: users.orgId, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.orgId, input.orgId), eq(users.email, normalizeEmail(input.email))));
  return row;
}

import type { DbOrTx } from '../db/database.js';
import { findUserByEmail, insertUser, type User } from '../db/repositories/users.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.js';

/** Creates a user with a password (stored as its scrypt hash only). */
export async function createUser(db: DbOrTx, input: { orgId: number; email: string; password: string }): Promise<User> {
  return insertUser(db, { orgId: input.orgId, email: input.email, passwordHash: await hashPassword(input.password) });
}

/**
 * The organization's user with this email and password, or undefined. Costs one scrypt whether or not the email
 * exists, so a caller cannot tell unknown emails from wrong passwords by timing.
 */
export async function findUserByCredentials(
  db: DbOrTx,
  input: { orgId: number; email: string; password: string },
): Promise<User | undefined> {
  const row = await findUserByEmail(db, input);
  const matches = await verifyPassword(input.password, row?.passwordHash ?? (await decoyPasswordHash()));
  if (!row || !matches) return undefined;
  return { id: row.id, orgId: row.orgId, email: row.email };
}

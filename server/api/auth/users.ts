import type { Role } from '../../../domain/roles.js';
import type { DbOrTx } from '../db/database.js';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  redeemPasswordLink,
  replacePasswordLink,
  setPasswordHash,
  type User,
} from '../db/repositories/users.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import { randomToken, sha256Hex } from './secrets.js';

export const MIN_PASSWORD_LENGTH = 8;
/** A one-time link to set a password lives this long (24 hours, long enough to hand it over, short enough to go stale). */
export const PASSWORD_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** The page a password link opens (served by the API, like its sign-in page). */
export const SET_PASSWORD_PATH = '/v3/users/set-password';

/**
 * Creates a user (stored as its password's scrypt hash only). Without a password, the user sets one through a
 * one-time link (createPasswordLink).
 */
export async function createUser(
  db: DbOrTx,
  input: { orgId: number; email: string; password?: string; role?: Role; firstName?: string; lastName?: string },
): Promise<User> {
  return insertUser(db, {
    orgId: input.orgId,
    email: input.email,
    passwordHash: input.password === undefined ? null : await hashPassword(input.password),
    role: input.role,
    firstName: input.firstName,
    lastName: input.lastName,
  });
}

/**
 * A one-time link that lets the user set its password for 24 hours: the link's token is shown once (the
 * administrator hands the link over; no email is sent) and only its sha-256 is stored. It replaces the user's
 * earlier link, which stops working.
 */
export async function createPasswordLink(
  db: DbOrTx,
  userId: number,
  baseUrl: string,
): Promise<{ url: string; expiresAt: Date }> {
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + PASSWORD_LINK_TTL_MS);
  await replacePasswordLink(db, { userId, tokenHash: sha256Hex(token), expiresAt });
  const url = new URL(SET_PASSWORD_PATH, baseUrl);
  url.searchParams.set('token', token);
  return { url: url.toString(), expiresAt };
}

export class UserDisabledError extends Error {}

/**
 * A new one-time link for one of the organization's users, in place of the one it had (lost, expired, or a password
 * forgotten: the password stays until the link sets a new one). Undefined when the organization has no such user; a
 * disabled user gets none (UserDisabledError): it could not sign in with the password anyway.
 */
export async function newPasswordLink(
  db: DbOrTx,
  input: { orgId: number; userId: number; baseUrl: string },
): Promise<{ user: User; link: { url: string; expiresAt: Date } } | undefined> {
  return db.transaction(async (tx) => {
    const user = await findUserById(tx, input.orgId, input.userId);
    if (!user) return undefined;
    if (user.disabled)
      throw new UserDisabledError(`${user.email} is disabled: enable the user first, then make their link`);
    return { user, link: await createPasswordLink(tx, user.id, input.baseUrl) };
  });
}

/** Sets the password of the link's user and spends the link; undefined when the link is unknown, used or expired. */
export async function setPasswordWithLink(
  db: DbOrTx,
  input: { token: string; password: string },
): Promise<{ userId: number } | undefined> {
  return db.transaction(async (tx) => {
    const link = await redeemPasswordLink(tx, sha256Hex(input.token));
    if (!link) return undefined;
    await setPasswordHash(tx, link.userId, await hashPassword(input.password));
    return { userId: link.userId };
  });
}

export { findUserById };

/**
 * The organization's user with this email and password, or undefined; a disabled user, or one that has not set a
 * password yet, never matches. Costs one scrypt whether or not the email exists, so a caller cannot tell unknown
 * emails from wrong passwords by timing.
 */
export async function findUserByCredentials(
  db: DbOrTx,
  input: { orgId: number; email: string; password: string },
): Promise<User | undefined> {
  const row = await findUserByEmail(db, input);
  const matches = await verifyPassword(input.password, row?.passwordHash ?? (await decoyPasswordHash()));
  if (!row || !row.passwordHash || !matches || row.disabled) return undefined;
  const { passwordHash: _, ...user } = row;
  return user;
}

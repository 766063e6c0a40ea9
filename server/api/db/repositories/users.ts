import { and, asc, eq, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { isGroupRole, type GroupRole, type Role } from '../../../../domain/roles.js';
import type { DbOrTx } from '../database.js';
import { passwordLinks, users } from '../schema.js';
import { announceAuthChange } from './auth-changes.js';
import { membershipMap } from './group-accounts.js';

export interface User {
  id: number;
  orgId: number;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  disabled: boolean;
  /** false until the user sets a password (with a one-time link, or given one by the CLI) */
  passwordSet: boolean;
}

/**
 * What a token check needs of its user: which organization, which role, whether it may still act, and the session
 * version its tokens must carry (a new password or a disabling adds one: every earlier token stops).
 */
export interface UserStanding {
  orgId: number;
  role: Role;
  disabled: boolean;
  sessionVersion: number;
  /** a group's account: its groups and its role in each (decision 133) */
  groups?: ReadonlyMap<number, GroupRole>;
}

/** Emails compare case-insensitively: stored trimmed and lower-cased, looked up the same way. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class DuplicateUserError extends Error {}

const columns = {
  id: users.id,
  orgId: users.orgId,
  email: users.email,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  disabledAt: users.disabledAt,
  passwordSet: sql<boolean>`${users.passwordHash} IS NOT NULL`,
};

function userOf(row: { disabledAt: Date | null } & Omit<User, 'disabled'>): User {
  const { disabledAt, ...rest } = row;
  return { ...rest, disabled: disabledAt !== null };
}

/**
 * Stores a user with the password hash auth made (server/api/auth/users.ts), or with none (it sets one through a
 * one-time link); a taken email is a DuplicateUserError.
 */
export async function insertUser(
  db: DbOrTx,
  input: {
    orgId: number;
    email: string;
    passwordHash: string | null;
    role?: Role;
    firstName?: string;
    lastName?: string;
  },
): Promise<User> {
  const email = normalizeEmail(input.email);
  const [row] = await db
    .insert(users)
    .values({
      orgId: input.orgId,
      email,
      passwordHash: input.passwordHash,
      role: input.role ?? 'administrator',
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
    })
    .onConflictDoNothing()
    .returning(columns);
  if (!row) throw new DuplicateUserError(`A user with email ${email} already exists in this organization`);
  return userOf(row);
}

/** The organization's user with this email, with the stored password hash (null before one is set), or undefined. */
export async function findUserByEmail(
  db: DbOrTx,
  input: { orgId: number; email: string },
): Promise<(User & { passwordHash: string | null }) | undefined> {
  const [row] = await db
    .select({ ...columns, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.orgId, input.orgId), eq(users.email, normalizeEmail(input.email))));
  return row && { ...userOf(row), passwordHash: row.passwordHash };
}

export async function findUserById(db: DbOrTx, orgId: number, id: number): Promise<User | undefined> {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.id, id)));
  return row && userOf(row);
}

export async function findUserStanding(db: DbOrTx, id: number): Promise<UserStanding | undefined> {
  const [row] = await db
    .select({
      orgId: users.orgId,
      role: users.role,
      disabledAt: users.disabledAt,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .where(eq(users.id, id));
  if (!row) return undefined;
  const standing = {
    orgId: row.orgId,
    role: row.role,
    disabled: row.disabledAt !== null,
    sessionVersion: row.sessionVersion,
  };
  return isGroupRole(row.role) ? { ...standing, groups: await membershipMap(db, id) } : standing;
}

/** The organization's users, oldest first. */
export async function listUsers(db: DbOrTx, orgId: number): Promise<User[]> {
  const rows = await db.select(columns).from(users).where(eq(users.orgId, orgId)).orderBy(asc(users.id));
  return rows.map(userOf);
}

export class LastAdministratorError extends Error {}

/**
 * Changes a user's role, names or standing, and tells every instance (its tokens follow as soon as each hears).
 * Disabling ends every session the user has: enabled again, it signs in anew. An organization always keeps one
 * enabled administrator: a change that would leave none is a LastAdministratorError.
 */
export async function updateUser(
  db: DbOrTx,
  orgId: number,
  id: number,
  patch: { role?: Role; disabled?: boolean; firstName?: string; lastName?: string },
): Promise<User | undefined> {
  return db.transaction(async (tx) => {
    const current = await findUserById(tx, orgId, id);
    if (!current) return undefined;
    const set: { [K in keyof typeof users.$inferInsert]?: (typeof users.$inferInsert)[K] | SQL } = {};
    if (patch.role !== undefined) set.role = patch.role;
    if (patch.firstName !== undefined) set.firstName = patch.firstName;
    if (patch.lastName !== undefined) set.lastName = patch.lastName;
    if (patch.disabled !== undefined && patch.disabled !== current.disabled)
      set.disabledAt = patch.disabled ? new Date() : null;
    if (Object.keys(set).length === 0) return current;
    if (patch.disabled === true && !current.disabled) set.sessionVersion = sql`${users.sessionVersion} + 1`;
    const stopsAdministering =
      current.role === 'administrator' &&
      !current.disabled &&
      ((patch.role !== undefined && patch.role !== 'administrator') || patch.disabled === true);
    if (stopsAdministering) {
      // Serializes with another change of this organization's administrators (two admins demoting each other).
      await tx.execute(sql`SELECT id FROM users WHERE org_id = ${orgId} AND role = 'administrator' FOR UPDATE`);
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.orgId, orgId), eq(users.role, 'administrator'), isNull(users.disabledAt), ne(users.id, id)))
        .limit(1);
      if (!other)
        throw new LastAdministratorError('The organization must keep an enabled administrator: this is its last one');
    }
    const [row] = await tx
      .update(users)
      .set(set)
      .where(and(eq(users.orgId, orgId), eq(users.id, id)))
      .returning(columns);
    await announceAuthChange(tx, 'users');
    return userOf(row);
  });
}

/**
 * Stores a one-time link (the sha-256 of its token) that lets the user set a password until it expires, in place
 * of any link the user had: a new link is asked for when the last one was lost, and the lost one must not work.
 */
export async function replacePasswordLink(
  db: DbOrTx,
  input: { userId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(passwordLinks).where(eq(passwordLinks.userId, input.userId));
    await tx.insert(passwordLinks).values(input);
  });
}

/**
 * Spends a link: deletes it and answers its user when it was valid (known and not expired), undefined otherwise.
 * Deleted whether or not it expired, so a link never works twice.
 */
export async function redeemPasswordLink(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ userId: number; expiresAt: Date } | undefined> {
  const [row] = await db
    .delete(passwordLinks)
    .where(eq(passwordLinks.tokenHash, tokenHash))
    .returning({ userId: passwordLinks.userId, expiresAt: passwordLinks.expiresAt });
  if (!row || row.expiresAt.getTime() <= Date.now()) return undefined;
  return row;
}

/** The link's user, without spending it (the page that shows the form), or undefined. */
export async function findPasswordLink(db: DbOrTx, tokenHash: string): Promise<{ userId: number } | undefined> {
  const [row] = await db
    .select({ userId: passwordLinks.userId, expiresAt: passwordLinks.expiresAt })
    .from(passwordLinks)
    .where(eq(passwordLinks.tokenHash, tokenHash));
  if (!row || row.expiresAt.getTime() <= Date.now()) return undefined;
  return { userId: row.userId };
}

/** A new password ends every session the user had (whoever may have known the old one), on every instance. */
export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, userId));
    await announceAuthChange(tx, 'users');
  });
}

/** Expired links (for the purge). */
export async function deleteExpiredPasswordLinks(db: DbOrTx): Promise<number> {
  const rows = await db
    .delete(passwordLinks)
    .where(lt(passwordLinks.expiresAt, sql`now()`))
    .returning({ userId: passwordLinks.userId });
  return rows.length;
}

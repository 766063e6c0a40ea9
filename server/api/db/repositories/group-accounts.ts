/**
 * The groups' accounts (decision 133): which groups a group's account acts for, and as what in each. A user's role
 * (users.role) is `group-administrator` when it administers one of its groups, else `group-staff`: this module keeps
 * it so in the same transaction as every change of its memberships, and tells every instance (its tokens follow).
 * Writes run inside the request's write unit, under the organization's lock: two changes of one group's
 * administrators cannot interleave.
 */
import { and, asc, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { GroupRole } from '../../../../domain/roles.js';
import type { DbOrTx } from '../database.js';
import { groupMemberships, groups, users } from '../schema.js';
import { announceAuthChange } from './auth-changes.js';

export interface Membership {
  groupId: number;
  groupName: string;
  role: GroupRole;
}

/** A group's account as the group's own page lists it. */
export interface GroupAccount {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  role: GroupRole;
  disabled: boolean;
  /** false until the person has set a password through the one-time link */
  passwordSet: boolean;
}

export class LastGroupAdministratorError extends Error {}

/** The groups one user acts for (the token check's scope). */
export async function membershipMap(db: DbOrTx, userId: number): Promise<Map<number, GroupRole>> {
  const rows = await db
    .select({ groupId: groupMemberships.groupId, role: groupMemberships.role })
    .from(groupMemberships)
    .where(eq(groupMemberships.userId, userId));
  return new Map(rows.map((row) => [row.groupId, row.role]));
}

/** The memberships of these users of the organization, by user, each user's by group name. */
export async function membershipsOf(db: DbOrTx, orgId: number, userIds: number[]): Promise<Map<number, Membership[]>> {
  const byUser = new Map<number, Membership[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({
      userId: groupMemberships.userId,
      groupId: groupMemberships.groupId,
      groupName: groups.name,
      role: groupMemberships.role,
    })
    .from(groupMemberships)
    .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
    .where(and(eq(groups.orgId, orgId), inArray(groupMemberships.userId, userIds)))
    .orderBy(asc(groups.name), asc(groups.id));
  for (const { userId, ...membership } of rows) byUser.set(userId, [...(byUser.get(userId) ?? []), membership]);
  return byUser;
}

/** A group's accounts, administrators first, then by email. */
export async function listGroupAccounts(db: DbOrTx, orgId: number, groupId: number): Promise<GroupAccount[]> {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: groupMemberships.role,
      disabledAt: users.disabledAt,
      passwordSet: sql<boolean>`${users.passwordHash} IS NOT NULL`,
    })
    .from(groupMemberships)
    .innerJoin(users, eq(users.id, groupMemberships.userId))
    .where(and(eq(users.orgId, orgId), eq(groupMemberships.groupId, groupId)))
    .orderBy(sql`${groupMemberships.role} = 'group-staff'`, asc(users.email));
  return rows.map(({ disabledAt, ...row }) => ({ ...row, disabled: disabledAt !== null }));
}

/** One account of the group, or undefined when the user is not one of its accounts. */
export async function findGroupAccount(
  db: DbOrTx,
  orgId: number,
  groupId: number,
  userId: number,
): Promise<GroupAccount | undefined> {
  return (await listGroupAccounts(db, orgId, groupId)).find((account) => account.userId === userId);
}

/** Adds the user to the group with this role, or changes its role there; the user's role follows. */
export async function putMembership(
  db: DbOrTx,
  input: { userId: number; groupId: number; role: GroupRole; byThemselves?: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (input.role === 'group-staff') await keepAnAdministrator(tx, input.groupId, input.userId, input.byThemselves);
    await tx
      .insert(groupMemberships)
      .values({ userId: input.userId, groupId: input.groupId, role: input.role })
      .onConflictDoUpdate({
        target: [groupMemberships.userId, groupMemberships.groupId],
        set: { role: input.role },
      });
    await settleRole(tx, input.userId);
  });
}

/** Takes the user off the group; the user's role follows (an account of no group reads nothing). */
export async function removeMembership(
  db: DbOrTx,
  input: { userId: number; groupId: number; byThemselves?: boolean },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await keepAnAdministrator(tx, input.groupId, input.userId, input.byThemselves);
    const removed = await tx
      .delete(groupMemberships)
      .where(and(eq(groupMemberships.userId, input.userId), eq(groupMemberships.groupId, input.groupId)))
      .returning({ userId: groupMemberships.userId });
    if (removed.length === 0) return false;
    await settleRole(tx, input.userId);
    return true;
  });
}

/**
 * Sets a group account's groups whole (the circuit's administrator through /users/): a group it had keeps its role
 * there unless `everyGroup`, a new one takes `role`.
 */
export async function setMemberships(
  db: DbOrTx,
  userId: number,
  input: { groupIds: number[]; role: GroupRole; everyGroup: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const groupIds = [...new Set(input.groupIds)];
    await tx
      .delete(groupMemberships)
      .where(and(eq(groupMemberships.userId, userId), notInArray(groupMemberships.groupId, groupIds)));
    const rows = groupIds.map((groupId) => ({ userId, groupId, role: input.role }));
    if (rows.length > 0) {
      const insert = tx.insert(groupMemberships).values(rows);
      await (input.everyGroup
        ? insert.onConflictDoUpdate({
            target: [groupMemberships.userId, groupMemberships.groupId],
            set: { role: input.role },
          })
        : insert.onConflictDoNothing());
    }
    await settleRole(tx, userId);
  });
}

/** A user that took one of the circuit's roles acts for no group any more. */
export async function clearMemberships(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(groupMemberships).where(eq(groupMemberships.userId, userId));
}

/** Which of these ids are groups of the organization. */
export async function groupsOfOrganization(db: DbOrTx, orgId: number, groupIds: number[]): Promise<Set<number>> {
  if (groupIds.length === 0) return new Set();
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.orgId, orgId), inArray(groups.id, groupIds)));
  return new Set(rows.map((row) => row.id));
}

/**
 * A group's last administrator cannot step down or leave by itself (someone must be able to add the next): the
 * circuit's administrator still can, for a director who left.
 */
async function keepAnAdministrator(tx: DbOrTx, groupId: number, userId: number, byThemselves = false) {
  if (!byThemselves) return;
  const [other] = await tx
    .select({ userId: groupMemberships.userId })
    .from(groupMemberships)
    .innerJoin(users, eq(users.id, groupMemberships.userId))
    .where(
      and(
        eq(groupMemberships.groupId, groupId),
        eq(groupMemberships.role, 'group-administrator'),
        ne(groupMemberships.userId, userId),
        isNull(users.disabledAt),
      ),
    )
    .limit(1);
  if (!other)
    throw new LastGroupAdministratorError(
      "You are this group's last administrator: add another administrator before you step down or leave",
    );
}

/** users.role of a group's account from its memberships, and every instance told. */
async function settleRole(tx: DbOrTx, userId: number) {
  await tx
    .update(users)
    .set({
      role: sql`CASE WHEN EXISTS (SELECT 1 FROM ${groupMemberships} WHERE ${groupMemberships.userId} = ${userId}
        AND ${groupMemberships.role} = 'group-administrator') THEN 'group-administrator' ELSE 'group-staff' END`,
    })
    .where(and(eq(users.id, userId), inArray(users.role, ['group-administrator', 'group-staff'])));
  await announceAuthChange(tx, 'users');
}

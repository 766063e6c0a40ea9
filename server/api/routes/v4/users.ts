/** The organization's users: listing, creating with a role and a password link, changing role or standing. */
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { ApiProblem, notFound } from '../../http/problem.js';
import { validBody } from '../../http/write-body.js';
import { createPasswordLink, createUser, newPasswordLink, UserDisabledError } from '../../auth/users.js';
import { isGroupRole, type Role } from '../../../../domain/roles.js';
import { RuleViolation } from '../../db/repositories/errors.js';
import {
  DuplicateUserError,
  findUserById,
  LastAdministratorError,
  listUsers,
  updateUser,
  type User,
} from '../../db/repositories/users.js';
import {
  clearMemberships,
  groupsOfOrganization,
  membershipsOf,
  setMemberships,
  type Membership,
} from '../../db/repositories/group-accounts.js';
import type { DbOrTx } from '../../db/database.js';
import * as routes from './users.routes.js';

export const userItem = (user: User, groups: Membership[] = []) => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  role: user.role,
  disabled: user.disabled,
  passwordSet: user.passwordSet,
  groups: groups.map((group) => ({ id: group.groupId, name: group.groupName, role: group.role })),
});

const linkItem = (link: { url: string; expiresAt: Date }) => ({
  url: link.url,
  expiresAt: link.expiresAt.toISOString(),
});

/**
 * A group's role goes with its groups and a circuit's role with none (decision 133): what the user's role will be
 * after the write decides which, and every id must be a group of the organization (422 naming groupIds).
 */
async function checkGroups(db: DbOrTx, orgId: number, role: Role, groupIds: number[] | undefined, had: boolean) {
  if (!isGroupRole(role)) {
    if (groupIds !== undefined)
      throw new RuleViolation('groupIds', `only a group's account has groups: the role "${role}" has none`);
    return;
  }
  if (groupIds === undefined) {
    if (!had) throw new RuleViolation('groupIds', `the role "${role}" needs the groups it acts for`);
    return;
  }
  const known = await groupsOfOrganization(db, orgId, groupIds);
  const unknown = groupIds.filter((id) => !known.has(id));
  if (unknown.length > 0) throw new RuleViolation('groupIds', `no group ${unknown.join(', ')} in this organization`);
}

export function resource(services: Services) {
  const db = services.database.db;
  const withGroups = async (orgId: number, user: User) =>
    userItem(user, (await membershipsOf(db, orgId, [user.id])).get(user.id));
  return newRouter()
    .openapi(routes.listUsers, async (c) => {
      const orgId = c.get('auth').orgId;
      const users = await listUsers(db, orgId);
      const groups = await membershipsOf(
        db,
        orgId,
        users.map((user) => user.id),
      );
      return c.json({ data: users.map((user) => userItem(user, groups.get(user.id))) }, 200, {
        'cache-control': 'no-store',
      });
    })
    .openapi(routes.createUser, async (c) => {
      const orgId = c.get('auth').orgId;
      const { groupIds, ...body } = validBody(c);
      const role = body.role ?? 'administrator';
      await checkGroups(db, orgId, role, groupIds, false);
      let user: User;
      try {
        user = await createUser(db, { orgId, ...body, role });
      } catch (error) {
        if (error instanceof DuplicateUserError)
          throw new ApiProblem(409, 'user_exists', error.message, [{ name: 'email', in: 'body', message: 'taken' }]);
        throw error;
      }
      if (isGroupRole(role) && groupIds) await setMemberships(db, user.id, { groupIds, role, everyGroup: true });
      const link = await createPasswordLink(db, user.id, new URL(c.req.url).origin);
      return c.json(
        { ...(await withGroups(orgId, (await findUserById(db, orgId, user.id))!)), passwordLink: linkItem(link) },
        201,
        { 'cache-control': 'no-store' },
      );
    })
    .openapi(routes.newPasswordLink, async (c) => {
      const orgId = c.get('auth').orgId;
      const { userId } = c.req.valid('param');
      let made;
      try {
        made = await newPasswordLink(db, { orgId, userId, baseUrl: new URL(c.req.url).origin });
      } catch (error) {
        if (error instanceof UserDisabledError) throw new ApiProblem(409, 'user_disabled', error.message);
        throw error;
      }
      if (!made) throw notFound(`User ${userId}`);
      return c.json({ ...(await withGroups(orgId, made.user)), passwordLink: linkItem(made.link) }, 201, {
        'cache-control': 'no-store',
      });
    })
    .openapi(routes.updateUser, async (c) => {
      const orgId = c.get('auth').orgId;
      const { userId } = c.req.valid('param');
      const { groupIds, ...patch } = validBody(c);
      const current = await findUserById(db, orgId, userId);
      if (!current) throw notFound(`User ${userId}`);
      const role = patch.role ?? current.role;
      await checkGroups(db, orgId, role, groupIds, isGroupRole(current.role));
      let user: User | undefined;
      try {
        user = await updateUser(db, orgId, userId, patch);
      } catch (error) {
        if (error instanceof LastAdministratorError) throw new ApiProblem(409, 'last_administrator', error.message);
        throw error;
      }
      if (!user) throw notFound(`User ${userId}`);
      if (!isGroupRole(role)) await clearMemberships(db, userId);
      else if (groupIds !== undefined || patch.role !== undefined) {
        const had = [...((await membershipsOf(db, orgId, [userId])).get(userId) ?? [])].map((m) => m.groupId);
        await setMemberships(db, userId, {
          groupIds: groupIds ?? had,
          role,
          everyGroup: patch.role !== undefined,
        });
      }
      c.set('authChanged', true);
      return c.json(await withGroups(orgId, (await findUserById(db, orgId, userId))!), 200);
    });
}

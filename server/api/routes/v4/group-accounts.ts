/**
 * A group's accounts (decision 133): its administrators add and remove its staff and other administrators with the
 * one-time links every account gets; the circuit's administrator can do the same for any group. A group's last
 * administrator cannot step down or leave by itself.
 */
import type { Context } from 'hono';
import { newRouter } from '../../router.js';
import type { AppEnv } from '../../http/context.js';
import type { Services } from '../../services.js';
import { ApiProblem, notFound } from '../../http/problem.js';
import { validBody } from '../../http/write-body.js';
import { actsForGroup, requireGroup } from '../../http/group-scope.js';
import { isGroupRole } from '../../../../domain/roles.js';
import { createPasswordLink, createUser, newPasswordLink, UserDisabledError } from '../../auth/users.js';
import { findUserByEmail } from '../../db/repositories/users.js';
import { findGroup } from '../../db/repositories/groups.read.js';
import {
  findGroupAccount,
  LastGroupAdministratorError,
  listGroupAccounts,
  membershipMap,
  putMembership,
  removeMembership,
} from '../../db/repositories/group-accounts.js';
import * as routes from './group-accounts.routes.js';

/** The caller may manage this group's accounts (a group administrator: its own groups only), and the group exists. */
async function groupOf(c: Context<AppEnv>, services: Services, groupId: number) {
  const auth = c.get('auth');
  if (c.get('permission') === 'manage-group-accounts')
    requireGroup(auth, groupId, 'manage-group-accounts', 'manage-users');
  if (!(await findGroup(services.database.db, auth.orgId, groupId))) throw notFound(`Group ${groupId}`);
  return auth;
}

/**
 * A group administrator hands a new link only to an account nobody has used yet that acts for its own groups alone:
 * a link to an account with a password, or one of another group too, would be someone else's way in.
 */
async function mayHandANewLink(
  c: Context<AppEnv>,
  services: Services,
  account: { passwordSet: boolean },
  userId: number,
) {
  if (c.get('permission') !== 'manage-group-accounts') return;
  if (account.passwordSet)
    throw new ApiProblem(
      409,
      'password_set',
      "This person has set a password already: the circuit's administrator makes them a new link",
    );
  const auth = c.get('auth');
  const theirs = await membershipMap(services.database.db, userId);
  if ([...theirs.keys()].some((groupId) => !actsForGroup(auth, groupId, 'manage-group-accounts')))
    throw new ApiProblem(
      409,
      'other_groups',
      "This account acts for another group too: the circuit's administrator makes them a new link",
    );
}

/** A group administrator changing its own place: the last one cannot (the circuit's administrator can). */
const byThemselves = (c: Context<AppEnv>, userId: number) =>
  c.get('permission') === 'manage-group-accounts' && c.get('auth').userId === userId;

async function keepingAnAdministrator<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof LastGroupAdministratorError)
      throw new ApiProblem(409, 'last_group_administrator', error.message);
    throw error;
  }
}

export function resource(services: Services) {
  const db = services.database.db;
  return newRouter()
    .openapi(routes.listGroupAccounts, async (c) => {
      const { groupId } = c.req.valid('param');
      const auth = await groupOf(c, services, groupId);
      return c.json({ data: (await listGroupAccounts(db, auth.orgId, groupId)).map(accountItem) }, 200, {
        'cache-control': 'private, no-store',
      });
    })
    .openapi(routes.addGroupAccount, async (c) => {
      const { groupId } = c.req.valid('param');
      const auth = await groupOf(c, services, groupId);
      const body = validBody(c);
      const existing = await findUserByEmail(db, { orgId: auth.orgId, email: body.email });
      if (existing && !isGroupRole(existing.role))
        throw new ApiProblem(
          409,
          'circuit_account',
          "This email is one of the circuit's own accounts: the circuit's administrator manages it",
          [{ name: 'email', in: 'body', message: "one of the circuit's accounts" }],
        );
      if (existing && (await findGroupAccount(db, auth.orgId, groupId, existing.id)))
        throw new ApiProblem(409, 'account_exists', "This email is already one of this group's accounts", [
          { name: 'email', in: 'body', message: 'already an account of this group' },
        ]);
      const user =
        existing ??
        (await createUser(db, {
          orgId: auth.orgId,
          email: body.email,
          role: body.role,
          firstName: body.firstName,
          lastName: body.lastName,
        }));
      await putMembership(db, { userId: user.id, groupId, role: body.role });
      const link = existing ? null : await createPasswordLink(db, user.id, new URL(c.req.url).origin);
      c.set('authChanged', true);
      const account = (await findGroupAccount(db, auth.orgId, groupId, user.id))!;
      return c.json(
        {
          ...accountItem(account),
          passwordLink: link && { url: link.url, expiresAt: link.expiresAt.toISOString() },
        },
        201,
        { 'cache-control': 'no-store' },
      );
    })
    .openapi(routes.changeGroupAccount, async (c) => {
      const { groupId, userId } = c.req.valid('param');
      const auth = await groupOf(c, services, groupId);
      if (!(await findGroupAccount(db, auth.orgId, groupId, userId)))
        throw notFound(`Account ${userId} of group ${groupId}`);
      const { role } = validBody(c);
      await keepingAnAdministrator(() =>
        putMembership(db, { userId, groupId, role, byThemselves: byThemselves(c, userId) }),
      );
      c.set('authChanged', true);
      return c.json(accountItem((await findGroupAccount(db, auth.orgId, groupId, userId))!), 200);
    })
    .openapi(routes.newGroupAccountLink, async (c) => {
      const { groupId, userId } = c.req.valid('param');
      const auth = await groupOf(c, services, groupId);
      const account = await findGroupAccount(db, auth.orgId, groupId, userId);
      if (!account) throw notFound(`Account ${userId} of group ${groupId}`);
      await mayHandANewLink(c, services, account, userId);
      let made;
      try {
        made = await newPasswordLink(db, { orgId: auth.orgId, userId, baseUrl: new URL(c.req.url).origin });
      } catch (error) {
        if (error instanceof UserDisabledError) throw new ApiProblem(409, 'user_disabled', error.message);
        throw error;
      }
      if (!made) throw notFound(`Account ${userId} of group ${groupId}`);
      return c.json(
        {
          ...accountItem(account),
          passwordLink: { url: made.link.url, expiresAt: made.link.expiresAt.toISOString() },
        },
        201,
        { 'cache-control': 'no-store' },
      );
    })
    .openapi(routes.removeGroupAccount, async (c) => {
      const { groupId, userId } = c.req.valid('param');
      const auth = await groupOf(c, services, groupId);
      if (!(await findGroupAccount(db, auth.orgId, groupId, userId)))
        throw notFound(`Account ${userId} of group ${groupId}`);
      await keepingAnAdministrator(() =>
        removeMembership(db, { userId, groupId, byThemselves: byThemselves(c, userId) }),
      );
      c.set('authChanged', true);
      return c.body(null, 204);
    });
}

const accountItem = ({ userId, ...account }: Awaited<ReturnType<typeof listGroupAccounts>>[number]) => ({
  id: userId,
  ...account,
});

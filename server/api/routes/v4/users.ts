/** The organization's users: listing, creating with a role and a password link, changing role or standing. */
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { ApiProblem, notFound } from '../../http/problem.js';
import { validBody } from '../../http/write-body.js';
import { createPasswordLink, createUser } from '../../auth/users.js';
import {
  DuplicateUserError,
  LastAdministratorError,
  listUsers,
  updateUser,
  type User,
} from '../../db/repositories/users.js';
import * as routes from './users.routes.js';

const userItem = (user: User) => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  role: user.role,
  disabled: user.disabled,
});

export function resource(services: Services) {
  const db = services.database.db;
  return newRouter()
    .openapi(routes.listUsers, async (c) => {
      const users = await listUsers(db, c.get('auth').orgId);
      return c.json({ data: users.map(userItem) }, 200, { 'cache-control': 'no-store' });
    })
    .openapi(routes.createUser, async (c) => {
      const orgId = c.get('auth').orgId;
      const body = validBody(c);
      let user: User;
      try {
        user = await createUser(db, { orgId, ...body });
      } catch (error) {
        if (error instanceof DuplicateUserError)
          throw new ApiProblem(409, 'user_exists', error.message, [{ name: 'email', in: 'body', message: 'taken' }]);
        throw error;
      }
      const link = await createPasswordLink(db, user.id, new URL(c.req.url).origin);
      return c.json(
        { ...userItem(user), passwordLink: { url: link.url, expiresAt: link.expiresAt.toISOString() } },
        201,
        { 'cache-control': 'no-store' },
      );
    })
    .openapi(routes.updateUser, async (c) => {
      const orgId = c.get('auth').orgId;
      const { userId } = c.req.valid('param');
      let user: User | undefined;
      try {
        user = await updateUser(db, orgId, userId, validBody(c));
      } catch (error) {
        if (error instanceof LastAdministratorError) throw new ApiProblem(409, 'last_administrator', error.message);
        throw error;
      }
      if (!user) throw notFound(`User ${userId}`);
      return c.json(userItem(user), 200);
    });
}

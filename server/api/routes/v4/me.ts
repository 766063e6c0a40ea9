/** GET /me: who the token speaks for, read fresh (a role changed a moment ago shows at once). */
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { permissionsOf } from '../../http/permissions.js';
import { findOrganizationById } from '../../db/repositories/organizations.js';
import { findApplicationByClientId } from '../../db/repositories/applications.js';
import { findUserById } from '../../db/repositories/users.js';
import * as routes from './me.routes.js';

export function resource(services: Services) {
  const db = services.database.db;
  return newRouter().openapi(routes.getMe, async (c) => {
    const auth = c.get('auth');
    const [organization, application, user] = await Promise.all([
      findOrganizationById(db, auth.orgId),
      findApplicationByClientId(db, auth.clientId),
      auth.userId === undefined ? undefined : findUserById(db, auth.orgId, auth.userId),
    ]);
    return c.json(
      {
        user: user ? { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName } : null,
        role: user?.role ?? null,
        key: {
          clientId: auth.clientId,
          name: application?.name ?? '',
          readOnly: application?.readOnly ?? auth.readOnly === true,
        },
        organization: { id: auth.orgId, guid: auth.orgGuid, name: organization?.name ?? '' },
        permissions: [...permissionsOf(auth)],
      },
      200,
      { 'cache-control': 'no-store' },
    );
  });
}

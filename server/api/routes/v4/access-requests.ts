/**
 * The circuit decides "find my group" requests (decision 133): approving makes the group's account, or adds the
 * group to the account the email already has; both are in the audit trail (the request's decision, and the
 * account's change as an entry of its own).
 */
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { ApiProblem, notFound } from '../../http/problem.js';
import { validBody } from '../../http/write-body.js';
import { isGroupRole } from '../../../../domain/roles.js';
import { createPasswordLink, createUser } from '../../auth/users.js';
import { findUserByEmail, findUserById } from '../../db/repositories/users.js';
import { membershipsOf, putMembership } from '../../db/repositories/group-accounts.js';
import {
  decideAccessRequest,
  findAccessRequest,
  listAccessRequests,
  type AccessRequest,
} from '../../db/repositories/access-requests.js';
import { snapshotOf } from '../../db/repositories/audit-snapshots.js';
import { noteForAudit } from '../../db/repositories/audit-notes.js';
import { isoTimestamp } from '../present/v4.js';
import { userItem } from './users.js';
import * as routes from './access-requests.routes.js';

const requestItem = (request: AccessRequest) => ({
  ...request,
  createdAt: isoTimestamp(request.createdAt),
  decidedAt: request.decidedAt && isoTimestamp(request.decidedAt),
});

export function resource(services: Services) {
  const db = services.database.db;
  return newRouter()
    .openapi(routes.listAccessRequests, async (c) => {
      const { state = 'pending' } = c.req.valid('query');
      const requests = await listAccessRequests(db, c.get('auth').orgId, state);
      return c.json({ data: requests.map(requestItem) }, 200, { 'cache-control': 'private, no-store' });
    })
    .openapi(routes.decideAccessRequest, async (c) => {
      const auth = c.get('auth');
      const { requestId } = c.req.valid('param');
      const body = validBody(c);
      const request = await findAccessRequest(db, auth.orgId, requestId);
      if (!request) throw notFound(`Access request ${requestId}`);
      if (request.state !== 'pending')
        throw new ApiProblem(409, 'already_decided', `This request was ${request.state} already`);
      const reason = body.reason ?? '';
      if (reason !== '') c.set('reason', reason);
      if (body.decision === 'refuse') {
        await decideAccessRequest(db, {
          orgId: auth.orgId,
          id: requestId,
          state: 'refused',
          decidedBy: auth.userId ?? null,
          reason,
        });
        return c.json(
          {
            request: requestItem((await findAccessRequest(db, auth.orgId, requestId))!),
            user: null,
            passwordLink: null,
          },
          200,
        );
      }
      const role = body.role ?? request.role;
      const existing = await findUserByEmail(db, { orgId: auth.orgId, email: request.email });
      if (existing && !isGroupRole(existing.role))
        throw new ApiProblem(
          409,
          'circuit_account',
          `${request.email} is one of the circuit's own accounts (${existing.role}): change it in Users instead`,
        );
      const before = existing ? (await snapshotOf(db, auth.orgId, 'user', existing.id))?.state : null;
      const user =
        existing ??
        (await createUser(db, {
          orgId: auth.orgId,
          email: request.email,
          role,
          firstName: request.firstName,
          lastName: request.lastName,
        }));
      await putMembership(db, { userId: user.id, groupId: request.group.id, role });
      const link = existing ? null : await createPasswordLink(db, user.id, new URL(c.req.url).origin);
      await decideAccessRequest(db, {
        orgId: auth.orgId,
        id: requestId,
        state: 'approved',
        decidedBy: auth.userId ?? null,
        reason,
      });
      noteForAudit({
        action: existing ? 'group-account.add' : 'user.create',
        resource: { type: 'user', id: String(user.id) },
        competitionId: null,
        before: before ?? null,
        after: (await snapshotOf(db, auth.orgId, 'user', user.id))?.state ?? null,
      });
      c.set('authChanged', true);
      const account = (await findUserById(db, auth.orgId, user.id))!;
      return c.json(
        {
          request: requestItem((await findAccessRequest(db, auth.orgId, requestId))!),
          user: userItem(account, (await membershipsOf(db, auth.orgId, [user.id])).get(user.id)),
          passwordLink: link && { url: link.url, expiresAt: link.expiresAt.toISOString() },
        },
        200,
      );
    });
}

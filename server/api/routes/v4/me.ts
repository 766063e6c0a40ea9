/**
 * GET /me: who the token speaks for, read fresh (a role changed a moment ago shows at once); GET /me/seats: a judge's
 * seats with its entries, ETagged (decision 124).
 */
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { permissionsOf } from '../../http/permissions.js';
import { findOrganizationById } from '../../db/repositories/organizations.js';
import { findApplicationByClientId } from '../../db/repositories/applications.js';
import { findUserById } from '../../db/repositories/users.js';
import { membershipsOf } from '../../db/repositories/group-accounts.js';
import * as routes from './me.routes.js';
import { seatsOfUser } from '../../db/repositories/seats.read.js';
import { isoTimestamp } from '../present/v4.js';
import { etaggedJson } from '../../http/cached-json.js';

/** The smallest change of a line's number: the sheet's own step where it gives one, else the 0.001 every line takes. */
function stepOf(line: object): number {
  const step: unknown = (line as { step?: unknown }).step;
  return typeof step === 'number' && step > 0 ? step : 0.001;
}

export function resource(services: Services) {
  const db = services.database.db;
  return newRouter()
    .openapi(routes.getMySeats, async (c) => {
      const auth = c.get('auth');
      const { competitionId } = c.req.valid('query');
      const userId = auth.userId;
      // its reads in one transaction, as the console's progress (docs/decisions/104-console-reads-in-one-transaction.md)
      const seats =
        userId === undefined
          ? []
          : await services.database.transaction(() => seatsOfUser(db, auth.orgId, userId, competitionId));
      // ETagged: a judge's page's watcher in the BFF asks every few seconds, and an unchanged answer is a 304
      return etaggedJson(
        c,
        {
          data: seats.map((seat) => ({
            competition: {
              id: seat.competition.id,
              guid: seat.competition.guid,
              name: seat.competition.name,
              date: isoTimestamp(seat.competition.startsAt),
              commentaryEnabled: seat.competition.commentaryEnabled,
            },
            round: seat.round,
            division: seat.division,
            category: seat.category,
            caption: {
              key: seat.caption.key,
              name: seat.caption.name,
              initials: seat.caption.initials,
              subcaptions: seat.caption.subcaptions.map((line) => ({
                key: line.key,
                name: line.name,
                initials: line.initials,
                max: line.max,
                step: stepOf(line),
                weight: line.weight,
              })),
              digits: seat.digits,
            },
            performances: seat.performances.map((performance) => ({
              ...performance,
              time: performance.time ? isoTimestamp(performance.time) : null,
            })),
          })),
        },
        // a judge's own unreleased numbers: never kept by a shared cache
        { 'cache-control': 'no-store' },
      );
    })
    .openapi(routes.getMe, async (c) => {
      const auth = c.get('auth');
      const [organization, application, user, groups] = await Promise.all([
        findOrganizationById(db, auth.orgId),
        findApplicationByClientId(db, auth.clientId),
        auth.userId === undefined ? undefined : findUserById(db, auth.orgId, auth.userId),
        auth.userId === undefined ? undefined : membershipsOf(db, auth.orgId, [auth.userId]),
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
          groups: (user ? (groups?.get(user.id) ?? []) : []).map((group) => ({
            id: group.groupId,
            name: group.groupName,
            role: group.role,
          })),
        },
        200,
        { 'cache-control': 'no-store' },
      );
    });
}

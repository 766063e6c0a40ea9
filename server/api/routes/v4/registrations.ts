/** Registration for contests (issue 39, item 3; decision 136): the circuit's registration and the groups'. */
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { ApiProblem, notFound } from '../../http/problem.js';
import { requireGroup } from '../../http/group-scope.js';
import { validBody } from '../../http/write-body.js';
import type { DbOrTx } from '../../db/database.js';
import type { WindowRow, RegistrationRow } from '../../db/repositories/registrations.js';
import {
  competitionRegistrations,
  decide,
  divisionsByIds,
  findRegistration,
  findWindow,
  groupRegistrations,
  markPaid,
  openWindows,
  register,
  RegistrationConflict,
  saveWindow,
  withdraw,
} from '../../db/repositories/registrations.js';
import { findCompetition } from '../../db/repositories/competitions.read.js';
import { findGroup } from '../../db/repositories/groups.read.js';
import { isoTimestamp } from '../present/v4.js';
import * as routes from './registrations.routes.js';

/** A group's registrations are the group's: never kept by a shared cache. */
const PRIVATE = { 'cache-control': 'private, no-store' };

const inWords = (error: unknown): never => {
  if (error instanceof RegistrationConflict) throw new ApiProblem(409, error.code, error.message);
  throw error;
};

export const presentRegistration = (row: RegistrationRow) => ({
  id: row.id,
  competition: { id: row.competitionId, name: row.competitionName },
  division: { id: row.divisionId, name: row.divisionName },
  group: { id: row.groupId, name: row.groupName },
  state: row.state,
  reason: row.reason,
  paid: row.paid,
  performanceId: row.performanceId,
  registeredAt: isoTimestamp(row.createdAt),
  updatedAt: isoTimestamp(row.updatedAt),
});

async function presentWindow(
  db: DbOrTx,
  orgId: number,
  window: WindowRow,
  competition: { id: number; guid: string; name: string; startsAt: Date },
  rows: readonly RegistrationRow[],
  now: Date,
) {
  const names = new Map(
    (
      await divisionsByIds(
        db,
        orgId,
        window.divisions.map((d) => d.divisionId),
      )
    ).map((d) => [d.id, d] as const),
  );
  const count = (divisionId: number, state: string) =>
    rows.filter((row) => row.divisionId === divisionId && row.state === state).length;
  return {
    competition: {
      id: competition.id,
      guid: competition.guid,
      name: competition.name,
      date: isoTimestamp(competition.startsAt),
    },
    opensAt: isoTimestamp(window.opensAt),
    closesAt: isoTimestamp(window.closesAt),
    open: window.opensAt <= now && now < window.closesAt,
    note: window.note,
    divisions: window.divisions.map((offered) => ({
      divisionId: offered.divisionId,
      divisionName: names.get(offered.divisionId)?.name ?? '',
      capacity: offered.capacity,
      feeCents: offered.feeCents,
      accepted: count(offered.divisionId, 'accepted'),
      waitlisted: count(offered.divisionId, 'waitlisted'),
    })),
  };
}

async function competitionRegistration(db: DbOrTx, orgId: number, competitionId: number) {
  const competition = await findCompetition(db, orgId, { id: competitionId });
  if (!competition) throw notFound(`Competition ${competitionId}`);
  const [window, rows] = await Promise.all([
    findWindow(db, orgId, competitionId),
    competitionRegistrations(db, orgId, competitionId),
  ]);
  return {
    registration: window ? await presentWindow(db, orgId, window, competition, rows, new Date()) : null,
    registrations: rows.map(presentRegistration),
  };
}

async function registrationOr404(db: DbOrTx, orgId: number, id: number) {
  const row = await findRegistration(db, orgId, id);
  if (!row) throw notFound(`Registration ${id}`);
  return presentRegistration(row);
}

export function resource(services: Services) {
  const db = services.database.db;
  return newRouter()
    .openapi(routes.getCompetitionRegistration, async (c) => {
      const { competitionId } = c.req.valid('param');
      return c.json(await competitionRegistration(db, c.get('auth').orgId, competitionId), 200, PRIVATE);
    })
    .openapi(routes.saveCompetitionRegistration, async (c) => {
      const orgId = c.get('auth').orgId;
      const { competitionId } = c.req.valid('param');
      const body = validBody(c);
      await saveWindow(db, orgId, competitionId, {
        opensAt: body.opensAt,
        closesAt: body.closesAt,
        note: body.note ?? '',
        divisions: body.divisions,
      });
      return c.json(await competitionRegistration(db, orgId, competitionId), 200);
    })
    .openapi(routes.decideRegistration, async (c) => {
      const orgId = c.get('auth').orgId;
      const { registrationId } = c.req.valid('param');
      const body = validBody(c);
      await decide(db, orgId, registrationId, { state: body.state, reason: body.reason ?? '' }).catch(inWords);
      return c.json(await registrationOr404(db, orgId, registrationId), 200);
    })
    .openapi(routes.markRegistrationPaid, async (c) => {
      const orgId = c.get('auth').orgId;
      const { registrationId } = c.req.valid('param');
      await markPaid(db, orgId, registrationId, validBody(c).paid);
      return c.json(await registrationOr404(db, orgId, registrationId), 200);
    })
    .openapi(routes.listGroupRegistrations, async (c) => {
      const auth = c.get('auth');
      const { groupId } = c.req.valid('param');
      if (c.get('permission') === 'read-group') requireGroup(auth, groupId, 'read-group', 'set-up');
      const group = await findGroup(db, auth.orgId, groupId);
      if (!group) throw notFound(`Group ${groupId}`);
      const now = new Date();
      const [windows, rows] = await Promise.all([
        openWindows(db, auth.orgId, now),
        groupRegistrations(db, auth.orgId, groupId),
      ]);
      const divisionIds = [...new Set(windows.flatMap(({ window }) => window.divisions.map((d) => d.divisionId)))];
      const enterable = new Set(
        (await divisionsByIds(db, auth.orgId, divisionIds))
          .filter((division) => division.groupTypeId === group.groupType.id)
          .map((division) => division.id),
      );
      const open = await Promise.all(
        windows
          .map(({ window, competitionName, competitionGuid, startsAt }) => ({
            window: { ...window, divisions: window.divisions.filter((d) => enterable.has(d.divisionId)) },
            competition: { id: window.competitionId, guid: competitionGuid, name: competitionName, startsAt },
          }))
          .filter(({ window }) => window.divisions.length > 0)
          .map(async ({ window, competition }) =>
            presentWindow(
              db,
              auth.orgId,
              window,
              competition,
              await competitionRegistrations(db, auth.orgId, competition.id),
              now,
            ),
          ),
      );
      return c.json({ open, data: rows.map(presentRegistration) }, 200, PRIVATE);
    })
    .openapi(routes.registerGroup, async (c) => {
      const auth = c.get('auth');
      const { groupId } = c.req.valid('param');
      if (c.get('permission') === 'register-group') requireGroup(auth, groupId, 'register-group', 'set-up');
      const body = validBody(c);
      const id = await register(db, auth.orgId, groupId, body, new Date()).catch(inWords);
      return c.json(await registrationOr404(db, auth.orgId, id), 201, PRIVATE);
    })
    .openapi(routes.withdrawRegistration, async (c) => {
      const auth = c.get('auth');
      const { groupId, registrationId } = c.req.valid('param');
      if (c.get('permission') === 'register-group') requireGroup(auth, groupId, 'register-group', 'set-up');
      await withdraw(db, auth.orgId, groupId, registrationId).catch(inWords);
      return c.json(await registrationOr404(db, auth.orgId, registrationId), 200, PRIVATE);
    });
}

/**
 * v3 reads as the hosted service's real clients call them (no trailing slash, under /v3/). The records are the
 * v4 records and lists are wrapped in {data} as in v4 (README: "Designed shapes"); filters are the v4 filters.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { cachedJson, originOf, pagingHeaders } from '../../http/cached-json.js';
import { notFound } from '../../http/problem.js';
import { competitionsOfEvents, findEvent, listEvents } from '../../db/read/events.js';
import { findGroup, listGroups } from '../../db/read/groups.js';
import { listDivisions } from '../../db/read/divisions.js';
import { currentSeasonId, findSeason, listSeasons, todayUtc } from '../../db/read/seasons.js';
import { errorResponses, IntId, notFoundResponse, Paging } from '../schemas/common.js';
import { Division, Event, EventListItem, Group, list, Season } from '../schemas/v4.js';
import { eventListItem, eventWithCompetitions, groupItem, seasonItem } from '../present/v4.js';
import { EventQuery } from '../v4/events.js';
import { GroupQuery } from '../v4/groups.js';
import { DivisionQuery } from '../v4/reference.js';

const ok = <T extends z.ZodTypeAny>(schema: T, description: string) => ({
  200: { description, content: { 'application/json': { schema } } },
  ...errorResponses,
});

const routes = {
  seasons: createRoute({ method: 'get', path: '/seasons', summary: 'List seasons (v3)', request: { query: z.strictObject({}) }, responses: ok(list(Season, 'SeasonList'), 'Seasons') }),
  season: createRoute({
    method: 'get',
    path: '/seasons/{seasonId}',
    summary: 'Retrieve a season (v3)',
    request: { params: z.object({ seasonId: IntId('seasonId') }) },
    responses: { ...ok(Season, 'The season'), ...notFoundResponse },
  }),
  events: createRoute({ method: 'get', path: '/events', summary: 'List events (v3)', request: { query: EventQuery }, responses: ok(list(EventListItem, 'EventList'), 'Events') }),
  event: createRoute({
    method: 'get',
    path: '/events/{eventId}',
    summary: 'Retrieve an event (v3)',
    request: { params: z.object({ eventId: IntId('eventId') }) },
    responses: { ...ok(Event, 'The event'), ...notFoundResponse },
  }),
  groups: createRoute({ method: 'get', path: '/groups', summary: 'List groups (v3)', request: { query: GroupQuery }, responses: ok(list(Group, 'GroupList'), 'Groups') }),
  divisions: createRoute({ method: 'get', path: '/divisions', summary: 'List divisions (v3)', request: { query: DivisionQuery }, responses: ok(list(Division, 'DivisionList'), 'Divisions') }),
  groupEvents: createRoute({
    method: 'get',
    path: '/groups/{groupId}/events',
    summary: 'Events a group performs at (v3)',
    request: { params: z.object({ groupId: IntId('groupId') }), query: z.strictObject({ ...Paging }) },
    responses: { ...ok(list(EventListItem, 'EventList'), 'Events in date order'), ...notFoundResponse },
  }),
};

export function v3Routes(services: Services) {
  const db = services.database.db;
  const orgOf = (c: { get(key: 'auth'): { orgId: number } }) => c.get('auth').orgId;
  return newRouter()
    .openapi(routes.seasons, (c) =>
      cachedJson(c, services, async () => {
        const rows = await listSeasons(db, orgOf(c));
        const current = currentSeasonId(rows, todayUtc());
        return { body: { data: rows.map((row) => seasonItem(row, current)) } };
      }) as never,
    )
    .openapi(routes.season, (c) => {
      const { seasonId } = c.req.valid('param');
      return cachedJson(c, services, async () => {
        const season = await findSeason(db, orgOf(c), seasonId);
        if (!season) throw notFound(`Season ${seasonId}`);
        return { body: seasonItem(season, currentSeasonId(await listSeasons(db, orgOf(c)), todayUtc())) };
      }) as never;
    })
    .openapi(routes.events, (c) => {
      const { limit = 100, offset = 0, ...filters } = c.req.valid('query');
      return cachedJson(c, services, async () => {
        const { rows, total } = await listEvents(db, orgOf(c), filters, { limit, offset });
        return { body: { data: rows.map(eventListItem) }, headers: pagingHeaders(c, total, limit, offset) };
      }) as never;
    })
    .openapi(routes.event, (c) => {
      const { eventId } = c.req.valid('param');
      return cachedJson(c, services, async () => {
        const event = await findEvent(db, orgOf(c), eventId);
        if (!event) throw notFound(`Event ${eventId}`);
        return { body: eventWithCompetitions(event, await competitionsOfEvents(db, orgOf(c), [event.id]), originOf(c)) };
      }) as never;
    })
    .openapi(routes.groups, (c) => {
      const { limit = 100, offset = 0, ...filters } = c.req.valid('query');
      return cachedJson(c, services, async () => {
        const { rows, total } = await listGroups(db, orgOf(c), filters, { limit, offset });
        return { body: { data: rows.map(groupItem) }, headers: pagingHeaders(c, total, limit, offset) };
      }) as never;
    })
    .openapi(routes.divisions, (c) => {
      const filters = c.req.valid('query');
      return cachedJson(c, services, async () => ({ body: { data: await listDivisions(db, orgOf(c), filters) } })) as never;
    })
    .openapi(routes.groupEvents, (c) => {
      const { groupId } = c.req.valid('param');
      const { limit = 100, offset = 0 } = c.req.valid('query');
      return cachedJson(c, services, async () => {
        if (!(await findGroup(db, orgOf(c), groupId))) throw notFound(`Group ${groupId}`);
        const { rows, total } = await listEvents(db, orgOf(c), { groupId }, { limit, offset });
        return { body: { data: rows.map(eventListItem) }, headers: pagingHeaders(c, total, limit, offset) };
      }) as never;
    });
}

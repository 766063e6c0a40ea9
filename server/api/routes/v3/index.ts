/**
 * v3 reads as the hosted service's real clients call them (no trailing slash, under /v3/). The records are the
 * v4 records and lists are wrapped in {data} as in v4 (docs/api.md: "Designed shapes"); filters are the v4 filters.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { cachedJson, pagingHeaders } from '../../http/cached-json.js';
import { notFound } from '../../http/problem.js';
import { listEvents } from '../../db/repositories/events.read.js';
import { findGroup } from '../../db/repositories/groups.read.js';
import { findSeason } from '../../db/repositories/seasons.read.js';
import { currentSeason } from '../../db/repositories/current-season.js';
import { errorResponses, notFoundResponse, Paging } from '../schemas/common.js';
import { IntId } from '../schemas/scalars.js';
import { Division, Event, EventListItem, Group, list, Season } from '../schemas/v4.js';
import { eventListItem, seasonItem } from '../present/v4.js';
import { eventHandlers } from '../v4/events.js';
import { EventQuery } from '../v4/events.routes.js';
import { listGroupsHandler } from '../v4/groups.js';
import { GroupQuery } from '../v4/groups.routes.js';
import { listDivisionsHandler } from '../v4/divisions.js';
import { DivisionQuery } from '../v4/divisions.routes.js';
import { listSeasonsHandler } from '../v4/seasons.js';

const ok = <T extends z.ZodTypeAny>(schema: T, description: string) => ({
  200: { description, content: { 'application/json': { schema } } },
  ...errorResponses,
});

const routes = {
  seasons: createRoute({
    method: 'get',
    path: '/seasons',
    summary: 'List seasons (v3)',
    request: { query: z.strictObject({}) },
    responses: ok(list(Season, 'SeasonList'), 'Seasons'),
  }),
  season: createRoute({
    method: 'get',
    path: '/seasons/{seasonId}',
    summary: 'Retrieve a season (v3)',
    request: { params: z.object({ seasonId: IntId('seasonId') }) },
    responses: { ...ok(Season, 'The season'), ...notFoundResponse },
  }),
  events: createRoute({
    method: 'get',
    path: '/events',
    summary: 'List events (v3)',
    request: { query: EventQuery },
    responses: ok(list(EventListItem, 'EventList'), 'Events'),
  }),
  event: createRoute({
    method: 'get',
    path: '/events/{eventId}',
    summary: 'Retrieve an event (v3)',
    request: { params: z.object({ eventId: IntId('eventId') }) },
    responses: { ...ok(Event, 'The event'), ...notFoundResponse },
  }),
  groups: createRoute({
    method: 'get',
    path: '/groups',
    summary: 'List groups (v3)',
    request: { query: GroupQuery },
    responses: ok(list(Group, 'GroupList'), 'Groups'),
  }),
  divisions: createRoute({
    method: 'get',
    path: '/divisions',
    summary: 'List divisions (v3)',
    request: { query: DivisionQuery },
    responses: ok(list(Division, 'DivisionList'), 'Divisions'),
  }),
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
  const events = eventHandlers(services);
  const seasonList = listSeasonsHandler(services);
  const divisionList = listDivisionsHandler(services);
  const listGroups = listGroupsHandler(services);
  return newRouter()
    .openapi(routes.seasons, (c) => seasonList(c))
    .openapi(routes.season, (c) => {
      const { seasonId } = c.req.valid('param');
      return cachedJson(c, services, async () => {
        const orgId = c.get('auth').orgId;
        const season = await findSeason(db, orgId, seasonId);
        if (!season) throw notFound(`Season ${seasonId}`);
        return { body: seasonItem(season, await currentSeason(db, orgId)) };
      });
    })
    .openapi(routes.events, (c) => events.list(c, c.req.valid('query')))
    .openapi(routes.event, (c) => events.get(c, c.req.valid('param').eventId))
    .openapi(routes.groups, (c) => listGroups(c, c.req.valid('query')))
    .openapi(routes.divisions, (c) => divisionList(c, c.req.valid('query')))
    .openapi(routes.groupEvents, (c) => {
      const { groupId } = c.req.valid('param');
      const { limit, offset = 0 } = c.req.valid('query');
      return cachedJson(c, services, async () => {
        const orgId = c.get('auth').orgId;
        if (!(await findGroup(db, orgId, groupId))) throw notFound(`Group ${groupId}`);
        const { rows, total } = await listEvents(db, orgId, { groupId }, { limit, offset });
        return { body: { data: rows.map(eventListItem) }, headers: pagingHeaders(c, total, limit, offset) };
      });
    });
}

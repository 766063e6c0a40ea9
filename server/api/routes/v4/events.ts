import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { cachedJson, originOf, pagingHeaders } from '../../http/cached-json.js';
import { notFound } from '../../http/problem.js';
import { competitionsOfEvents, findEvent, listEvents } from '../../db/read/events.js';
import { errorResponses, notFoundResponse, Paging, QueryBoolean } from '../schemas/common.js';
import { IntId, IsoDate, PositiveInt, SearchText } from '../schemas/scalars.js';
import { Event, EventListItem, list } from '../schemas/v4.js';
import { eventListItem, eventWithCompetitions } from '../present/v4.js';

export const EventQuery = z.strictObject({
  seasonId: PositiveInt.optional().openapi({ description: 'only events of this season' }),
  eventTypeId: PositiveInt.optional(),
  practice: QueryBoolean.optional().openapi({ description: 'true: only practice events; false: hide them' }),
  from: IsoDate.optional().openapi({ description: 'events starting on or after this date (YYYY-MM-DD)' }),
  to: IsoDate.optional().openapi({ description: 'events starting on or before this date (YYYY-MM-DD)' }),
  q: SearchText.optional(),
  ...Paging,
});

const listRoute = createRoute({
  method: 'get',
  path: '/events/',
  summary: 'List events',
  request: { query: EventQuery },
  responses: { 200: { description: 'Events in date order', content: { 'application/json': { schema: list(EventListItem, 'EventList') } } }, ...errorResponses },
});

const getRoute = createRoute({
  method: 'get',
  path: '/events/{eventId}',
  summary: 'Retrieve an event with its competitions',
  request: { params: z.object({ eventId: IntId('eventId') }) },
  responses: { 200: { description: 'The event', content: { 'application/json': { schema: Event } } }, ...errorResponses, ...notFoundResponse },
});

/** The event reads, shared by v4 and v3 (same records, same filters). */
export function eventHandlers(services: Services) {
  const db = services.database.db;
  return {
    list: (c: Context<AppEnv>, query: z.infer<typeof EventQuery>) => {
      const { limit = 100, offset = 0, ...filters } = query;
      return cachedJson(c, services, async () => {
        const { rows, total } = await listEvents(db, c.get('auth').orgId, filters, { limit, offset });
        return { body: { data: rows.map(eventListItem) }, headers: pagingHeaders(c, total, limit, offset) };
      }) as never;
    },
    get: (c: Context<AppEnv>, eventId: number) =>
      cachedJson(c, services, async () => {
        const orgId = c.get('auth').orgId;
        const event = await findEvent(db, orgId, eventId);
        if (!event) throw notFound(`Event ${eventId}`);
        return { body: eventWithCompetitions(event, await competitionsOfEvents(db, orgId, [event.id]), originOf(c)) };
      }) as never,
  };
}

export function eventRoutes(services: Services) {
  const events = eventHandlers(services);
  return newRouter()
    .openapi(listRoute, (c) => events.list(c, c.req.valid('query')))
    .openapi(getRoute, (c) => events.get(c, c.req.valid('param').eventId));
}

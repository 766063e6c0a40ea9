/** Events: the list and one event (shared with v3), creating and updating an event, creating a competition in it. */
import type { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { cachedJson, originOf, pagingHeaders } from '../../http/cached-json.js';
import { publishedPages } from '../pages/addresses.js';
import { notFound } from '../../http/problem.js';
import { referencing, validBody } from '../../http/write-body.js';
import { competitionsOfEvents, findEvent, listEvents } from '../../db/repositories/events.read.js';
import { createEvent, updateEvent } from '../../db/repositories/events.write.js';
import { createCompetition } from '../../db/repositories/competitions.write.js';
import { ensureRound } from '../../db/repositories/rounds.write.js';
import { RuleViolation } from '../../db/repositories/errors.js';
import { competitionItem, eventListItem, eventWithCompetitions } from '../present/v4.js';
import * as routes from './events.routes.js';

/** The caller's organization's published pages, at the origin it reached us at. */
const pagesOf = (c: Context<AppEnv>) => publishedPages(originOf(c), c.get('auth').orgGuid);

/** The event reads, shared by v4 and v3 (same records, same filters). */
export function eventHandlers(services: Services) {
  const db = services.database.db;
  return {
    list: (c: Context<AppEnv>, query: z.infer<typeof routes.EventQuery>) => {
      const { limit, offset = 0, ...filters } = query;
      return cachedJson(c, services, async () => {
        const { rows, total } = await listEvents(db, c.get('auth').orgId, filters, { limit, offset });
        return { body: { data: rows.map(eventListItem) }, headers: pagingHeaders(c, total, limit, offset) };
      });
    },
    get: (c: Context<AppEnv>, eventId: number) =>
      cachedJson(c, services, async () => {
        const orgId = c.get('auth').orgId;
        const event = await findEvent(db, orgId, eventId);
        if (!event) throw notFound(`Event ${eventId}`);
        return { body: eventWithCompetitions(event, await competitionsOfEvents(db, orgId, [event.id]), pagesOf(c)) };
      }),
  };
}

export function resource(services: Services) {
  const db = services.database.db;
  const events = eventHandlers(services);
  return newRouter()
    .openapi(routes.listEvents, (c) => events.list(c, c.req.valid('query')))
    .openapi(routes.getEvent, (c) => events.get(c, c.req.valid('param').eventId))
    .openapi(routes.createEvent, async (c) => {
      const orgId = c.get('auth').orgId;
      const row = await referencing({ season: 'seasonId' }, () => createEvent(db, orgId, validBody(c)));
      const event = await findEvent(db, orgId, row.id);
      return c.json(eventWithCompetitions(event, await competitionsOfEvents(db, orgId, [event.id]), pagesOf(c)), 201);
    })
    .openapi(routes.updateEvent, async (c) => {
      const orgId = c.get('auth').orgId;
      const { eventId } = c.req.valid('param');
      await referencing({ season: 'seasonId' }, () => updateEvent(db, orgId, { eventId, ...validBody(c) }));
      const event = await findEvent(db, orgId, eventId);
      return c.json(eventWithCompetitions(event, await competitionsOfEvents(db, orgId, [event.id]), pagesOf(c)), 200);
    })
    .openapi(routes.createCompetition, async (c) => {
      const orgId = c.get('auth').orgId;
      const { eventId } = c.req.valid('param');
      const { date, rounds = [{ number: 1, name: '' }], ...rest } = validBody(c);
      // A round is known by its number: a second round 1 would silently rename the first.
      const repeated = rounds.find(
        (round, index) => rounds.findIndex((other) => other.number === round.number) !== index,
      );
      if (repeated) throw new RuleViolation('rounds', `round ${repeated.number} is listed more than once`);
      const competition = await createCompetition(db, orgId, { ...rest, eventId, startsAt: date });
      for (const round of rounds) await ensureRound(db, orgId, { competitionId: competition.id, ...round });
      return c.json(competitionItem(competition, pagesOf(c)), 201);
    });
}

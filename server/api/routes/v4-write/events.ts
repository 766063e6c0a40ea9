import { createRoute, z } from '@hono/zod-openapi';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { originOf } from '../../http/cached-json.js';
import { createEvent } from '../../db/write/events.js';
import { createCompetition } from '../../db/write/competitions.js';
import { ensureRound } from '../../db/write/rounds.js';
import { competitionsOfEvents, findEvent } from '../../db/read/events.js';
import { Int, IntId, IsoDate, PositiveInt, Text, Timestamp } from '../schemas/scalars.js';
import { Competition, Event } from '../schemas/v4.js';
import { competitionItem, eventWithCompetitions } from '../present/v4.js';
import { BoolField, bodyOf, referencing, validBody } from './body.js';
import { writeErrors } from './groups.js';
import { RuleViolation } from '../../db/write/errors.js';

const CreateEventBody = z
  .strictObject({
    seasonId: PositiveInt,
    name: Text(200).min(1),
    location: Text(200).optional(),
    eventTypeId: PositiveInt.openapi({ description: '1 Regular Season, 2 Championship, 3 Practice, 4 Clinic, 5 Regional' }),
    practice: BoolField.optional(),
    videoEnabled: BoolField.optional(),
    commentaryEnabled: BoolField.optional(),
    startDate: IsoDate.openapi({ description: 'first day, YYYY-MM-DD' }),
  })
  .openapi('CreateEvent');

const CreateCompetitionBody = z
  .strictObject({
    name: Text(200).min(1),
    date: Timestamp.openapi({ description: 'start, ISO 8601 with time zone' }),
    groupTypeId: PositiveInt.openapi({ description: '1 Color Guard, 2 Percussion, 3 Winds, 4 Marching Band, 5 Drum Corps' }),
    chiefJudge: Text(200).optional(),
    orgCompetitionId: Text(100).optional(),
    rounds: z
      .array(z.strictObject({ number: Int(1, 20), name: Text(100) }))
      .max(20)
      .optional()
      .openapi({ description: 'default: one round, number 1, unnamed (JSON bodies only)' }),
  })
  .openapi('CreateCompetition');

const createEventRoute = createRoute({
  method: 'post',
  path: '/events/',
  summary: 'Create an event',
  request: { body: bodyOf(CreateEventBody, 'The new event') },
  responses: { 201: { description: 'Created (with no competitions yet)', content: { 'application/json': { schema: Event } } }, ...writeErrors },
});

const createCompetitionRoute = createRoute({
  method: 'post',
  path: '/events/{eventId}/competitions',
  summary: 'Create a competition in an event',
  request: { params: z.object({ eventId: IntId('eventId') }), body: bodyOf(CreateCompetitionBody, 'The new competition') },
  responses: { 201: { description: 'Created', content: { 'application/json': { schema: Competition } } }, ...writeErrors },
});

export function eventWriteRoutes(services: Services) {
  const db = services.database.db;
  return newRouter()
    .openapi(createEventRoute, async (c) => {
      const orgId = c.get('auth').orgId;
      const row = await referencing({ season: 'seasonId' }, () => createEvent(db, orgId, validBody<z.infer<typeof CreateEventBody>>(c)));
      services.cache.invalidate(orgId);
      const event = (await findEvent(db, orgId, row.id))!;
      return c.json(eventWithCompetitions(event, await competitionsOfEvents(db, orgId, [event.id]), originOf(c)), 201);
    })
    .openapi(createCompetitionRoute, async (c) => {
      const orgId = c.get('auth').orgId;
      const { eventId } = c.req.valid('param');
      const { date, rounds = [{ number: 1, name: '' }], ...rest } = validBody<z.infer<typeof CreateCompetitionBody>>(c);
      // A round is known by its number: a second round 1 would silently rename the first.
      const repeated = rounds.find((round, index) => rounds.findIndex((other) => other.number === round.number) !== index);
      if (repeated) throw new RuleViolation('rounds', `round ${repeated.number} is listed more than once`);
      const row = await db.transaction(async (tx) => {
        const competition = await createCompetition(tx, orgId, { ...rest, eventId, startsAt: date });
        for (const round of rounds) await ensureRound(tx, orgId, { competitionId: competition.id, ...round });
        return competition;
      });
      services.cache.invalidate(orgId);
      return c.json(competitionItem(row, originOf(c)), 201);
    });
}

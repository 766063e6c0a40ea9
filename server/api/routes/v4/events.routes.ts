/** The event operations' declarations: paths, parameters, bodies and answers (served by events.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { permitted } from '../../http/permissions.js';
import { GROUP_TYPE_IDS_DESCRIPTION } from '../../../../domain/group-types.js';
import { BoolField, bodyOf } from '../../http/write-body.js';
import { errorResponses, notFoundResponse, Paging, QueryBoolean, writeErrors } from '../schemas/common.js';
import { Int, IntId, IsoDate, PositiveInt, SearchText, Text, Timestamp } from '../schemas/scalars.js';
import { Competition, Event, EventListItem, list } from '../schemas/v4.js';

/** The event list's filters, v4's and v3's. */
export const EventQuery = z.strictObject({
  seasonId: PositiveInt.optional().openapi({ description: 'only events of this season' }),
  eventTypeId: PositiveInt.optional(),
  practice: QueryBoolean.optional().openapi({ description: 'true: only practice events; false: hide them' }),
  from: IsoDate.optional().openapi({ description: 'events starting on or after this date (YYYY-MM-DD)' }),
  to: IsoDate.optional().openapi({ description: 'events starting on or before this date (YYYY-MM-DD)' }),
  q: SearchText.optional(),
  ...Paging,
});

const eventParams = z.object({ eventId: IntId('eventId') });

export const listEvents = createRoute({
  method: 'get',
  path: '/events/',
  summary: 'List events',
  request: { query: EventQuery },
  responses: {
    200: {
      description: 'Events in date order',
      content: { 'application/json': { schema: list(EventListItem, 'EventList') } },
    },
    ...errorResponses,
  },
});

export const getEvent = createRoute({
  method: 'get',
  path: '/events/{eventId}',
  summary: 'Retrieve an event with its competitions',
  request: { params: eventParams },
  responses: {
    200: { description: 'The event', content: { 'application/json': { schema: Event } } },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const EventFields = {
  seasonId: PositiveInt,
  name: Text(200).min(1),
  location: Text(200).optional(),
  eventTypeId: PositiveInt.openapi({
    description: '1 Regular Season, 2 Championship, 3 Practice, 4 Clinic, 5 Regional',
  }),
  practice: BoolField.optional(),
  videoEnabled: BoolField.optional(),
  commentaryEnabled: BoolField.optional(),
  startDate: IsoDate.openapi({ description: 'first day, YYYY-MM-DD' }),
};
const CreateEventBody = z.strictObject(EventFields).openapi('CreateEvent');
const UpdateEventBody = z
  .strictObject({
    ...EventFields,
    seasonId: EventFields.seasonId.optional(),
    name: EventFields.name.optional(),
    eventTypeId: EventFields.eventTypeId.optional(),
    startDate: EventFields.startDate.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'send at least one field to change')
  .openapi('UpdateEvent');

export const createEvent = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/events/',
      summary: 'Create an event',
      request: { body: bodyOf(CreateEventBody, 'The new event') },
      responses: {
        201: { description: 'Created (with no competitions yet)', content: { 'application/json': { schema: Event } } },
        ...writeErrors,
      },
    },
    { action: 'event.create', resource: 'event' },
  ),
);

const CreateCompetitionBody = z
  .strictObject({
    name: Text(200).min(1),
    date: Timestamp.openapi({ description: 'start, ISO 8601 with time zone' }),
    groupTypeId: PositiveInt.openapi({ description: GROUP_TYPE_IDS_DESCRIPTION }),
    chiefJudge: Text(200).optional(),
    orgCompetitionId: Text(100).optional(),
    rounds: z
      .array(z.strictObject({ number: Int(1, 20), name: Text(100) }))
      .max(20)
      .optional()
      .openapi({ description: 'default: one round, number 1, unnamed (JSON bodies only)' }),
  })
  .openapi('CreateCompetition');

export const createCompetition = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/events/{eventId}/competitions',
      summary: 'Create a competition in an event',
      request: { params: eventParams, body: bodyOf(CreateCompetitionBody, 'The new competition') },
      responses: {
        201: { description: 'Created', content: { 'application/json': { schema: Competition } } },
        ...writeErrors,
      },
    },
    { action: 'competition.create', resource: 'competition' },
  ),
);

export const updateEvent = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/events/{eventId}',
      summary: 'Update an event (extension; POST, as group updates are); its competitions and scores stay',
      request: { params: eventParams, body: bodyOf(UpdateEventBody, 'Only the fields to change') },
      responses: {
        200: { description: 'The updated event', content: { 'application/json': { schema: Event } } },
        ...writeErrors,
      },
    },
    { action: 'event.update', resource: 'event', idParam: 'eventId' },
  ),
);

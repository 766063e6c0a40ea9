/** The competition operations' declarations: paths, parameters, bodies and answers (served by competitions.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { permitted } from '../../http/permissions.js';
import { BoolField, bodyOf } from '../../http/write-body.js';
import { errorResponses, notFoundResponse, writeErrors } from '../schemas/common.js';
import { Int, IntId, PositiveInt, Text, Timestamp } from '../schemas/scalars.js';
import { CompetitionScores, Performance, Round, Schedule } from '../schemas/v4.js';

const competitionParams = z.object({ competitionId: IntId('competitionId') });

export const getSchedule = createRoute({
  method: 'get',
  path: '/competitions/{competitionId}/schedule',
  summary: 'Retrieve schedule for a competition',
  request: {
    params: competitionParams,
    query: z.strictObject({
      view: z
        .enum(['standard', 'logistical'])
        .optional()
        .openapi({ description: 'both views list the same performances in performance order' }),
    }),
  },
  responses: {
    200: { description: 'Performances in order', content: { 'application/json': { schema: Schedule } } },
    ...errorResponses,
    ...notFoundResponse,
  },
});

export const getScores = createRoute({
  method: 'get',
  path: '/competitions/{competitionId}/scores',
  summary: 'Retrieve competition scores',
  request: {
    params: competitionParams,
    query: z.strictObject({
      view: z
        .enum(['full', 'categories'])
        .optional()
        .openapi({ description: 'accepted for the recap links; the response is always complete' }),
    }),
  },
  responses: {
    200: {
      description: 'Released division/round sections with every number and rank',
      content: { 'application/json': { schema: CompetitionScores } },
    },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const AddPerformanceBody = z
  .strictObject({
    groupId: PositiveInt,
    divisionId: PositiveInt,
    round: Int(1, 20).optional().openapi({ description: 'round number, default 1' }),
    roundName: Text(100)
      .optional()
      .openapi({ description: 'names the round when this creates it ("Prelims", "Finals")' }),
    time: Timestamp.optional().openapi({
      description: 'performance time, ISO 8601 with time zone: what the schedule shows',
    }),
    order: Int(0, 10_000).optional(),
  })
  .openapi('AddPerformance');

export const addPerformance = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/competitions/{competitionId}/performances',
      summary: "Add a performance (a group in a competition's division and round, at its time)",
      request: { params: competitionParams, body: bodyOf(AddPerformanceBody, 'The performance') },
      responses: {
        201: { description: 'Created', content: { 'application/json': { schema: Performance } } },
        ...writeErrors,
      },
    },
    { action: 'performance.create', resource: 'performance' },
  ),
);

const JudgeBody = z
  .strictObject({
    round: Int(1, 20),
    divisionId: PositiveInt,
    captionKey: Text(50).min(1),
    firstName: Text(100),
    lastName: Text(100).min(1),
  })
  .openapi('SeatJudge');

export const seatJudge = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/competitions/{competitionId}/judges',
      summary: "Seat a judge on a caption of a division's panel (score entry extension)",
      request: { params: competitionParams, body: bodyOf(JudgeBody, 'The judge and the caption') },
      responses: {
        200: {
          description: 'Seated',
          content: {
            'application/json': {
              schema: z.object({
                round: z.number().int(),
                divisionId: z.number().int(),
                captionKey: z.string(),
                firstName: z.string(),
                lastName: z.string(),
              }),
            },
          },
        },
        ...writeErrors,
      },
    },
    { action: 'panel.seat-judge', resource: 'panel', idParam: 'competitionId' },
  ),
);

const ReleaseBody = z
  .strictObject({
    round: Int(1, 20).optional().openapi({ description: 'one round; default every round' }),
    released: BoolField.optional().openapi({ description: 'default true; false withdraws released scores' }),
  })
  .openapi('Release');

export const release = createRoute(
  permitted(
    'release',
    {
      method: 'post',
      path: '/competitions/{competitionId}/release',
      summary: "Release (or withdraw) a competition's or a round's scores (score entry extension)",
      request: { params: competitionParams, body: bodyOf(ReleaseBody, 'which round, and whether released') },
      responses: {
        200: {
          description: 'The rounds after the change',
          content: { 'application/json': { schema: z.object({ rounds: z.array(Round) }) } },
        },
        ...writeErrors,
      },
    },
    { action: 'competition.release', resource: 'competition', idParam: 'competitionId' },
  ),
);

/**
 * Corrections of a contest's set-up without delete and re-add (extension; POST updates, as group updates are):
 * a competition, a performance, a seat removed (served by contest-updates.ts). None of them loses a score.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { permitted } from '../../http/permissions.js';
import { bodyOf } from '../../http/write-body.js';
import { writeErrors } from '../schemas/common.js';
import { Int, IntId, PositiveInt, Text, Timestamp } from '../schemas/scalars.js';
import { Competition, Performance, Round } from '../schemas/v4.js';

const competitionParams = z.object({ competitionId: IntId('competitionId') });
const performanceParams = z.object({ performanceId: IntId('performanceId') });

const UpdateCompetitionBody = z
  .strictObject({
    name: Text(200).min(1).optional(),
    date: Timestamp.optional().openapi({ description: 'start, ISO 8601 with time zone' }),
    chiefJudge: Text(200).optional(),
    orgCompetitionId: Text(100).optional(),
    rounds: z
      .array(z.strictObject({ number: Int(1, 20), name: Text(100) }))
      .max(20)
      .optional()
      .openapi({
        description:
          'rounds to add, or to rename where the number exists; rounds not listed stay as they are (JSON bodies only)',
      }),
  })
  .refine((body) => Object.keys(body).length > 0, 'send at least one field to change')
  .openapi('UpdateCompetition');

export const UpdatedCompetition = Competition.extend({
  chiefJudge: z.string(),
  orgCompetitionId: z.string(),
  rounds: z.array(Round),
}).openapi('UpdatedCompetition');

export const updateCompetition = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/competitions/{competitionId}',
      summary: "Update a competition's name, date, chief judge or rounds (extension)",
      request: { params: competitionParams, body: bodyOf(UpdateCompetitionBody, 'Only the fields to change') },
      responses: {
        200: {
          description: 'The competition with its rounds',
          content: { 'application/json': { schema: UpdatedCompetition } },
        },
        ...writeErrors,
      },
    },
    { action: 'competition.update', resource: 'competition', idParam: 'competitionId' },
  ),
);

const UpdatePerformanceBody = z
  .strictObject({
    time: Timestamp.nullable()
      .optional()
      .openapi({ description: 'performance time, ISO 8601 with time zone; null clears it' }),
    order: Int(0, 10_000).optional(),
    divisionId: PositiveInt.optional().openapi({ description: 'another division (only while it has no scores)' }),
    round: Int(1, 20)
      .optional()
      .openapi({ description: 'another round of the competition, by number (only while it has no scores)' }),
    roundName: Text(100).optional().openapi({ description: 'names the round when this creates it' }),
  })
  .refine((body) => Object.keys(body).length > 0, 'send at least one field to change')
  .openapi('UpdatePerformance');

export const updatePerformance = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/performances/{performanceId}',
      summary: "Update a performance's time and order, or (while unscored) its division and round (extension)",
      request: { params: performanceParams, body: bodyOf(UpdatePerformanceBody, 'Only the fields to change') },
      responses: {
        200: { description: 'The performance', content: { 'application/json': { schema: Performance } } },
        ...writeErrors,
      },
    },
    { action: 'performance.update', resource: 'performance', idParam: 'performanceId' },
  ),
);

export const unseatJudge = createRoute(
  permitted(
    'set-up',
    {
      method: 'delete',
      path: '/competitions/{competitionId}/judges',
      summary: "Remove the judge seated on a caption of a division's panel in a round (extension)",
      description:
        "To change a seat's judge, seat another (`POST /competitions/{competitionId}/judges` replaces the caption's judge). The caption's scores stay.",
      request: {
        params: competitionParams,
        query: z.strictObject({ round: Int(1, 20), divisionId: PositiveInt, captionKey: Text(50).min(1) }),
      },
      responses: { 204: { description: 'Removed' }, ...writeErrors },
    },
    { action: 'panel.unseat-judge', resource: 'panel', idParam: 'competitionId' },
  ),
);

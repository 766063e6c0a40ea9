/**
 * Review before release: a competition's entry progress and a chief judge's sign-off of a division and round
 * (docs/decisions/082-release-gating-and-sign-off.md). Served by review.ts.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { permitted } from '../../http/permissions.js';
import { BoolField, bodyOf } from '../../http/write-body.js';
import { errorResponses, notFoundResponse, writeErrors } from '../schemas/common.js';
import { Int, IntId, PositiveInt } from '../schemas/scalars.js';

const competitionParams = z.object({ competitionId: IntId('competitionId') });

const Actor = z
  .object({ kind: z.enum(['user', 'key']), id: z.string(), name: z.string() })
  .openapi({ description: 'who, as the audit trail names them' });

const SignOff = z.object({ by: Actor, at: z.string().openapi({ description: 'ISO 8601' }) }).openapi('SignOff');

const CaptionProgress = z
  .object({
    captionKey: z.string(),
    captionName: z.string(),
    judge: z
      .object({
        firstName: z.string(),
        lastName: z.string(),
        userId: z.number().int().nullable().openapi({
          description: 'the judge user who enters this caption (GET /users/); null for a seat known by its name only',
        }),
      })
      .nullable()
      .openapi({ description: 'seated' }),
    entered: z.number().int().openapi({ description: 'performances with a number on every line of the caption' }),
    submitted: z.number().int().openapi({
      description: 'entries that count for release (today every complete entry; with entry states, submitted ones)',
    }),
    missing: z
      .array(z.number().int())
      .openapi({ description: 'ids of the performances that performed and lack the caption' }),
  })
  .openapi('CaptionProgress');

const SectionProgress = z
  .object({
    round: z.object({ number: z.number().int(), name: z.string() }),
    division: z.object({ id: z.number().int(), name: z.string() }),
    performances: z.number().int(),
    performed: z.number().int().openapi({ description: 'performances that performed (the others need no scores)' }),
    captions: z.array(CaptionProgress).openapi({ description: "one per caption of the round's sheet, in its order" }),
    penalties: z
      .array(z.object({ performanceId: z.number().int(), group: z.string(), amount: z.number() }))
      .openapi({ description: 'performances with a penalty' }),
    signOff: SignOff.nullable(),
    released: z.boolean(),
    corrections: z.number().int().openapi({ description: 'corrections after release (errata)' }),
    readyToRelease: z.boolean().openapi({
      description: 'nothing missing, and signed off where the organization requires it: a release would pass',
    }),
  })
  .openapi('SectionProgress');

export const getProgress = createRoute(
  permitted('read-unreleased', {
    method: 'get',
    path: '/competitions/{competitionId}/progress',
    summary: "A competition's entry progress per division and round, caption and judge (review extension)",
    request: { params: competitionParams },
    responses: {
      200: {
        description: 'Each division and round of the competition that has performances',
        content: {
          'application/json': {
            schema: z
              .object({
                competition: z.object({ id: z.number().int(), name: z.string() }),
                requireSignOff: z
                  .boolean()
                  .openapi({ description: 'the organization releases only signed-off sections' }),
                data: z.array(SectionProgress),
              })
              .openapi('Progress'),
          },
        },
      },
      ...errorResponses,
      ...notFoundResponse,
    },
  }),
);

const SignOffBody = z
  .strictObject({
    round: Int(1, 20),
    divisionId: PositiveInt,
    signedOff: BoolField.optional().openapi({ description: 'default true; false takes the sign-off back' }),
  })
  .openapi('SignOffSection');

export const signOff = createRoute(
  permitted(
    'sign-off',
    {
      method: 'post',
      path: '/competitions/{competitionId}/signoff',
      summary: "A chief judge's sign-off of a division and round (review extension)",
      description:
        'Any later change to the numbers of the division and round (a caption, a penalty) withdraws the sign-off; the audit trail records that as `section.sign-off-withdrawn`.',
      request: { params: competitionParams, body: bodyOf(SignOffBody, 'the division and round') },
      responses: {
        200: {
          description: 'The sign-off as it now is',
          content: {
            'application/json': {
              schema: z.object({
                round: z.number().int(),
                divisionId: z.number().int(),
                signedOff: z.boolean(),
                signOff: SignOff.nullable(),
              }),
            },
          },
        },
        ...writeErrors,
      },
    },
    { action: 'section.sign-off', resource: 'competition', idParam: 'competitionId' },
  ),
);

/** The draw of a division and round's running order (issue 40): its declarations, served by draws.ts. */
import { createRoute, z } from '@hono/zod-openapi';
import { DRAW_PROCEDURE } from '../../../../domain/draw/record.js';
import { DRAW_RULES, MAX_ENTRIES, MAX_FLIGHTS, MAX_TIER, MIN_FLIGHTS } from '../../../../domain/draw/rules.js';
import { MAX_SEED } from '../../../../domain/draw/splitmix64.js';
import { permitted } from '../../http/permissions.js';
import { bodyOf } from '../../http/write-body.js';
import { errorResponses, notFoundResponse, Problem, writeErrors } from '../schemas/common.js';
import { Int, IntId, PositiveInt, Text } from '../schemas/scalars.js';

const competitionParams = z.object({ competitionId: IntId('competitionId') });

export const DrawBody = z
  .strictObject({
    round: Int(1, 20).openapi({ description: 'the round number' }),
    divisionId: PositiveInt,
    rule: z.enum(DRAW_RULES).openapi({
      description:
        'random (in tiers when `tiers` is given); reverse-score (no score first, then lowest to highest); seeded (halves or thirds by score, the top block last, a random draw inside each); flights (ranks alternating over the flights, a random draw inside each); hand (`order`)',
    }),
    tiers: z
      .array(z.strictObject({ groupId: PositiveInt, tier: Int(1, MAX_TIER) }))
      .max(MAX_ENTRIES)
      .optional()
      .openapi({
        description: "random: every entry's tier (tier 1 performs first: e.g. paid by the deadline, non-members)",
      }),
    blocks: Int(2, 3).optional().openapi({ description: 'seeded: 2 (halves) or 3 (thirds, the default)' }),
    flights: Int(MIN_FLIGHTS, MAX_FLIGHTS).optional().openapi({ description: 'flights: how many (default 2)' }),
    order: z
      .array(PositiveInt)
      .max(MAX_ENTRIES)
      .optional()
      .openapi({ description: 'hand: every entered group id once, the first performs first' }),
    scoreFrom: z.enum(['season', 'competition']).optional().openapi({
      description:
        "the score rules: each group's latest released total of the season before this competition (default), or `scoreCompetitionId`'s",
    }),
    scoreCompetitionId: PositiveInt.optional(),
    previewedOrder: z.array(PositiveInt).max(MAX_ENTRIES).optional().openapi({
      description:
        'commit: the group ids in the order the preview showed; when the draw from the same seed gives another order now (entries or scores changed since), the commit is refused with 409 `draw_changed` and nothing is recorded',
    }),
    seed: z
      .union([z.number(), Text(40)])
      .optional()
      .openapi({
        description: `a whole number from 0 to ${MAX_SEED} (422 otherwise); the server draws one when absent. The preview's seed, sent to commit, commits the order previewed`,
      }),
  })
  .openapi('DrawRequest');

const Place = z
  .object({
    groupId: z.number().int(),
    position: z.number().int().openapi({ description: '1 performs first' }),
    tier: z.number().int().optional(),
    block: z.number().int().optional().openapi({ description: 'seeded: 1 is the top block' }),
    flight: z.number().int().optional(),
    rank: z.number().int().optional().openapi({ description: 'the score rules: 1 is the highest previous score' }),
  })
  .openapi('DrawPlace');

export const DrawRecord = z
  .object({
    procedure: z.literal(DRAW_PROCEDURE).openapi({ description: 'the procedure, specified in the decision record' }),
    input: z.object({
      rule: z.enum(DRAW_RULES),
      seed: z.number().int(),
      tiers: z.boolean().optional(),
      blocks: z.number().int().optional(),
      flights: z.number().int().optional(),
      handOrder: z.array(z.number().int()).optional(),
      entries: z
        .array(
          z.object({
            groupId: z.number().int(),
            name: z.string(),
            tier: z.number().int().nullable().optional(),
            score: z.number().nullable().optional(),
            scoreFrom: z.string().nullable().optional(),
          }),
        )
        .openapi({ description: 'in ascending group id: the input order' }),
    }),
    scoreSource: z
      .union([
        z.object({ kind: z.literal('season'), seasonName: z.string() }),
        z.object({ kind: z.literal('competition'), competitionGuid: z.string(), competitionName: z.string() }),
      ])
      .optional(),
    order: z.array(Place),
  })
  .openapi('DrawRecord');

const Section = {
  round: z.object({ number: z.number().int(), name: z.string() }),
  division: z.object({ id: z.number().int(), name: z.string() }),
};

export const Draw = z
  .object({
    id: z.number().int(),
    guid: z.string(),
    ...Section,
    drawnAt: z.string().openapi({ description: 'ISO 8601' }),
    drawnBy: z.string().openapi({ description: 'who committed it, as the audit trail names them' }),
    current: z.boolean().openapi({ description: "the division and round's latest draw (a later one supersedes it)" }),
    verified: z.boolean().openapi({ description: 'the record re-run here gives its order' }),
    pageUrl: z.string().openapi({
      description: "the published record: the competition's draw page (public HTML), at this draw's section",
    }),
    record: DrawRecord,
  })
  .openapi('Draw');

export const previewDraw = createRoute(
  permitted('set-up', {
    method: 'post',
    path: '/competitions/{competitionId}/draws/preview',
    summary:
      "Draw a division and round's running order without recording it, to see it before committing (draw extension)",
    description:
      'Answers the draw the same body would commit, with its seed; nothing is written. A rule that cannot draw the entries is a 422 naming the field.',
    request: { params: competitionParams, body: bodyOf(DrawBody, 'the division and round, the rule and its inputs') },
    responses: {
      200: {
        description: 'The order the draw gives, with its record',
        content: {
          'application/json': { schema: z.object({ ...Section, record: DrawRecord }).openapi('DrawPreview') },
        },
      },
      ...writeErrors,
    },
  }),
);

export const commitDraw = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/competitions/{competitionId}/draws',
      summary: "Draw a division and round's running order and record it (draw extension)",
      description:
        "Records the draw (rule, inputs, seed, order: never changed afterwards; a new draw of the same division and round supersedes it) and puts the division's performances in its order, the division's times staying with the places. " +
        "Once drawn, a performance's `order` changes only by a new draw (POST /performances/{id} with another order is a 422); its time still changes.",
      request: { params: competitionParams, body: bodyOf(DrawBody, 'the division and round, the rule and its inputs') },
      responses: {
        201: { description: 'The recorded draw', content: { 'application/json': { schema: Draw } } },
        ...writeErrors,
        409: {
          description:
            'draw_changed: `previewedOrder` was given and the draw from the same seed gives another order now (entries or scores changed since the preview); nothing recorded',
          content: { 'application/problem+json': { schema: Problem } },
        },
      },
    },
    { action: 'draw.commit', resource: 'draw' },
  ),
);

export const listDraws = createRoute({
  method: 'get',
  path: '/competitions/{competitionId}/draws',
  summary: "A competition's recorded draws, oldest first, each re-run to check its order (draw extension)",
  request: { params: competitionParams },
  responses: {
    200: {
      description: 'Every draw, the superseded ones too',
      content: { 'application/json': { schema: z.object({ data: z.array(Draw) }).openapi('Draws') } },
    },
    ...errorResponses,
    ...notFoundResponse,
  },
});

/** The awards: each released division and round's placements, for the announcer (served by awards.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { permitted } from '../../http/permissions.js';
import { errorResponses, notFoundResponse } from '../schemas/common.js';
import { IntId } from '../schemas/scalars.js';

const Section = {
  division: z.object({ id: z.number().int(), name: z.string() }),
  round: z.object({ number: z.number().int(), name: z.string() }),
};

const Placement = z
  .object({
    performanceId: z.number().int(),
    group: z.object({ id: z.number().int(), name: z.string(), location: z.string() }),
    rank: z.number().int().openapi({ description: "the total's rank, as the tabulation stored it (ties share one)" }),
    total: z.number(),
  })
  .openapi('Placement');

export const getAwards = createRoute(
  permitted('read-awards', {
    method: 'get',
    path: '/competitions/{competitionId}/awards',
    summary: "A competition's placements per released division and round, for announcing the awards",
    description:
      'The released scores (`GET /competitions/{competitionId}/scores`) as the announcer reads them: each placed group with its rank and total, first place first; groups that did not perform have no place and are left out. Divisions and rounds not released yet are named only.',
    request: { params: z.object({ competitionId: IntId('competitionId') }) },
    responses: {
      200: {
        description: 'Released divisions and rounds with their placements; the others by name',
        content: {
          'application/json': {
            schema: z
              .object({
                competition: z.object({ id: z.number().int(), guid: z.string(), name: z.string() }),
                data: z
                  .array(z.object({ ...Section, placements: z.array(Placement) }).openapi('AwardsSection'))
                  .openapi({ description: "released divisions and rounds, in the recap's order" }),
                notReleased: z
                  .array(z.object(Section))
                  .openapi({ description: 'divisions and rounds with performances whose scores are not released' }),
              })
              .openapi('Awards'),
          },
        },
      },
      ...errorResponses,
      ...notFoundResponse,
    },
  }),
);

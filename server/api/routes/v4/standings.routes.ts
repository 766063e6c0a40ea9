/** The standings' declaration (served by standings.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, notFoundResponse } from '../schemas/common.js';
import { PositiveInt } from '../schemas/scalars.js';
import { DivisionStandings, list } from '../schemas/v4.js';

export const getStandings = createRoute({
  method: 'get',
  path: '/standings/',
  summary: 'Season standings per division (extension)',
  request: {
    query: z.strictObject({
      seasonId: PositiveInt.optional().openapi({ description: 'default: the current season' }),
      divisionId: PositiveInt.optional(),
    }),
  },
  responses: {
    200: {
      description: 'Divisions with their groups ranked by latest released total',
      content: { 'application/json': { schema: list(DivisionStandings, 'StandingsList') } },
    },
    ...errorResponses,
    ...notFoundResponse,
  },
});

/** The season list's declaration (served by seasons.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses } from '../schemas/common.js';
import { list, Season } from '../schemas/v4.js';

export const listSeasons = createRoute({
  method: 'get',
  path: '/seasons/',
  summary: 'List all seasons',
  request: { query: z.strictObject({}) },
  responses: {
    200: {
      description: 'Seasons, oldest first',
      content: { 'application/json': { schema: list(Season, 'SeasonList') } },
    },
    ...errorResponses,
  },
});

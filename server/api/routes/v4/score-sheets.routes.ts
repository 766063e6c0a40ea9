/** The score sheet catalogue's declaration (served by score-sheets.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses } from '../schemas/common.js';
import { CatalogueEntry } from '../schemas/sheet.js';
import { list } from '../schemas/v4.js';

export const listScoreSheets = createRoute({
  method: 'get',
  path: '/score-sheets/',
  summary: 'The catalogue of built-in score sheets (extension)',
  description:
    'Every sheet a division can be judged on by its key (`POST /divisions/ {sheetKey}`), per kind of group, the usual one first. The same for every organization.',
  request: { query: z.strictObject({}) },
  responses: {
    200: {
      description: 'The catalogue',
      content: { 'application/json': { schema: list(CatalogueEntry, 'ScoreSheetCatalogue') } },
    },
    ...errorResponses,
  },
});

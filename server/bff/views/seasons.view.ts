/** The seasons, newest first, each with its year and whether it is the current one (reads/seasons.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { loadSeasons } from './reads/seasons.js';
import { Season } from './view-schemas.js';
import { defineView, json, viewHeaders } from './view.js';

const SeasonList = z
  .object({ data: z.array(Season).openapi({ description: 'newest (greatest name) first' }) })
  .openapi('BffSeasonList');

const route = createRoute({
  method: 'get',
  path: '/seasons',
  summary: 'Seasons, newest first, with year and current',
  responses: json(SeasonList, 'The seasons'),
});

export const view = defineView(route, ({ read }) => async (c) => {
  const { seasons, stale } = await loadSeasons(read);
  viewHeaders(c, stale);
  return c.json({ data: seasons }, 200);
});

/** Two to four groups head to head across the seasons in which they performed (reads/head-to-head-seasons.ts). */
import { createRoute } from '@hono/zod-openapi';
import { loadHeadToHeadSeasons } from './reads/head-to-head-seasons.js';
import { HeadToHeadSeasons } from './view-schemas.js';
import { CompareQuery, defineView, json, viewHeaders } from './view.js';

const route = createRoute({
  method: 'get',
  path: '/compare/seasons',
  summary: 'Head-to-head of two to four groups across the seasons in which they performed',
  request: { query: CompareQuery },
  responses: json(
    HeadToHeadSeasons,
    'Each season of the first group and another, newest first, with their meetings, wins by total and mean margin',
  ),
});

export const view = defineView(route, ({ read, results }) => async (c) => {
  const { view, stale } = await loadHeadToHeadSeasons(read, results, c.req.valid('query'));
  viewHeaders(c, stale);
  return c.json(view, 200);
});

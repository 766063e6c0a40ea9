/** A season's standings as CSV, for a spreadsheet (compute/standings-csv.ts, decision 036). */
import { createRoute } from '@hono/zod-openapi';
import { attachment } from './compute/csv.js';
import { standingsCsv } from './compute/standings-csv.js';
import { CSV_TYPE, csvResponses, defineView, inSeason, SeasonParams } from './view.js';

const route = createRoute({
  method: 'get',
  path: '/seasons/{seasonId}/standings.csv',
  summary: "A season's standings as CSV",
  request: { params: SeasonParams },
  responses: csvResponses(
    "A row per group and division, in the standings' order: rank, group, latest total, best total",
  ),
});

export const view = defineView(route, ({ read, results }) => async (c) => {
  const { season, loaded } = await inSeason(c, read, c.req.valid('param').seasonId, (season) =>
    results.standings(season),
  );
  c.header('content-disposition', attachment(`${season.name} standings.csv`));
  return c.body(standingsCsv(loaded.data), 200, { 'content-type': CSV_TYPE });
});

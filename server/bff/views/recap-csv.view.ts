/** A competition's recap as CSV, for a spreadsheet (compute/recap-csv.ts, decision 036). */
import { createRoute } from '@hono/zod-openapi';
import { attachment } from './compute/csv.js';
import { RecapRecords } from './hosted-shapes.js';
import { recapCsv } from './compute/recap-csv.js';
import { PERFORMANCES_V2, readJson } from './reads/upstream-reads.js';
import { CSV_TYPE, csvResponses, defineView, GuidParams, viewHeaders } from './view.js';

const route = createRoute({
  method: 'get',
  path: '/competitions/{guid}/recap.csv',
  summary: "A competition's recap as CSV",
  request: { params: GuidParams },
  responses: csvResponses(
    'A row per performance: division, round, group, every released number and rank in print order, sub total, penalty, total',
  ),
});

export const view = defineView(route, ({ read, lookUp }) => async (c) => {
  const { summary, stale } = await lookUp(c.req.valid('param').guid);
  const { competition } = summary;
  const records = competition.scoresReleased
    ? await readJson(read, PERFORMANCES_V2, `?c=${competition.guid}`, RecapRecords)
    : { data: [], stale: false };
  viewHeaders(c, stale || records.stale);
  c.header('content-disposition', attachment(`${competition.name} ${competition.date.slice(0, 10)} recap.csv`));
  return c.body(recapCsv(records.data, competition), 200, { 'content-type': CSV_TYPE });
});

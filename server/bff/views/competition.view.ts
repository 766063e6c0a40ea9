/** One competition by its v2 guid, with its event, season and groups (reads/competition-lookup.ts). */
import { createRoute } from '@hono/zod-openapi';
import { CompetitionSummary } from './view-schemas.js';
import { defineView, GuidParams, json, viewHeaders } from './view.js';

const route = createRoute({
  method: 'get',
  path: '/competitions/{guid}',
  summary: 'One competition by its v2 guid',
  request: { params: GuidParams },
  responses: json(CompetitionSummary, 'The competition, its event and season'),
});

export const view = defineView(route, ({ lookUp, results }) => async (c) => {
  const { summary, stale } = await lookUp(c.req.valid('param').guid);
  // Asked of the upstream only where there is a schedule to read: the browser then never asks for one that is not there.
  const scheduleData = summary.competition.id !== null && (await results.extended(summary.season.id));
  viewHeaders(c, stale);
  return c.json({ ...summary, competition: { ...summary.competition, scheduleData } }, 200);
});

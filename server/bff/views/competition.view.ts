/** One competition by its v2 guid, with its event, season and groups (competition-lookup.ts). */
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

export const view = defineView(route, ({ lookUp }) => async (c) => {
  const { summary, stale } = await lookUp(c.req.valid('param').guid);
  viewHeaders(c, stale);
  return c.json(summary, 200);
});

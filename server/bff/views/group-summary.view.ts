/** A followed group at a glance: its latest scored performance and its next scheduled one (reads/group-summary.ts). */
import { createRoute } from '@hono/zod-openapi';
import { groupSummary } from './reads/group-summary.js';
import { loadSeasons } from './reads/seasons.js';
import { GroupSummary } from './view-schemas.js';
import { defineView, GroupQuery, json, viewHeaders } from './view.js';

const route = createRoute({
  method: 'get',
  path: '/group-summary',
  summary: "A followed group's latest scored performance (however old, with its season) and its next scheduled one",
  request: { query: GroupQuery },
  responses: json(GroupSummary, 'The group at a glance'),
});

export const view = defineView(route, ({ read, now, results }) => async (c) => {
  const { name, id } = c.req.valid('query');
  const { seasons, stale } = await loadSeasons(read);
  const today = new Date(now()).toISOString().slice(0, 10);
  const summary = await groupSummary(read, results, seasons, { name, orgGroupIdentifier: id || undefined }, today);
  viewHeaders(c, stale || summary.stale);
  return c.json(summary.view, 200);
});

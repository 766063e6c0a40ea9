/** The seasons in which a group performed, newest first, with its results in each (reads/group-seasons.ts). */
import { createRoute } from '@hono/zod-openapi';
import { loadGroupSeasons } from './reads/group-seasons.js';
import { GroupSeasons } from './view-schemas.js';
import { defineView, GroupQuery, json, viewHeaders } from './view.js';

const route = createRoute({
  method: 'get',
  path: '/groups/seasons',
  summary: 'The seasons with performances of a group (404 when none has)',
  request: { query: GroupQuery },
  responses: json(GroupSeasons, 'The group and its seasons, newest first'),
});

export const view = defineView(route, ({ read, results }) => async (c) => {
  const { name, id } = c.req.valid('query');
  const { view, stale } = await loadGroupSeasons(read, results, { name, orgGroupIdentifier: id || undefined });
  viewHeaders(c, stale);
  return c.json(view, 200);
});

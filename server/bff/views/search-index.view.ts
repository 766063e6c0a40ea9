/** The search index: every season's groups, events, competitions and judges, matched in the browser (decision 031). */
import { createRoute } from '@hono/zod-openapi';
import { SearchIndex } from './view-schemas.js';
import { defineView, json, viewHeaders } from './view.js';

const route = createRoute({
  method: 'get',
  path: '/search-index',
  summary: 'Groups, events, competitions and judges of every season, for the search (matched in the browser)',
  responses: json(SearchIndex, 'The search index'),
});

export const view = defineView(route, ({ searchIndex }) => async (c) => {
  const { view, stale } = await searchIndex();
  viewHeaders(c, stale);
  return c.json(view, 200);
});

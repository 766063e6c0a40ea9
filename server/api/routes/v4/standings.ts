import { createRoute, z } from '@hono/zod-openapi';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { cachedJson } from '../../http/cached-json.js';
import { notFound } from '../../http/problem.js';
import { seasonResults } from '../../db/read/group-results.js';
import { currentSeasonId, findSeason, listSeasons, todayUtc } from '../../db/read/seasons.js';
import { errorResponses, notFoundResponse } from '../schemas/common.js';
import { PositiveInt } from '../schemas/scalars.js';
import { DivisionStandings, list } from '../schemas/v4.js';
import { divisionStandings } from '../present/standings.js';

const standingsRoute = createRoute({
  method: 'get',
  path: '/standings/',
  summary: 'Season standings per division (extension)',
  request: {
    query: z.strictObject({
      seasonId: PositiveInt.optional().openapi({ description: 'default: the current season' }),
      divisionId: PositiveInt.optional(),
    }),
  },
  responses: {
    200: { description: 'Divisions with their groups ranked by latest released total', content: { 'application/json': { schema: list(DivisionStandings, 'StandingsList') } } },
    ...errorResponses,
    ...notFoundResponse,
  },
});

export function standingsRoutes(services: Services) {
  const db = services.database.db;
  return newRouter().openapi(standingsRoute, (c) => {
    const query = c.req.valid('query');
    return cachedJson(c, services, async () => {
      const orgId = c.get('auth').orgId;
      let seasonId = query.seasonId;
      if (seasonId === undefined) {
        seasonId = currentSeasonId(await listSeasons(db, orgId), todayUtc());
        if (seasonId === undefined) return { body: { data: [] } };
      } else if (!(await findSeason(db, orgId, seasonId))) {
        throw notFound(`Season ${seasonId}`);
      }
      return { body: { data: divisionStandings(await seasonResults(db, orgId, seasonId, query.divisionId)) } };
    });
  });
}

/** Standings: a season's divisions with their groups ranked by their latest released totals. */
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { cachedJson } from '../../http/cached-json.js';
import { notFound } from '../../http/problem.js';
import { seasonResults } from '../../db/repositories/group-results.read.js';
import { findSeason } from '../../db/repositories/seasons.read.js';
import { currentSeason } from '../../db/repositories/current-season.js';
import { divisionStandings } from '../present/standings.js';
import * as routes from './standings.routes.js';

export function resource(services: Services) {
  const db = services.database.db;
  return newRouter().openapi(routes.getStandings, (c) => {
    const query = c.req.valid('query');
    return cachedJson(c, services, async () => {
      const orgId = c.get('auth').orgId;
      let seasonId = query.seasonId;
      if (seasonId === undefined) {
        seasonId = (await currentSeason(db, orgId)).id;
        if (seasonId === undefined) return { body: { data: [] } };
      } else if (!(await findSeason(db, orgId, seasonId))) {
        throw notFound(`Season ${seasonId}`);
      }
      return { body: { data: divisionStandings(await seasonResults(db, orgId, seasonId, query.divisionId)) } };
    });
  });
}

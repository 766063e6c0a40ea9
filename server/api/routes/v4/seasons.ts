/** Seasons: the list (shared with v3). */
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { cachedJson } from '../../http/cached-json.js';
import { currentSeasonId, listSeasons, todayUtc } from '../../db/repositories/seasons.read.js';
import { seasonItem } from '../present/v4.js';
import * as routes from './seasons.routes.js';

/** The season listing, shared by v4 and v3. */
export function listSeasonsHandler(services: Services) {
  const db = services.database.db;
  return (c: Context<AppEnv>) =>
    cachedJson(c, services, async () => {
      const rows = await listSeasons(db, c.get('auth').orgId);
      const current = currentSeasonId(rows, todayUtc());
      return { body: { data: rows.map((row) => seasonItem(row, current)) } };
    });
}

export function resource(services: Services) {
  const list = listSeasonsHandler(services);
  return newRouter().openapi(routes.listSeasons, (c) => list(c));
}

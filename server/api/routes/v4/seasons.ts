/** Seasons: the list (shared with v3), creating and updating a season. */
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { cachedJson } from '../../http/cached-json.js';
import { validBody } from '../../http/write-body.js';
import { listSeasons } from '../../db/repositories/seasons.read.js';
import { currentSeason } from '../../db/repositories/current-season.js';
import { createSeason, updateSeason } from '../../db/repositories/seasons.write.js';
import type { DbOrTx } from '../../db/database.js';
import { seasonItem } from '../present/v4.js';
import * as routes from './seasons.routes.js';

/** The season listing, shared by v4 and v3. */
export function listSeasonsHandler(services: Services) {
  const db = services.database.db;
  return (c: Context<AppEnv>) =>
    cachedJson(c, services, async () => {
      const orgId = c.get('auth').orgId;
      const rows = await listSeasons(db, orgId);
      const current = await currentSeason(db, orgId, rows);
      return { body: { data: rows.map((row) => seasonItem(row, current)) } };
    });
}

/** A season as the list shows it, `current` included (which depends on every season and the circuit's choice). */
async function seasonAnswer(db: DbOrTx, orgId: number, seasonId: number) {
  const rows = await listSeasons(db, orgId);
  return seasonItem(
    rows.find((row) => row.id === seasonId)!,
    await currentSeason(db, orgId, rows),
  );
}

export function resource(services: Services) {
  const db = services.database.db;
  const list = listSeasonsHandler(services);
  return newRouter()
    .openapi(routes.listSeasons, (c) => list(c))
    .openapi(routes.createSeason, async (c) => {
      const orgId = c.get('auth').orgId;
      const row = await createSeason(db, orgId, validBody(c));
      return c.json(await seasonAnswer(db, orgId, row.id), 201);
    })
    .openapi(routes.updateSeason, async (c) => {
      const orgId = c.get('auth').orgId;
      const { seasonId } = c.req.valid('param');
      await updateSeason(db, orgId, { seasonId, ...validBody(c) });
      return c.json(await seasonAnswer(db, orgId, seasonId), 200);
    });
}

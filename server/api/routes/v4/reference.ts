import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { cachedJson } from '../../http/cached-json.js';
import { listDivisions } from '../../db/read/divisions.js';
import { currentSeasonId, listSeasons, todayUtc } from '../../db/read/seasons.js';
import { errorResponses } from '../schemas/common.js';
import { PositiveInt } from '../schemas/scalars.js';
import { Division, list, Season } from '../schemas/v4.js';
import { seasonItem } from '../present/v4.js';

export const DivisionQuery = z.strictObject({
  groupTypeId: PositiveInt.optional().openapi({ description: '1 Color Guard, 2 Percussion, 3 Winds, 4 Marching Band, 5 Drum Corps' }),
});

const divisionsRoute = createRoute({
  method: 'get',
  path: '/divisions/',
  summary: 'List all divisions',
  request: { query: DivisionQuery },
  responses: { 200: { description: 'Divisions in the circuit\'s order', content: { 'application/json': { schema: list(Division, 'DivisionList') } } }, ...errorResponses },
});

const seasonsRoute = createRoute({
  method: 'get',
  path: '/seasons/',
  summary: 'List all seasons',
  request: { query: z.strictObject({}) },
  responses: { 200: { description: 'Seasons, oldest first', content: { 'application/json': { schema: list(Season, 'SeasonList') } } }, ...errorResponses },
});

/** The division and season listings, shared by v4 and v3. */
export function referenceHandlers(services: Services) {
  const db = services.database.db;
  return {
    divisions: (c: Context<AppEnv>, filters: z.infer<typeof DivisionQuery>) =>
      cachedJson(c, services, async () => ({ body: { data: await listDivisions(db, c.get('auth').orgId, filters) } })),
    seasons: (c: Context<AppEnv>) =>
      cachedJson(c, services, async () => {
        const rows = await listSeasons(db, c.get('auth').orgId);
        const current = currentSeasonId(rows, todayUtc());
        return { body: { data: rows.map((row) => seasonItem(row, current)) } };
      }),
  };
}

export function referenceRoutes(services: Services) {
  const reference = referenceHandlers(services);
  return newRouter()
    .openapi(divisionsRoute, (c) => reference.divisions(c, c.req.valid('query')))
    .openapi(seasonsRoute, (c) => reference.seasons(c));
}

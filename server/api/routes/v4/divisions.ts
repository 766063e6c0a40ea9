/** Divisions: the list (shared with v3). */
import type { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { cachedJson } from '../../http/cached-json.js';
import { listDivisions } from '../../db/repositories/divisions.read.js';
import * as routes from './divisions.routes.js';

/** The division listing, shared by v4 and v3. */
export function listDivisionsHandler(services: Services) {
  const db = services.database.db;
  return (c: Context<AppEnv>, filters: z.infer<typeof routes.DivisionQuery>) =>
    cachedJson(c, services, async () => ({ body: { data: await listDivisions(db, c.get('auth').orgId, filters) } }));
}

export function resource(services: Services) {
  const list = listDivisionsHandler(services);
  return newRouter().openapi(routes.listDivisions, (c) => list(c, c.req.valid('query')));
}

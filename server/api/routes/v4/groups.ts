/** Groups: the list (shared with v3), one group and its performances, creating and updating a group. */
import type { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { cachedJson, pagingHeaders } from '../../http/cached-json.js';
import { notFound } from '../../http/problem.js';
import { referencing, validBody } from '../../http/write-body.js';
import { findGroup, listGroups } from '../../db/repositories/groups.read.js';
import { groupResults } from '../../db/repositories/group-results.read.js';
import { createGroup, updateGroup } from '../../db/repositories/groups.write.js';
import { groupItem } from '../present/v4.js';
import { groupPerformance } from '../present/group-results.js';
import * as routes from './groups.routes.js';

/** The group listing, shared by v4 and v3. */
export function listGroupsHandler(services: Services) {
  const db = services.database.db;
  return (c: Context<AppEnv>, query: z.infer<typeof routes.GroupQuery>) => {
    const { limit, offset = 0, ...filters } = query;
    return cachedJson(c, services, async () => {
      const { rows, total } = await listGroups(db, c.get('auth').orgId, filters, { limit, offset });
      return { body: { data: rows.map(groupItem) }, headers: pagingHeaders(c, total, limit, offset) };
    });
  };
}

export function resource(services: Services) {
  const db = services.database.db;
  const list = listGroupsHandler(services);
  return newRouter()
    .openapi(routes.listGroups, (c) => list(c, c.req.valid('query')))
    .openapi(routes.getGroup, (c) => {
      const { groupId } = c.req.valid('param');
      return cachedJson(c, services, async () => {
        const group = await findGroup(db, c.get('auth').orgId, groupId);
        if (!group) throw notFound(`Group ${groupId}`);
        return { body: groupItem(group) };
      });
    })
    .openapi(routes.groupPerformances, (c) => {
      const { groupId } = c.req.valid('param');
      const { seasonId } = c.req.valid('query');
      return cachedJson(c, services, async () => {
        const orgId = c.get('auth').orgId;
        if (!(await findGroup(db, orgId, groupId))) throw notFound(`Group ${groupId}`);
        const rows = await groupResults(db, orgId, groupId, seasonId);
        return { body: { data: rows.map(groupPerformance) } };
      });
    })
    .openapi(routes.createGroup, async (c) => {
      const orgId = c.get('auth').orgId;
      const row = await referencing({ division: 'divisionId' }, () => createGroup(db, orgId, validBody(c)));
      return c.json(groupItem(await findGroup(db, orgId, row.id)), 201);
    })
    .openapi(routes.updateGroup, async (c) => {
      const orgId = c.get('auth').orgId;
      const { groupId } = c.req.valid('param');
      await referencing({ division: 'divisionId' }, () => updateGroup(db, orgId, { groupId, ...validBody(c) }));
      return c.json(groupItem(await findGroup(db, orgId, groupId)), 200);
    });
}

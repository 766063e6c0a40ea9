import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { cachedJson, pagingHeaders } from '../../http/cached-json.js';
import { notFound } from '../../http/problem.js';
import { findGroup, listGroups } from '../../db/read/groups.js';
import { groupResults } from '../../db/read/group-results.js';
import { errorResponses, notFoundResponse, Paging, QueryBoolean } from '../schemas/common.js';
import { IntId, PositiveInt, SearchText } from '../schemas/scalars.js';
import { Group, GroupPerformance, list } from '../schemas/v4.js';
import { groupItem } from '../present/v4.js';
import { groupPerformance } from '../present/group-results.js';

export const GroupQuery = z.strictObject({
  seasonId: PositiveInt.optional().openapi({ description: 'only groups performing in this season' }),
  divisionId: PositiveInt.optional(),
  groupTypeId: PositiveInt.optional().openapi({ description: '1 Color Guard, 2 Percussion, 3 Winds, 4 Marching Band, 5 Drum Corps' }),
  active: QueryBoolean.optional(),
  pending: QueryBoolean.optional(),
  q: SearchText.optional(),
  ...Paging,
});

const listRoute = createRoute({
  method: 'get',
  path: '/groups/',
  summary: 'List groups',
  request: { query: GroupQuery },
  responses: { 200: { description: 'Groups by name', content: { 'application/json': { schema: list(Group, 'GroupList') } } }, ...errorResponses },
});

const getRoute = createRoute({
  method: 'get',
  path: '/groups/{groupId}',
  summary: 'Retrieve a group',
  request: { params: z.object({ groupId: IntId('groupId') }) },
  responses: { 200: { description: 'The group', content: { 'application/json': { schema: Group } } }, ...errorResponses, ...notFoundResponse },
});

const performancesRoute = createRoute({
  method: 'get',
  path: '/groups/{groupId}/performances',
  summary: "A group's performances and released results (extension)",
  request: { params: z.object({ groupId: IntId('groupId') }), query: z.strictObject({ seasonId: PositiveInt.optional() }) },
  responses: {
    200: { description: 'Oldest first; scores are null until released', content: { 'application/json': { schema: list(GroupPerformance, 'GroupPerformanceList') } } },
    ...errorResponses,
    ...notFoundResponse,
  },
});

/** The group listing, shared by v4 and v3. */
export function listGroupsHandler(services: Services) {
  const db = services.database.db;
  return (c: Context<AppEnv>, query: z.infer<typeof GroupQuery>) => {
    const { limit = 100, offset = 0, ...filters } = query;
    return cachedJson(c, services, async () => {
      const { rows, total } = await listGroups(db, c.get('auth').orgId, filters, { limit, offset });
      return { body: { data: rows.map(groupItem) }, headers: pagingHeaders(c, total, limit, offset) };
    }) as never;
  };
}

export function groupRoutes(services: Services) {
  const db = services.database.db;
  const list = listGroupsHandler(services);
  return newRouter()
    .openapi(listRoute, (c) => list(c, c.req.valid('query')))
    .openapi(getRoute, (c) => {
      const { groupId } = c.req.valid('param');
      return cachedJson(c, services, async () => {
        const group = await findGroup(db, c.get('auth').orgId, groupId);
        if (!group) throw notFound(`Group ${groupId}`);
        return { body: groupItem(group) };
      }) as never;
    })
    .openapi(performancesRoute, (c) => {
      const { groupId } = c.req.valid('param');
      const { seasonId } = c.req.valid('query');
      return cachedJson(c, services, async () => {
        const orgId = c.get('auth').orgId;
        if (!(await findGroup(db, orgId, groupId))) throw notFound(`Group ${groupId}`);
        const rows = await groupResults(db, orgId, groupId, seasonId);
        return { body: { data: rows.map(groupPerformance) } };
      }) as never;
    });
}

/**
 * One group's season: its released performances, and whether the season's group list names it
 * (compute/group-season.ts).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { GroupRef, GroupSeasonPerformance, Season } from './view-schemas.js';
import { defineView, GroupQuery, inSeason, json, SeasonParams } from './view.js';

const GroupSeason = z
  .object({
    season: Season,
    group: GroupRef.extend({
      groupType: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      registered: z.boolean().openapi({
        description:
          "the season's group list names the group (a group before its first scores is registered, with no performances)",
      }),
    }),
    data: z.array(GroupSeasonPerformance).openapi({ description: 'released performances, oldest first' }),
  })
  .openapi('BffGroupSeason');

const route = createRoute({
  method: 'get',
  path: '/seasons/{seasonId}/group',
  summary: "One group's season",
  request: {
    params: SeasonParams,
    query: GroupQuery,
  },
  responses: json(GroupSeason, "The group's performances in the season"),
});

export const view = defineView(route, ({ read, results }) => async (c) => {
  const { name, id } = c.req.valid('query');
  const { season, loaded } = await inSeason(c, read, c.req.valid('param').seasonId, (season) =>
    results.group(season, { name, orgGroupIdentifier: id || undefined }),
  );
  return c.json({ season, ...loaded.view }, 200);
});

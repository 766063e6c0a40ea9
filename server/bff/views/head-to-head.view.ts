/** Two to four groups head to head in a season, caption by caption (compute/head-to-head.ts, decision 040). */
import { createRoute, z } from '@hono/zod-openapi';
import { headToHead } from './compute/head-to-head.js';
import { GroupName, HeadToHeadMeeting, Season } from './view-schemas.js';
import { CompareQuery, defineView, inSeason, json, SeasonParams } from './view.js';

const HeadToHead = z
  .object({
    season: Season,
    groups: z.array(GroupName).openapi({ description: 'the groups asked for, in order' }),
    data: z.array(HeadToHeadMeeting).openapi({
      description:
        'every division and round of a released full recap where two or more of them performed, oldest first',
    }),
  })
  .openapi('BffHeadToHead');

const route = createRoute({
  method: 'get',
  path: '/seasons/{seasonId}/compare',
  summary: 'Head-to-head of two to four groups in a season',
  request: { params: SeasonParams, query: CompareQuery },
  responses: json(HeadToHead, 'Every shared division and round, caption by caption'),
});

export const view = defineView(route, ({ read, results }) => async (c) => {
  const groups = c.req.valid('query');
  const { season, loaded } = await inSeason(c, read, c.req.valid('param').seasonId, (season) =>
    results.judging(season),
  );
  return c.json({ season, groups, data: headToHead(loaded.sections, groups) }, 200);
});

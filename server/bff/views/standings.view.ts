/** A season's standings by division (the season source: our API's extension, else derived from v2 records). */
import { z } from '@hono/zod-openapi';
import { DivisionStandings, Season } from './view-schemas.js';
import { defineView, inSeason, seasonRoute } from './view.js';

const SeasonStandings = z
  .object({
    season: Season,
    data: z.array(DivisionStandings).openapi({
      description:
        'divisions by group type, then name; groups ranked by latest released total (three fraction digits, as v2 prints it), then by name; practice events left out',
    }),
  })
  .openapi('BffSeasonStandings');

const route = seasonRoute(
  '/seasons/{seasonId}/standings',
  "A season's division standings",
  SeasonStandings,
  'Standings by division',
);

export const view = defineView(route, ({ read, results }) => async (c) => {
  const { season, loaded } = await inSeason(c, read, c.req.valid('param').seasonId, (season) =>
    results.standings(season),
  );
  return c.json({ season, data: loaded.data }, 200);
});

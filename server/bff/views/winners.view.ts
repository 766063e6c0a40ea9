/** Each released competition's division winners in a season (compute/season-winners.ts). */
import { z } from '@hono/zod-openapi';
import { Season } from './view-schemas.js';
import { defineView, inSeason, seasonRoute } from './view.js';

const SeasonWinners = z
  .object({
    season: Season,
    data: z
      .array(
        z.object({
          competitionGuid: z.string(),
          divisions: z
            .array(
              z.object({
                division: z.string(),
                round: z
                  .string()
                  .openapi({ description: "the division's last round in the competition, whose rank 1 wins" }),
                winners: z
                  .array(z.object({ name: z.string(), orgGroupIdentifier: z.string(), score: z.number() }))
                  .openapi({ description: 'ranked first (a tie gives several)' }),
              }),
            )
            .openapi({
              description: 'in the order the recap prints them; a division without a ranked performance is left out',
            }),
        }),
      )
      .openapi({ description: 'each competition with released scores' }),
  })
  .openapi('BffSeasonWinners');

const route = seasonRoute(
  '/seasons/{seasonId}/winners',
  "Each competition's division winners",
  SeasonWinners,
  'The winners of each released competition',
);

export const view = defineView(route, ({ read, results }) => async (c) => {
  const { season, loaded } = await inSeason(c, read, c.req.valid('param').seasonId, (season) =>
    results.winners(season),
  );
  return c.json({ season, data: loaded.data }, 200);
});

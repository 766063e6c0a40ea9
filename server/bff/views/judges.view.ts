/** A season's judges, with the competitions and captions each judged (reads/judges.ts). */
import { SeasonJudges } from './reads/judges.js';
import { defineView, inSeason, seasonRoute } from './view.js';

const route = seasonRoute(
  '/seasons/{seasonId}/judges',
  "A season's judges, with the competitions and captions each judged",
  SeasonJudges,
  'The judges',
);

export const view = defineView(route, ({ read, results }) => async (c) => {
  const { season, loaded } = await inSeason(c, read, c.req.valid('param').seasonId, (season) => results.judges(season));
  return c.json({ season, data: loaded.data }, 200);
});

/** One judge's season: every caption they scored, sheet by sheet (compute/judge-season.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { judgeSeason } from './compute/judge-season.js';
import { JudgeSheet, Season } from './view-schemas.js';
import { defineView, inSeason, json, SeasonParams } from './view.js';

const JudgeSeason = z
  .object({
    season: Season,
    judge: z.object({
      name: z
        .string()
        .openapi({ description: 'first and last name as the v2 captions carry them, each trimmed (domain/judges.ts)' }),
      similarNames: z.array(z.string()).openapi({
        description:
          'other judges of the season with the same last name and first initial: maybe one person spelt two ways, never merged',
      }),
    }),
    data: z.array(JudgeSheet).openapi({
      description: 'every caption the judge scored on a released full recap, oldest first; practice events left out',
    }),
  })
  .openapi('BffJudgeSeason');

const route = createRoute({
  method: 'get',
  path: '/seasons/{seasonId}/judge',
  summary: "One judge's season",
  request: {
    params: SeasonParams,
    query: z.strictObject({
      name: z
        .string()
        .trim()
        .min(1)
        .max(200)
        .openapi({ description: "the judge's first and last name, as the v2 captions carry them" }),
    }),
  },
  responses: json(JudgeSeason, 'Every caption the judge scored in the season'),
});

export const view = defineView(route, ({ read, results }) => async (c) => {
  const { season, loaded } = await inSeason(c, read, c.req.valid('param').seasonId, (season) =>
    results.judging(season),
  );
  return c.json({ season, ...judgeSeason(loaded.sections, c.req.valid('query').name, season.name) }, 200);
});

/**
 * A season's judges (extension): each judge named as v2's captions carry them, with the number of competitions
 * and captions they judged that season, by the one rule (domain/judges.ts). A small read-only resource: its
 * declaration and its handler side by side in one module (docs/decisions/025).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { seasonJudges } from '../../../../domain/judges.js';
import { cachedJson } from '../../http/cached-json.js';
import { notFound } from '../../http/problem.js';
import { seasonJudgedCaptions } from '../../db/repositories/judges.read.js';
import { findSeason } from '../../db/repositories/seasons.read.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { errorResponses, notFoundResponse } from '../schemas/common.js';
import { PositiveInt } from '../schemas/scalars.js';
import { list } from '../schemas/v4.js';

export const SeasonJudge = z
  .object({
    name: z
      .string()
      .openapi({ description: 'first name and last name joined by a space, as the judge page is addressed' }),
    firstName: z.string(),
    lastName: z.string(),
    competitions: z
      .number()
      .int()
      .openapi({ description: 'competitions where the judge judged a caption of a released round' }),
    captions: z.number().int().openapi({ description: "captions judged: one division's caption in one round" }),
  })
  .openapi('SeasonJudge');

export const getJudges = createRoute({
  method: 'get',
  path: '/judges/',
  summary: "A season's judges, with the competitions and captions each judged (extension)",
  request: { query: z.strictObject({ seasonId: PositiveInt }) },
  responses: {
    200: {
      description: 'Judges by last name, then first name',
      content: { 'application/json': { schema: list(SeasonJudge, 'SeasonJudgeList') } },
    },
    ...errorResponses,
    ...notFoundResponse,
  },
});

export function resource(services: Services) {
  const db = services.database.db;
  return newRouter().openapi(getJudges, (c) => {
    const { seasonId } = c.req.valid('query');
    return cachedJson(c, services, async () => {
      const orgId = c.get('auth').orgId;
      if (!(await findSeason(db, orgId, seasonId))) throw notFound(`Season ${seasonId}`);
      return { body: { data: seasonJudges(await seasonJudgedCaptions(db, orgId, seasonId)) } };
    });
  });
}

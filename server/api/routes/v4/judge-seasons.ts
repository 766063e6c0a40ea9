/**
 * The seasons a judge judged (extension): for the judge of one name, each season where they judged a caption of a
 * released round, newest first, counted by the rule of a season's judges (domain/judges.ts), so an entry here equals
 * the judge's entry in that season's `/judges/?seasonId=`. One read for what would otherwise be one per season.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { seasonJudges, type JudgedCaption } from '../../../../domain/judges.js';
import { cachedJson } from '../../http/cached-json.js';
import { judgeJudgedCaptions } from '../../db/repositories/judges.read.js';
import { listSeasons } from '../../db/repositories/seasons.read.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { errorResponses } from '../schemas/common.js';
import { Text } from '../schemas/scalars.js';
import { list } from '../schemas/v4.js';
import { SeasonJudge } from './judges.js';

const JudgeSeason = SeasonJudge.extend({ seasonId: z.number().int() }).openapi('JudgeSeason');

export const getJudgeSeasons = createRoute({
  method: 'get',
  path: '/judges/seasons/',
  summary: 'The seasons a judge judged, with the competitions and captions of each (extension)',
  request: {
    query: z.strictObject({
      name: Text(200).min(1).openapi({
        description: 'first name and last name joined by a space, as v2 captions carry them',
        example: 'G. Guffey',
      }),
    }),
  },
  responses: {
    200: {
      description: 'Newest season first; empty for a name no released round carries',
      content: { 'application/json': { schema: list(JudgeSeason, 'JudgeSeasonList') } },
    },
    ...errorResponses,
  },
});

export function resource(services: Services) {
  const db = services.database.db;
  return newRouter().openapi(getJudgeSeasons, (c) => {
    const { name } = c.req.valid('query');
    return cachedJson(c, services, async () => {
      const orgId = c.get('auth').orgId;
      const bySeason = new Map<number, JudgedCaption[]>();
      for (const judged of await judgeJudgedCaptions(db, orgId, name))
        bySeason.set(judged.seasonId, [...(bySeason.get(judged.seasonId) ?? []), judged]);
      // listSeasons is oldest first; a season's judged captions become that season's one entry for this name.
      const data = (await listSeasons(db, orgId)).toReversed().flatMap((season) => {
        const judge = seasonJudges(bySeason.get(season.id) ?? []).find((entry) => entry.name === name);
        return judge ? [{ ...judge, seasonId: season.id }] : [];
      });
      return { body: { data } };
    });
  });
}

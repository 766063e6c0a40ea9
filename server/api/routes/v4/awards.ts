/** The awards (issue 36): the released scores, as the announcer reads them out. */
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { cachedJson } from '../../http/cached-json.js';
import { notFound } from '../../http/problem.js';
import { competitionSections, findCompetition } from '../../db/repositories/competitions.read.js';
import { divisionRoundScores } from '../present/v4.js';
import * as routes from './awards.routes.js';

export function resource(services: Services) {
  const db = services.database.db;
  return newRouter().openapi(routes.getAwards, (c) => {
    const { competitionId } = c.req.valid('param');
    return cachedJson(c, services, async () => {
      const orgId = c.get('auth').orgId;
      const competition = await findCompetition(db, orgId, { id: competitionId });
      if (!competition) throw notFound(`Competition ${competitionId}`);
      const sections = await competitionSections(db, orgId, competitionId);
      const named = (section: (typeof sections)[number]) => ({
        division: { id: section.division.id, name: section.division.name },
        round: { number: section.round.number, name: section.round.name },
      });
      return {
        body: {
          competition: { id: competition.id, guid: competition.guid, name: competition.name },
          // The recap's own presentation of the released scores, so a place here is the place fans read there.
          data: sections
            .filter((section) => section.released)
            .map((section) => ({
              ...named(section),
              placements: divisionRoundScores(section).performances.flatMap((performance) =>
                performance.performed && performance.total.rank !== null
                  ? [
                      {
                        performanceId: performance.performanceId,
                        group: performance.group,
                        rank: performance.total.rank,
                        total: performance.total.score,
                      },
                    ]
                  : [],
              ),
            })),
          notReleased: sections.filter((section) => !section.released).map(named),
        },
      };
    });
  });
}

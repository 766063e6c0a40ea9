/** Corrections of a contest's set-up: a competition, a performance, a seat removed (contest-updates.routes.ts). */
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { originOf } from '../../http/cached-json.js';
import { referencing, validBody } from '../../http/write-body.js';
import { findCompetition, roundsOf } from '../../db/repositories/competitions.read.js';
import { findPerformance } from '../../db/repositories/performances.read.js';
import { updateCompetition, updatePerformance, unseatJudge } from '../../db/repositories/contest-updates.write.js';
import { NotFoundError, RuleViolation } from '../../db/repositories/errors.js';
import { publishedPages } from '../pages/addresses.js';
import { isoTimestamp, performanceItem, roundItem } from '../present/v4.js';
import * as routes from './contest-updates.routes.js';

export function resource(services: Services) {
  const db = services.database.db;
  return newRouter()
    .openapi(routes.updateCompetition, async (c) => {
      const { orgId, orgGuid } = c.get('auth');
      const { competitionId } = c.req.valid('param');
      const { date, ...rest } = validBody(c);
      await updateCompetition(db, orgId, { competitionId, ...rest, startsAt: date });
      const competition = await findCompetition(db, orgId, { id: competitionId });
      const pages = publishedPages(originOf(c), orgGuid);
      return c.json(
        {
          id: competition.id,
          guid: competition.guid,
          name: competition.name,
          date: isoTimestamp(competition.startsAt),
          standardScheduleUrl: pages.schedule(competition.guid, 'standard'),
          logisticalScheduleUrl: pages.schedule(competition.guid, 'logistical'),
          recapUrl: pages.recap(competition.guid),
          chiefJudge: competition.chiefJudge,
          orgCompetitionId: competition.orgCompetitionId,
          rounds: (await roundsOf(db, orgId, [competitionId])).map(roundItem),
        },
        200,
      );
    })
    .openapi(routes.updatePerformance, async (c) => {
      const orgId = c.get('auth').orgId;
      const { performanceId } = c.req.valid('param');
      const { time, ...rest } = validBody(c);
      await referencing({ division: 'divisionId' }, () =>
        updatePerformance(db, orgId, { performanceId, ...rest, performsAt: time }),
      );
      const performance = await findPerformance(db, orgId, performanceId);
      if (!performance) throw new NotFoundError('performance', performanceId);
      return c.json(performanceItem(performance), 200);
    })
    .openapi(routes.unseatJudge, async (c) => {
      const { competitionId } = c.req.valid('param');
      const { round, ...seat } = c.req.valid('query');
      try {
        await unseatJudge(db, c.get('auth').orgId, { competitionId, roundNumber: round, ...seat });
      } catch (error) {
        // The round is the competition's, known by its number: a rule of the request, not a missing resource.
        if (error instanceof NotFoundError && error.entity === 'round')
          throw new RuleViolation('round', `competition ${competitionId} has no round ${round}`);
        throw error;
      }
      return c.body(null, 204);
    });
}

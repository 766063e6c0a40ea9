/**
 * A group's own contests and sheets (decision 133): what its director and staff read after a show. Checked against
 * the caller's groups before anything is read; a sheet only once its division and round is released.
 */
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { ApiProblem, notFound } from '../../http/problem.js';
import { requireGroup } from '../../http/group-scope.js';
import { findGroup } from '../../db/repositories/groups.read.js';
import { groupResults } from '../../db/repositories/group-results.read.js';
import { competitionSections, findCompetition } from '../../db/repositories/competitions.read.js';
import { findPerformance } from '../../db/repositories/performances.read.js';
import { groupPerformanceCommentary } from '../../db/repositories/group-commentary.read.js';
import { audioPath } from '../present/commentary.js';
import { groupPerformance } from '../present/group-results.js';
import { divisionRoundScores, isoTimestamp } from '../present/v4.js';
import * as routes from './group-contests.routes.js';

/** A group's numbers are the group's: never kept by a shared cache. */
const PRIVATE = { 'cache-control': 'private, no-store' };

export function resource(services: Services) {
  const db = services.database.db;
  return newRouter()
    .openapi(routes.listGroupContests, async (c) => {
      const auth = c.get('auth');
      const { groupId } = c.req.valid('param');
      requireGroup(auth, groupId, 'read-group');
      if (!(await findGroup(db, auth.orgId, groupId))) throw notFound(`Group ${groupId}`);
      const rows = await groupResults(db, auth.orgId, groupId);
      return c.json({ data: rows.map(groupPerformance).reverse() }, 200, PRIVATE);
    })
    .openapi(routes.getGroupSheet, async (c) => {
      const auth = c.get('auth');
      const { groupId, performanceId } = c.req.valid('param');
      requireGroup(auth, groupId, 'read-group');
      const performance = await findPerformance(db, auth.orgId, performanceId);
      if (!performance || performance.group.id !== groupId)
        throw notFound(`Performance ${performanceId} of group ${groupId}`);
      const [competition, sections, commentary] = await services.database.transaction(() =>
        Promise.all([
          findCompetition(db, auth.orgId, { id: performance.competitionId }),
          competitionSections(db, auth.orgId, performance.competitionId),
          groupPerformanceCommentary(db, auth.orgId, performanceId),
        ]),
      );
      const section = sections.find((candidate) => candidate.performances.some((p) => p.id === performanceId));
      if (!competition || !section?.released)
        throw new ApiProblem(
          404,
          'not_released',
          `Performance ${performanceId}'s scores are not released: its sheet is shown once they are`,
        );
      const scores = divisionRoundScores(section);
      return c.json(
        {
          competition: {
            id: competition.id,
            guid: competition.guid,
            name: competition.name,
            date: isoTimestamp(competition.startsAt),
            eventId: competition.eventId,
            eventName: competition.eventName,
            location: competition.location,
            chiefJudge: competition.chiefJudge,
          },
          round: scores.round,
          division: scores.division,
          sheet: scores.sheet,
          performance: scores.performances.find((line) => line.performanceId === performanceId)!,
          groupsInRound: section.performances.length,
          corrections: scores.corrections.filter((correction) => correction.performanceId === performanceId),
          commentary: {
            released: commentary.released,
            recordings: commentary.recordings.map((recording) => ({ ...recording, audio: audioPath(recording.id) })),
          },
        },
        200,
        PRIVATE,
      );
    });
}

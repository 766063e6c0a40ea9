/** A competition: its schedule and scores, adding performances, seating judges, releasing scores. */
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { cachedJson } from '../../http/cached-json.js';
import { ApiProblem, notFound } from '../../http/problem.js';
import { requirePermission } from '../../http/permissions.js';
import { referencing, validBody } from '../../http/write-body.js';
import { competitionSections, findCompetition, roundsOf } from '../../db/repositories/competitions.read.js';
import { findPerformance } from '../../db/repositories/performances.read.js';
import { ReleaseRefused, releaseSections } from '../../db/repositories/sections.write.js';
import { NotFoundError, RuleViolation } from '../../db/repositories/errors.js';
import { addPerformance } from '../../db/repositories/performances.write.js';
import { ensureRound, seatJudge } from '../../db/repositories/rounds.write.js';
import { scheduleEntries } from '../present/schedule.js';
import { divisionRoundScores, isoTimestamp, performanceItem, roundItem } from '../present/v4.js';
import * as routes from './competitions.routes.js';

export function resource(services: Services) {
  const db = services.database.db;
  return newRouter()
    .openapi(routes.getSchedule, (c) => {
      const { competitionId } = c.req.valid('param');
      return cachedJson(c, services, async () => {
        const orgId = c.get('auth').orgId;
        const competition = await findCompetition(db, orgId, { id: competitionId });
        if (!competition) throw notFound(`Competition ${competitionId}`);
        const entries = scheduleEntries(await competitionSections(db, orgId, competitionId)).map((entry) => ({
          ...entry,
          time: entry.time ? isoTimestamp(entry.time) : null,
        }));
        return {
          body: {
            competition: {
              id: competition.id,
              guid: competition.guid,
              name: competition.name,
              date: isoTimestamp(competition.startsAt),
            },
            data: entries,
          },
        };
      });
    })
    .openapi(routes.getScores, (c) => {
      const { competitionId } = c.req.valid('param');
      const { preview = false } = c.req.valid('query');
      // Unreleased numbers are for the people who run the show (decision 082); checked before the cache is asked,
      // so no caller without the permission is answered a preview someone else's request cached.
      if (preview) requirePermission(c.get('auth'), 'read-unreleased');
      return cachedJson(c, services, async () => {
        const orgId = c.get('auth').orgId;
        const competition = await findCompetition(db, orgId, { id: competitionId });
        if (!competition) throw notFound(`Competition ${competitionId}`);
        const [roundRows, sections] = await Promise.all([
          roundsOf(db, orgId, [competitionId]),
          competitionSections(db, orgId, competitionId),
        ]);
        return {
          body: {
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
            rounds: roundRows.map(roundItem),
            // unreleased scores are invisible but to a preview: their sections are left out entirely
            data: sections.filter((section) => preview || section.released).map(divisionRoundScores),
          },
        };
      });
    })
    .openapi(routes.addPerformance, async (c) => {
      const orgId = c.get('auth').orgId;
      const { competitionId } = c.req.valid('param');
      const body = validBody(c);
      const round = await ensureRound(db, orgId, { competitionId, number: body.round ?? 1, name: body.roundName });
      const created = await referencing({ group: 'groupId', division: 'divisionId' }, () =>
        addPerformance(db, orgId, {
          roundId: round.id,
          divisionId: body.divisionId,
          groupId: body.groupId,
          performsAt: body.time ?? null,
          order: body.order,
        }),
      );
      const performance = await findPerformance(db, orgId, created.id);
      if (!performance) throw new NotFoundError('performance', created.id);
      return c.json(performanceItem(performance), 201);
    })
    .openapi(routes.seatJudge, async (c) => {
      const orgId = c.get('auth').orgId;
      const { competitionId } = c.req.valid('param');
      const { round, ...judge } = validBody(c);
      await referencing({ round: 'round', division: 'divisionId' }, () =>
        seatJudge(db, orgId, { competitionId, roundNumber: round, ...judge }),
      );
      return c.json(
        {
          round,
          divisionId: judge.divisionId,
          captionKey: judge.captionKey,
          firstName: judge.firstName,
          lastName: judge.lastName,
        },
        200,
      );
    })
    .openapi(routes.release, async (c) => {
      const orgId = c.get('auth').orgId;
      const { competitionId } = c.req.valid('param');
      const { round, divisionId, released = true, force = false, reason } = validBody(c);
      if (force && !reason)
        throw new RuleViolation('reason', 'a forced release needs a reason (it is kept in the audit trail)');
      if (reason) c.set('auditReason', reason);
      let sections;
      try {
        sections = await referencing({ division: 'divisionId' }, () =>
          releaseSections(db, orgId, { competitionId, roundNumber: round, divisionId, released, force }),
        );
      } catch (error) {
        // The round is the competition's, known by its number: a rule of the body, not a missing resource.
        if (error instanceof NotFoundError && error.entity === 'round')
          throw new RuleViolation('round', `competition ${competitionId} has no round ${round}`);
        if (error instanceof ReleaseRefused) {
          throw new ApiProblem(
            409,
            'release_refused',
            `Not released: ${error.message}. Enter what is missing (or send force: true with a reason)`,
            [],
            {},
            { sections: error.sections },
          );
        }
        throw error;
      }
      return c.json({ rounds: (await roundsOf(db, orgId, [competitionId])).map(roundItem), sections }, 200);
    });
}

import { createRoute, z } from '@hono/zod-openapi';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { cachedJson } from '../../http/cached-json.js';
import { notFound } from '../../http/problem.js';
import { competitionSections, findCompetition, roundsOf } from '../../db/read/competitions.js';
import { errorResponses, notFoundResponse } from '../schemas/common.js';
import { IntId } from '../schemas/scalars.js';
import { CompetitionScores, Schedule } from '../schemas/v4.js';
import { divisionRoundScores, isoTimestamp } from '../present/v4.js';

const params = z.object({ competitionId: IntId('competitionId') });

const scheduleRoute = createRoute({
  method: 'get',
  path: '/competitions/{competitionId}/schedule',
  summary: 'Retrieve schedule for a competition',
  request: {
    params,
    query: z.strictObject({
      view: z.enum(['standard', 'logistical']).optional().openapi({ description: 'both views list the same performances in performance order' }),
    }),
  },
  responses: { 200: { description: 'Performances in order', content: { 'application/json': { schema: Schedule } } }, ...errorResponses, ...notFoundResponse },
});

const scoresRoute = createRoute({
  method: 'get',
  path: '/competitions/{competitionId}/scores',
  summary: 'Retrieve competition scores',
  request: {
    params,
    query: z.strictObject({
      view: z.enum(['full', 'categories']).optional().openapi({ description: 'accepted for the recap links; the response is always complete' }),
    }),
  },
  responses: {
    200: { description: 'Released division/round sections with every number and rank', content: { 'application/json': { schema: CompetitionScores } } },
    ...errorResponses,
    ...notFoundResponse,
  },
});

export function competitionRoutes(services: Services) {
  const db = services.database.db;
  return newRouter()
    .openapi(scheduleRoute, (c) => {
      const { competitionId } = c.req.valid('param');
      return cachedJson(c, services, async () => {
        const orgId = c.get('auth').orgId;
        const competition = await findCompetition(db, orgId, { id: competitionId });
        if (!competition) throw notFound(`Competition ${competitionId}`);
        const sections = await competitionSections(db, orgId, competitionId);
        const entries = sections.flatMap((section) =>
          section.performances.map((performance) => ({
            performanceId: performance.id,
            time: performance.performsAt ? isoTimestamp(performance.performsAt) : null,
            order: performance.order,
            round: { number: section.round.number, name: section.round.name },
            division: { id: section.division.id, name: section.division.name, initials: section.division.initials },
            group: { id: performance.group.id, name: performance.group.name, location: performance.group.location },
          })),
        );
        entries.sort((a, b) => (a.time ?? '').localeCompare(b.time ?? '') || a.round.number - b.round.number || a.order - b.order);
        return {
          body: {
            competition: { id: competition.id, guid: competition.guid, name: competition.name, date: isoTimestamp(competition.startsAt) },
            data: entries,
          },
        };
      }) as never;
    })
    .openapi(scoresRoute, (c) => {
      const { competitionId } = c.req.valid('param');
      return cachedJson(c, services, async () => {
        const orgId = c.get('auth').orgId;
        const competition = await findCompetition(db, orgId, { id: competitionId });
        if (!competition) throw notFound(`Competition ${competitionId}`);
        const [roundRows, sections] = await Promise.all([roundsOf(db, orgId, [competitionId]), competitionSections(db, orgId, competitionId)]);
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
            rounds: roundRows.map((round) => ({ number: round.number, name: round.name, scoresReleased: round.scoresReleased })),
            // unreleased scores are invisible: their sections are left out entirely
            data: sections.filter((section) => section.round.scoresReleased).map(divisionRoundScores),
          },
        };
      }) as never;
    });
}

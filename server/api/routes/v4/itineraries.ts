/** The logistical schedule's templates (decision 141): read by every reader, saved whole by the circuit. */
import { stepName } from '../../../../domain/schedule/itinerary.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { cachedJson } from '../../http/cached-json.js';
import { notFound } from '../../http/problem.js';
import { requestActor } from '../../http/write-unit.js';
import type { DbOrTx } from '../../db/database.js';
import { findCompetition } from '../../db/repositories/competitions.read.js';
import { NotFoundError } from '../../db/repositories/errors.js';
import { performanceMinutes } from '../../db/repositories/itineraries.read.js';
import { itineraryTemplatesOf } from '../../db/repositories/schedules.read.js';
import { saveItineraryTemplates } from '../../db/repositories/itineraries.write.js';
import { schedulePerformances } from '../../db/repositories/schedules.read.js';
import * as routes from './itineraries.routes.js';

/** Every division with a performance at the competition, in the schedule's order, with its template's steps. */
async function presentTemplates(db: DbOrTx, orgId: number, competitionId: number) {
  const competition = await findCompetition(db, orgId, { id: competitionId });
  if (!competition) throw notFound(`Competition ${competitionId}`);
  const templates = await itineraryTemplatesOf(db, orgId, competitionId);
  const minutesOf = await performanceMinutes(db, orgId, competitionId);
  const divisions = new Map<number, string>();
  for (const row of await schedulePerformances(db, orgId, competitionId))
    if (!divisions.has(row.divisionId)) divisions.set(row.divisionId, row.divisionName);
  return {
    competition: { id: competition.id, guid: competition.guid, name: competition.name },
    divisions: [...divisions].map(([divisionId, divisionName]) => ({
      divisionId,
      divisionName,
      performanceMinutes: minutesOf(divisionId),
      steps: (templates.get(divisionId) ?? []).map((step) => ({ ...step, name: stepName(step) })),
    })),
  };
}

export function resource(services: Services) {
  const db = services.database.db;
  return newRouter()
    .openapi(routes.getTemplates, (c) => {
      const { competitionId } = c.req.valid('param');
      return cachedJson(c, services, async () => ({
        body: await presentTemplates(db, c.get('auth').orgId, competitionId),
      }));
    })
    .openapi(routes.saveTemplates, async (c) => {
      const orgId = c.get('auth').orgId;
      const { competitionId } = c.req.valid('param');
      await saveItineraryTemplates(db, orgId, competitionId, c.req.valid('json'), requestActor(c)).catch(
        (error: unknown) => {
          if (error instanceof NotFoundError && error.entity === 'competition')
            throw notFound(`Competition ${competitionId}`);
          throw error;
        },
      );
      return c.json(await presentTemplates(db, orgId, competitionId), 200);
    });
}

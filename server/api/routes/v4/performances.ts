/** A performance: deleting it, marking whether it performed, entering its judges' numbers and its penalties. */
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import type { DbOrTx } from '../../db/database.js';
import { validBody } from '../../http/write-body.js';
import { findPerformance, findPerformanceResult } from '../../db/repositories/performances.read.js';
import { NotFoundError, RuleViolation } from '../../db/repositories/errors.js';
import { ApiProblem } from '../../http/problem.js';
import { DELETE_REASON_FIELD, deletePerformance, setPerformed } from '../../db/repositories/performances.write.js';
import { setPenalty, setSubcaptionScores } from '../../db/repositories/scores.write.js';
import { performanceItem, performanceTabulation } from '../present/v4.js';
import * as routes from './performances.routes.js';

export function resource(services: Services) {
  const db = services.database.db;
  return newRouter()
    .openapi(routes.deletePerformance, async (c) => {
      // the write unit checks the header's length and records it as the audit entry's reason
      const reason = c.req.header('x-audit-reason')?.trim();
      try {
        await deletePerformance(db, c.get('auth').orgId, { ...c.req.valid('param'), reason });
      } catch (error) {
        if (error instanceof RuleViolation && error.field === DELETE_REASON_FIELD)
          throw new ApiProblem(422, 'reason_required', error.message, [
            { name: DELETE_REASON_FIELD, in: 'header', message: 'required to delete a performance with scores' },
          ]);
        throw error;
      }
      return c.body(null, 204);
    })
    .openapi(routes.setPerformed, async (c) => {
      const orgId = c.get('auth').orgId;
      const { performanceId } = c.req.valid('param');
      await setPerformed(db, orgId, { performanceId, ...validBody(c) });
      const performance = await findPerformance(db, orgId, performanceId);
      if (!performance) throw new NotFoundError('performance', performanceId);
      return c.json(performanceItem(performance), 200);
    })
    .openapi(routes.enterScores, async (c) => {
      const orgId = c.get('auth').orgId;
      const { performanceId } = c.req.valid('param');
      await setSubcaptionScores(db, orgId, { performanceId, ...validBody(c) });
      return c.json(await tabulated(db, orgId, performanceId), 200);
    })
    .openapi(routes.setPenalties, async (c) => {
      const orgId = c.get('auth').orgId;
      const { performanceId } = c.req.valid('param');
      await setPenalty(db, orgId, { performanceId, ...validBody(c) });
      return c.json(await tabulated(db, orgId, performanceId), 200);
    });
}

async function tabulated(db: DbOrTx, orgId: number, performanceId: number) {
  const row = await findPerformanceResult(db, orgId, performanceId);
  if (!row) throw new NotFoundError('performance', performanceId);
  return performanceTabulation(row);
}

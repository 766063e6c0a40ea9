/** A performance: deleting it, marking whether it performed, entering its judges' numbers and its penalties. */
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import type { DbOrTx } from '../../db/database.js';
import { validBody } from '../../http/write-body.js';
import { findPerformance, findPerformanceResult } from '../../db/repositories/performances.read.js';
import { NotFoundError, RuleViolation } from '../../db/repositories/errors.js';
import { ApiProblem } from '../../http/problem.js';
import { DELETE_REASON_FIELD, deletePerformance, setPerformed } from '../../db/repositories/performances.write.js';
import { setPenalty } from '../../db/repositories/penalties.write.js';
import { writeCaptionEntries } from '../../db/repositories/scores.write.js';
import { entryProblem, entryWriter } from '../../http/entry-writer.js';
import { performanceItem, performanceTabulation } from '../present/v4.js';
import * as routes from './performances.routes.js';
import { commentarySlot } from '../../db/repositories/commentary-slots.read.js';
import { writeMarks } from '../../db/repositories/commentary-marks.js';

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
      const { reason, ...body } = validBody(c);
      await setPerformed(db, orgId, { performanceId, ...body, reason: correctionReason(c, reason) });
      const performance = await findPerformance(db, orgId, performanceId);
      if (!performance) throw new NotFoundError('performance', performanceId);
      return c.json(performanceItem(performance), 200);
    })
    .openapi(routes.enterScores, async (c) => {
      const orgId = c.get('auth').orgId;
      const { performanceId } = c.req.valid('param');
      const { reason, marks, ...entry } = validBody(c);
      const writer = entryWriter(c, reason);
      const written = await writeCaptionEntries(db, orgId, [{ performanceId, ...entry }], writer, {
        name: (_, field) => field,
      }).catch((error: unknown) => {
        throw entryProblem(c, error);
      });
      // the same numbers again (a second tap on Submit): answered as it is, and nothing for the audit trail
      if (!written.changed[0]) c.set('audits', []);
      // the typed numbers' offsets into the commentary recording travel with the entry (decision 128)
      if (marks && marks.length > 0) {
        const { caption } = await commentarySlot(db, orgId, performanceId, entry.captionKey);
        await writeMarks(db, orgId, { performanceId, caption, marks });
      }
      const tabulation = await tabulated(db, orgId, performanceId);
      // a judge sees its own numbers, not the section's unreleased tabulation
      const withheld = writer.scope === 'seated' && !tabulation.released;
      return c.json(
        {
          ...tabulation,
          ...(withheld ? { total: null, subtotal: null, penalty: 0 } : {}),
          entry: written.entries[0],
        },
        200,
      );
    })
    .openapi(routes.setPenalties, async (c) => {
      const orgId = c.get('auth').orgId;
      const { performanceId } = c.req.valid('param');
      const body = validBody(c);
      await setPenalty(db, orgId, { performanceId, ...body, reason: correctionReason(c, body.reason) });
      return c.json(await tabulated(db, orgId, performanceId), 200);
    });
}

async function tabulated(db: DbOrTx, orgId: number, performanceId: number) {
  const row = await findPerformanceResult(db, orgId, performanceId);
  if (!row) throw new NotFoundError('performance', performanceId);
  return performanceTabulation(row);
}

/**
 * A correction's reason (decision 083): the body's, else the X-Audit-Reason header's (the write unit bounds it);
 * the audit trail records the same one.
 */
function correctionReason(c: Context<AppEnv>, bodyReason: string | undefined): string | null {
  const reason = bodyReason?.trim() || c.req.header('x-audit-reason')?.trim() || null;
  if (reason) c.set('reason', reason);
  return reason;
}

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
import { entryProblem, entryWriterOf } from '../../http/entry-writer.js';
import { idempotencyOf, replayed } from '../../http/write-unit.js';
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
    .openapi(routes.setPenalties, async (c) => {
      const orgId = c.get('auth').orgId;
      const { performanceId } = c.req.valid('param');
      const body = validBody(c);
      await setPenalty(db, orgId, { performanceId, ...body, reason: correctionReason(c, body.reason) });
      return c.json(await tabulated(db, orgId, performanceId), 200);
    });
}

/**
 * The judges' score write, outside the write unit: its entry is committed with the others of the moment
 * (http/entry-batches.ts, decision 145), which claims its Idempotency-Key and appends its audit entry.
 */
export function unlocked(services: Services) {
  return newRouter().openapi(routes.enterScores, async (c) => {
    const auth = c.get('auth');
    const { performanceId } = c.req.valid('param');
    const { reason, marks, ...entry } = validBody(c);
    const writer = entryWriterOf(c, reason);
    const idempotency = await idempotencyOf(c);
    const answer = await services.entryBatches.enter({
      auth,
      input: { performanceId, ...entry },
      writer,
      idempotency,
      // the typed numbers' offsets into the commentary recording travel with the entry (decision 128)
      alongside:
        marks && marks.length > 0
          ? async (tx) => {
              const { caption } = await commentarySlot(tx, auth.orgId, performanceId, entry.captionKey);
              await writeMarks(tx, auth.orgId, { performanceId, caption, marks });
            }
          : undefined,
      present: ({ entry: written, result }) => {
        const tabulation = performanceTabulation(result);
        // a judge sees its own numbers, not the section's unreleased tabulation
        const withheld = writer.scope === 'seated' && !tabulation.released;
        return { ...tabulation, ...(withheld ? { total: null, subtotal: null, penalty: 0 } : {}), entry: written };
      },
    });
    if ('refused' in answer) throw entryProblem(c, answer.refused);
    if ('replay' in answer) return replayed(c, answer.replay, idempotency?.requestHash ?? '') as never;
    return c.json(answer.body, 200);
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

/** A performance's penalties: replaced as a whole, re-tabulated, and a correction once its section is released. */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { penalties, performances } from '../schema.js';
import { RuleViolation } from './errors.js';
import { retabulate } from './retabulate.js';
import { penaltyChange } from './section-changes.js';
import { orgWrite, requireOwned, toThousandths } from './support.js';

export interface PenaltyInput {
  /** points subtracted (positive) */
  amount: number;
  reason?: string;
}

/** Replaces a performance's penalties (an empty list clears them) and re-tabulates its division+round. */
export async function setPenalty(
  db: DbOrTx,
  orgId: number,
  input: { performanceId: number; penalties: PenaltyInput[]; reason?: string | null },
): Promise<void> {
  input.penalties.forEach((penalty, index) => {
    if (!Number.isFinite(penalty.amount) || penalty.amount < 0 || penalty.amount > 100) {
      throw new RuleViolation(`penalties[${index}].amount`, 'a penalty is a number of points from 0 to 100');
    }
    if (Math.abs(penalty.amount * 1000 - toThousandths(penalty.amount)) > 1e-6) {
      throw new RuleViolation(`penalties[${index}].amount`, 'a penalty has at most three fraction digits');
    }
  });
  await orgWrite(db, orgId, async (tx) => {
    const performance = await requireOwned(tx, performances, 'performance', orgId, input.performanceId);
    await tx.delete(penalties).where(eq(penalties.performanceId, performance.id));
    const rows = input.penalties.map((penalty) => ({
      performanceId: performance.id,
      amountThousandths: toThousandths(penalty.amount),
      reason: (penalty.reason ?? '').trim(),
    }));
    if (rows.length > 0) await tx.insert(penalties).values(rows);
    const penaltyThousandths = rows.reduce((sum, row) => sum + row.amountThousandths, 0);
    await tx.update(performances).set({ penaltyThousandths }).where(eq(performances.id, performance.id));
    await penaltyChange(tx, orgId, performance, penaltyThousandths, input.reason);
    await retabulate(tx, performance.roundId, performance.divisionId);
  });
}

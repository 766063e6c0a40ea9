import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { penalties, performances, subcaptionScores } from '../schema.js';
import { validateScores } from '../../tabulation/validate.js';
import { RuleViolation } from './errors.js';
import { retabulate } from './retabulate.js';
import { captionBefore, penaltyChange } from './section-changes.js';
import { roundSheetOf } from './rounds.write.js';
import { orgWrite, requireOwned, toThousandths } from './support.js';

export interface CaptionScoresInput {
  performanceId: number;
  captionKey: string;
  /** the judge's numbers for the caption's lines; replaces whatever the caption held */
  scores: { subcaptionKey: string; score: number }[];
  /** why: required once the division and round is released (a correction, decision 083) */
  reason?: string | null;
}

/**
 * Enters one judge's sheet (one caption) for a performance, checked against the sheet of its division's round,
 * and re-tabulates the division+round in the same transaction.
 */
export async function setSubcaptionScores(db: DbOrTx, orgId: number, input: CaptionScoresInput): Promise<void> {
  await orgWrite(db, orgId, async (tx) => {
    const performance = await requireOwned(tx, performances, 'performance', orgId, input.performanceId);
    const sheet = await roundSheetOf(tx, performance.roundId, performance.divisionId);
    if (!sheet) throw new RuleViolation('performanceId', 'the division has no score sheet in this round');
    const lines = input.scores.map((line) => ({ captionKey: input.captionKey, ...line }));
    const problems = validateScores(sheet, lines);
    if (problems.length > 0) {
      throw new RuleViolation(problems[0].field, problems.map((problem) => problem.message).join('; '));
    }
    const noteChange = await captionBefore(tx, orgId, performance, input.captionKey, input.reason);
    await tx
      .delete(subcaptionScores)
      .where(
        and(eq(subcaptionScores.performanceId, performance.id), eq(subcaptionScores.captionKey, input.captionKey)),
      );
    if (lines.length > 0) {
      await tx.insert(subcaptionScores).values(
        lines.map((line) => ({
          performanceId: performance.id,
          captionKey: line.captionKey,
          subcaptionKey: line.subcaptionKey,
          scoreThousandths: toThousandths(line.score),
        })),
      );
    }
    await noteChange(lines);
    await retabulate(tx, performance.roundId, performance.divisionId);
  });
}

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

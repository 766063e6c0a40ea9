/**
 * The score writes' one call into review (decisions 082, 083): what a caption or a penalty was before a write,
 * handed with what it is after to noteNumbersChange (sign-off withdrawn, a correction recorded once released). Kept
 * in its own module so the score writes only gain a line or two each.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { subcaptionScores, type performances } from '../schema.js';
import { noteNumbersChange } from './sections.write.js';
import { fromThousandths } from './support.js';

type PerformanceRow = typeof performances.$inferSelect;
type Lines = { subcaptionKey: string; score: number }[];

/**
 * Reads the caption's numbers before the write; answers the function to call with its numbers after the write
 * (in the same transaction).
 */
export async function captionBefore(
  tx: DbOrTx,
  orgId: number,
  performance: PerformanceRow,
  captionKey: string,
  reason: string | null | undefined,
): Promise<(after: Lines) => Promise<void>> {
  const rows = await tx
    .select({ subcaptionKey: subcaptionScores.subcaptionKey, thousandths: subcaptionScores.scoreThousandths })
    .from(subcaptionScores)
    .where(and(eq(subcaptionScores.performanceId, performance.id), eq(subcaptionScores.captionKey, captionKey)))
    .orderBy(asc(subcaptionScores.subcaptionKey));
  const before = rows.map((row) => ({ subcaptionKey: row.subcaptionKey, score: fromThousandths(row.thousandths) }));
  return (after) =>
    noteNumbersChange(tx, orgId, {
      performanceId: performance.id,
      roundId: performance.roundId,
      divisionId: performance.divisionId,
      captionKey,
      before: { scores: before },
      after: {
        scores: after
          .map((line) => ({ subcaptionKey: line.subcaptionKey, score: line.score }))
          .sort((a, b) => (a.subcaptionKey < b.subcaptionKey ? -1 : a.subcaptionKey > b.subcaptionKey ? 1 : 0)),
      },
      reason,
    });
}

/** A performance's penalty changed from its row's to `afterThousandths`. */
export function penaltyChange(
  tx: DbOrTx,
  orgId: number,
  performance: PerformanceRow,
  afterThousandths: number,
  reason: string | null | undefined,
): Promise<void> {
  return noteNumbersChange(tx, orgId, {
    performanceId: performance.id,
    roundId: performance.roundId,
    divisionId: performance.divisionId,
    captionKey: null,
    before: { penalty: fromThousandths(performance.penaltyThousandths) },
    after: { penalty: fromThousandths(afterThousandths) },
    reason,
  });
}

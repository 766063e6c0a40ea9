import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { divisions, groups, performances, rounds, roundSheets, scoreSheets, subcaptionScores } from '../schema.js';
import { RuleViolation } from './errors.js';
import { retabulate } from './retabulate.js';
import { noteNumbersChange } from './sections.write.js';
import { orgWrite, requireOwned } from './support.js';

export interface PerformanceInput {
  roundId: number;
  divisionId: number;
  groupId: number;
  /** scheduled start; null when not scheduled */
  performsAt?: Date | null;
  /** position in the round's running order */
  order?: number;
}

export type PerformanceRow = typeof performances.$inferSelect;

/**
 * Schedules a group into a division of a round. The first performance of a division in a round gives the round a
 * copy of the division's score sheet (when it has one and the round has none yet).
 */
export async function addPerformance(db: DbOrTx, orgId: number, input: PerformanceInput): Promise<PerformanceRow> {
  if (input.performsAt && Number.isNaN(input.performsAt.getTime())) {
    throw new RuleViolation('performsAt', 'performsAt must be a timestamp');
  }
  return orgWrite(db, orgId, async (tx) => {
    const round = await requireOwned(tx, rounds, 'round', orgId, input.roundId);
    const division = await requireOwned(tx, divisions, 'division', orgId, input.divisionId);
    const group = await requireOwned(tx, groups, 'group', orgId, input.groupId);
    if (group.groupTypeId !== division.groupTypeId) {
      throw new RuleViolation('groupId', `group "${group.name}" is not of the division's group type`);
    }
    const existing = await tx
      .select({ id: performances.id })
      .from(performances)
      .where(
        and(
          eq(performances.roundId, round.id),
          eq(performances.divisionId, division.id),
          eq(performances.groupId, group.id),
        ),
      );
    if (existing.length > 0) {
      throw new RuleViolation('groupId', `group "${group.name}" already performs in this division and round`);
    }
    if (division.scoreSheetId !== null) {
      const [sheet] = await tx
        .select({ definition: scoreSheets.definition })
        .from(scoreSheets)
        .where(eq(scoreSheets.id, division.scoreSheetId));
      await tx
        .insert(roundSheets)
        .values({ roundId: round.id, divisionId: division.id, orgId, definition: sheet.definition })
        .onConflictDoNothing();
    }
    const [row] = await tx
      .insert(performances)
      .values({
        orgId,
        roundId: round.id,
        divisionId: division.id,
        groupId: group.id,
        performsAt: input.performsAt ?? null,
        performanceOrder: input.order ?? 0,
      })
      .returning();
    return row;
  });
}

/** The field a scored performance's deletion must carry its reason in (the audit trail's header). */
export const DELETE_REASON_FIELD = 'X-Audit-Reason';

/**
 * Removes a performance with its scores and penalties; the rest of its division+round is ranked again. A performance
 * with scores goes only with a reason (the audit trail keeps it with the numbers that went).
 */
export async function deletePerformance(
  db: DbOrTx,
  orgId: number,
  input: { performanceId: number; reason?: string | null },
): Promise<void> {
  await orgWrite(db, orgId, async (tx) => {
    const performance = await requireOwned(tx, performances, 'performance', orgId, input.performanceId);
    if (!input.reason) {
      const scored = await tx
        .select({ one: sql`1` })
        .from(subcaptionScores)
        .where(eq(subcaptionScores.performanceId, performance.id))
        .limit(1);
      if (scored.length > 0)
        throw new RuleViolation(DELETE_REASON_FIELD, 'the performance has scores: say why it is deleted');
    }
    await tx.delete(performances).where(eq(performances.id, performance.id));
    await retabulate(tx, performance.roundId, performance.divisionId);
  });
}

/**
 * Marks whether a group performed. A group that did not perform keeps its entered scores but takes no score and
 * no rank, with the reason shown instead ("Withdrew", "Did not perform"). Whether it performed decides its numbers
 * and everyone's ranks, so a change of it is a numbers change (decision 084): it withdraws a sign-off and, in a
 * released division and round, needs `reason` and is published as a correction.
 */
export async function setPerformed(
  db: DbOrTx,
  orgId: number,
  input: { performanceId: number; performed: boolean; noScoreReason?: string; reason?: string | null },
): Promise<PerformanceRow> {
  const noScoreReason = (input.noScoreReason ?? '').trim();
  return orgWrite(db, orgId, async (tx) => {
    const performance = await requireOwned(tx, performances, 'performance', orgId, input.performanceId);
    await tx
      .update(performances)
      .set({ performed: input.performed, noScoreReason })
      .where(eq(performances.id, performance.id));
    await noteNumbersChange(tx, orgId, {
      performanceId: performance.id,
      roundId: performance.roundId,
      divisionId: performance.divisionId,
      captionKey: null,
      before: { performed: performance.performed },
      after: { performed: input.performed },
      reason: input.reason,
    });
    await retabulate(tx, performance.roundId, performance.divisionId);
    const [row] = await tx.select().from(performances).where(eq(performances.id, performance.id));
    return row;
  });
}

import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { competitions, divisions, panelJudges, rounds, roundSheets } from '../schema.js';
import type { ScoreSheet } from '../../tabulation/types.js';
import { NotFoundError, RuleViolation } from './errors.js';
import { orgWrite, requireOwned, requireText } from './support.js';
import { findUserById } from './users.js';

export type RoundRow = typeof rounds.$inferSelect;

/** The competition's round with this number, created if missing; an existing round takes the new name, if one is given. */
export async function ensureRound(
  db: DbOrTx,
  orgId: number,
  input: { competitionId: number; number: number; name?: string },
): Promise<RoundRow> {
  if (!Number.isInteger(input.number) || input.number < 1)
    throw new RuleViolation('number', 'number must be 1 or more');
  return orgWrite(db, orgId, async (tx) => {
    const competition = await requireOwned(tx, competitions, 'competition', orgId, input.competitionId);
    const [row] = await tx
      .insert(rounds)
      .values({ orgId, competitionId: competition.id, number: input.number, name: input.name?.trim() ?? '' })
      .onConflictDoUpdate({
        target: [rounds.competitionId, rounds.number],
        set: { name: input.name === undefined ? sql`${rounds.name}` : input.name.trim() },
      })
      .returning();
    return row;
  });
}

export interface PanelJudgeInput {
  roundId: number;
  divisionId: number;
  captionKey: string;
  /** the printed names; with a userId they default to the user's */
  firstName?: string;
  lastName?: string;
  /** the judge user who enters the caption (a user of the organization with the role judge) */
  userId?: number;
}

/**
 * Seats (or replaces) the judge of one caption of a division's panel in a round: by name only (paper judging), by
 * a judge user (who then enters the caption; its names are printed unless others are given), or both.
 */
export async function setPanelJudge(
  db: DbOrTx,
  orgId: number,
  input: PanelJudgeInput,
): Promise<typeof panelJudges.$inferSelect> {
  return orgWrite(db, orgId, async (tx) => {
    let user: { firstName: string; lastName: string } | undefined;
    if (input.userId !== undefined) {
      const found = await findUserById(tx, orgId, input.userId);
      if (!found) throw new RuleViolation('userId', `no user ${input.userId} in this organization`);
      if (found.role !== 'judge') {
        throw new RuleViolation(
          'userId',
          `user ${input.userId} is a ${found.role}, not a judge: only a judge is seated`,
        );
      }
      if (found.disabled) throw new RuleViolation('userId', `user ${input.userId} is disabled`);
      user = found;
    }
    // a seat by name keeps today's rule (both names); a user's seat prints the user's names unless others are given
    const firstName = !user
      ? requireText('firstName', input.firstName, 100)
      : input.firstName === undefined
        ? user.firstName.trim().slice(0, 100)
        : input.firstName.trim().slice(0, 100);
    const lastName =
      user && input.lastName === undefined && user.lastName.trim() !== ''
        ? user.lastName.trim()
        : requireText('lastName', input.lastName, 100);
    const round = await requireOwned(tx, rounds, 'round', orgId, input.roundId);
    const division = await requireOwned(tx, divisions, 'division', orgId, input.divisionId);
    const sheet = await roundSheetOf(tx, round.id, division.id);
    if (sheet && !sheet.categories.some((category) => category.captions.some((c) => c.key === input.captionKey))) {
      throw new RuleViolation('captionKey', `the round's sheet has no caption "${input.captionKey}"`);
    }
    const userId = input.userId ?? null;
    const [row] = await tx
      .insert(panelJudges)
      .values({
        orgId,
        roundId: round.id,
        divisionId: division.id,
        captionKey: input.captionKey,
        firstName,
        lastName,
        userId,
      })
      .onConflictDoUpdate({
        target: [panelJudges.roundId, panelJudges.divisionId, panelJudges.captionKey],
        set: { firstName, lastName, userId },
      })
      .returning();
    return row;
  });
}

/**
 * Seats a judge on a competition's round known by its number (the API's form of setPanelJudge): an unknown
 * competition or round number is a NotFoundError naming it.
 */
export async function seatJudge(
  db: DbOrTx,
  orgId: number,
  input: Omit<PanelJudgeInput, 'roundId'> & { competitionId: number; roundNumber: number },
): Promise<typeof panelJudges.$inferSelect> {
  const { competitionId, roundNumber, ...judge } = input;
  return db.transaction(async (tx) => {
    await requireOwned(tx, competitions, 'competition', orgId, competitionId);
    const [round] = await tx
      .select({ id: rounds.id })
      .from(rounds)
      .where(and(eq(rounds.competitionId, competitionId), eq(rounds.number, roundNumber)));
    if (!round) throw new NotFoundError('round', roundNumber);
    return setPanelJudge(tx, orgId, { ...judge, roundId: round.id });
  });
}

export async function roundSheetOf(tx: DbOrTx, roundId: number, divisionId: number): Promise<ScoreSheet | null> {
  const rows = await tx
    .select({ definition: roundSheets.definition })
    .from(roundSheets)
    .where(and(eq(roundSheets.roundId, roundId), eq(roundSheets.divisionId, divisionId)));
  return rows[0]?.definition ?? null;
}

/**
 * Correcting a contest's set-up without delete and re-add: a competition's name, date, chief judge and rounds, a
 * performance's time, order, division and round, and a seat removed. None of them touches a score: a performance
 * moves to another division or round only while it has none (its numbers were given on its sheet, in its round).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../database.js';
import {
  competitions,
  divisions,
  groups,
  panelJudges,
  performances,
  rounds,
  roundSheets,
  scoreSheets,
  subcaptionScores,
} from '../schema.js';
import { NotFoundError, RuleViolation } from './errors.js';
import { retabulate } from './retabulate.js';
import { ensureRound } from './rounds.write.js';
import { orgWrite, requireOwned, requireText } from './support.js';
import { isDrawn } from './draws.read.js';

export interface CompetitionPatch {
  name?: string;
  startsAt?: Date;
  chiefJudge?: string;
  orgCompetitionId?: string;
  /** rounds to add, or to rename when the number exists; rounds not listed stay as they are */
  rounds?: { number: number; name: string }[];
}

export async function updateCompetition(
  db: DbOrTx,
  orgId: number,
  input: { competitionId: number } & CompetitionPatch,
): Promise<void> {
  const changes: Partial<typeof competitions.$inferInsert> = {};
  if (input.name !== undefined) changes.name = requireText('name', input.name);
  if (input.startsAt !== undefined) changes.startsAt = input.startsAt;
  if (input.chiefJudge !== undefined) changes.chiefJudge = input.chiefJudge.trim();
  if (input.orgCompetitionId !== undefined) changes.orgCompetitionId = input.orgCompetitionId.trim();
  const listed = input.rounds ?? [];
  // A round is known by its number: the same number twice would rename it twice.
  const repeated = listed.find((round, index) => listed.findIndex((other) => other.number === round.number) !== index);
  if (repeated) throw new RuleViolation('rounds', `round ${repeated.number} is listed more than once`);
  await orgWrite(db, orgId, async (tx) => {
    const competition = await requireOwned(tx, competitions, 'competition', orgId, input.competitionId);
    if (Object.keys(changes).length > 0)
      await tx.update(competitions).set(changes).where(eq(competitions.id, competition.id));
    for (const round of listed) await ensureRound(tx, orgId, { competitionId: competition.id, ...round });
  });
}

export interface PerformancePatch {
  /** null clears the time */
  performsAt?: Date | null;
  order?: number;
  divisionId?: number;
  /** the competition's round number (created when missing) */
  round?: number;
  /** names the round when this creates it */
  roundName?: string;
}

async function hasScores(tx: Tx, performanceId: number): Promise<boolean> {
  const rows = await tx
    .select({ one: sql`1` })
    .from(subcaptionScores)
    .where(eq(subcaptionScores.performanceId, performanceId))
    .limit(1);
  return rows.length > 0;
}

/** The round's copy of the division's sheet, taken when the division first performs in it (as addPerformance does). */
async function ensureRoundSheet(tx: Tx, orgId: number, roundId: number, divisionId: number, sheetId: number | null) {
  if (sheetId === null) return;
  const [sheet] = await tx
    .select({ definition: scoreSheets.definition })
    .from(scoreSheets)
    .where(eq(scoreSheets.id, sheetId));
  await tx
    .insert(roundSheets)
    .values({ roundId, divisionId, orgId, definition: sheet.definition })
    .onConflictDoNothing();
}

export async function updatePerformance(
  db: DbOrTx,
  orgId: number,
  input: { performanceId: number } & PerformancePatch,
): Promise<void> {
  if (input.performsAt && Number.isNaN(input.performsAt.getTime()))
    throw new RuleViolation('time', 'time must be a timestamp');
  if (input.roundName !== undefined && input.round === undefined)
    throw new RuleViolation('roundName', 'roundName names the round given in round');
  await orgWrite(db, orgId, async (tx) => {
    const performance = await requireOwned(tx, performances, 'performance', orgId, input.performanceId);
    const changes: Partial<typeof performances.$inferInsert> = {};
    if (input.performsAt !== undefined) changes.performsAt = input.performsAt;
    if (input.order !== undefined && input.order !== performance.performanceOrder) {
      if (await isDrawn(tx, performance.roundId, performance.divisionId))
        throw new RuleViolation(
          'order',
          'this division and round was drawn: its order changes only by a new draw (by hand if need be)',
        );
      changes.performanceOrder = input.order;
    }

    let roundId = performance.roundId;
    if (input.round !== undefined) {
      const [current] = await tx
        .select({ competitionId: rounds.competitionId })
        .from(rounds)
        .where(eq(rounds.id, performance.roundId));
      roundId = (
        await ensureRound(tx, orgId, {
          competitionId: current.competitionId,
          number: input.round,
          name: input.roundName,
        })
      ).id;
    }
    let division = await requireOwned(tx, divisions, 'division', orgId, performance.divisionId);
    if (input.divisionId !== undefined && input.divisionId !== performance.divisionId) {
      division = await requireOwned(tx, divisions, 'division', orgId, input.divisionId);
      const group = await requireOwned(tx, groups, 'group', orgId, performance.groupId);
      if (group.groupTypeId !== division.groupTypeId)
        throw new RuleViolation('divisionId', `group "${group.name}" is not of the division's group type`);
    }
    const moves = roundId !== performance.roundId || division.id !== performance.divisionId;
    if (moves) {
      if (await hasScores(tx, performance.id)) {
        throw new RuleViolation(
          input.divisionId !== undefined && division.id !== performance.divisionId ? 'divisionId' : 'round',
          'the performance has scores: it stays in the division and round they were given in',
        );
      }
      const taken = await tx
        .select({ id: performances.id })
        .from(performances)
        .where(
          and(
            eq(performances.roundId, roundId),
            eq(performances.divisionId, division.id),
            eq(performances.groupId, performance.groupId),
          ),
        );
      if (taken.length > 0)
        throw new RuleViolation('divisionId', 'the group already performs in that division and round');
      await ensureRoundSheet(tx, orgId, roundId, division.id, division.scoreSheetId);
      changes.roundId = roundId;
      changes.divisionId = division.id;
    }
    if (Object.keys(changes).length === 0) return;
    await tx.update(performances).set(changes).where(eq(performances.id, performance.id));
    if (moves) {
      await retabulate(tx, performance.roundId, performance.divisionId);
      await retabulate(tx, roundId, division.id);
    }
  });
}

/** Removes the judge seated on a caption of a division's panel in a round; the caption's scores stay. */
export async function unseatJudge(
  db: DbOrTx,
  orgId: number,
  input: { competitionId: number; roundNumber: number; divisionId: number; captionKey: string },
): Promise<void> {
  await orgWrite(db, orgId, async (tx) => {
    const competition = await requireOwned(tx, competitions, 'competition', orgId, input.competitionId);
    const [round] = await tx
      .select({ id: rounds.id })
      .from(rounds)
      .where(and(eq(rounds.competitionId, competition.id), eq(rounds.number, input.roundNumber)));
    if (!round) throw new NotFoundError('round', input.roundNumber);
    const removed = await tx
      .delete(panelJudges)
      .where(
        and(
          eq(panelJudges.roundId, round.id),
          eq(panelJudges.divisionId, input.divisionId),
          eq(panelJudges.captionKey, input.captionKey),
          eq(panelJudges.orgId, orgId),
        ),
      )
      .returning({ id: panelJudges.id });
    if (removed.length === 0) throw new NotFoundError('seat');
  });
}

import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { competitions, events, rounds, sectionReviews } from '../schema.js';
import { NotFoundError, RuleViolation } from './errors.js';
import { orgWrite, requireGroupType, requireOwned, requireText } from './support.js';

export interface CompetitionInput {
  eventId: number;
  name: string;
  startsAt: Date;
  chiefJudge?: string;
  /** the organization's own reference for the competition (v2 OrgCompetitionID) */
  orgCompetitionId?: string;
  groupTypeId: number;
  guid?: string;
}

export type CompetitionRow = typeof competitions.$inferSelect;

export async function createCompetition(db: DbOrTx, orgId: number, input: CompetitionInput): Promise<CompetitionRow> {
  const name = requireText('name', input.name);
  if (!(input.startsAt instanceof Date) || Number.isNaN(input.startsAt.getTime())) {
    throw new RuleViolation('startsAt', 'startsAt must be a timestamp');
  }
  return orgWrite(db, orgId, async (tx) => {
    await requireOwned(tx, events, 'event', orgId, input.eventId);
    await requireGroupType(tx, input.groupTypeId);
    const [row] = await tx
      .insert(competitions)
      .values({
        orgId,
        eventId: input.eventId,
        guid: input.guid ?? randomUUID(),
        name,
        startsAt: input.startsAt,
        chiefJudge: (input.chiefJudge ?? '').trim(),
        orgCompetitionId: input.orgCompetitionId ?? '',
        groupTypeId: input.groupTypeId,
      })
      .returning();
    return row;
  });
}

export interface ReleaseInput {
  competitionId: number;
  /** one round; every round of the competition when absent */
  roundNumber?: number;
  /** also publish (or withdraw) the category recap and the full recap; only when no round is named */
  recaps?: boolean;
}

/** Makes a competition's scores (one round, or all) visible to read operations. Returns the rounds changed. */
export function releaseScores(db: DbOrTx, orgId: number, input: ReleaseInput): Promise<number> {
  return setReleased(db, orgId, input, true);
}

/** Hides released scores again (a correction in progress). Returns the rounds changed. */
export function unreleaseScores(db: DbOrTx, orgId: number, input: ReleaseInput): Promise<number> {
  return setReleased(db, orgId, input, false);
}

async function setReleased(db: DbOrTx, orgId: number, input: ReleaseInput, released: boolean): Promise<number> {
  return orgWrite(db, orgId, async (tx) => {
    const competition = await requireOwned(tx, competitions, 'competition', orgId, input.competitionId);
    const where =
      input.roundNumber === undefined
        ? eq(rounds.competitionId, competition.id)
        : and(eq(rounds.competitionId, competition.id), eq(rounds.number, input.roundNumber));
    const changed = await tx.update(rounds).set({ scoresReleased: released }).where(where).returning({ id: rounds.id });
    if (input.roundNumber !== undefined && changed.length === 0) throw new NotFoundError('round', input.roundNumber);
    // a whole round released or withdrawn: its divisions follow it again (decision 082)
    const roundIds = changed.map((round) => round.id);
    if (roundIds.length > 0)
      await tx.update(sectionReviews).set({ released: null }).where(inArray(sectionReviews.roundId, roundIds));
    if (input.recaps && input.roundNumber === undefined) {
      await tx
        .update(competitions)
        .set({ categoryRecapReleased: released, recapReleased: released })
        .where(eq(competitions.id, competition.id));
    }
    return changed.length;
  });
}

/**
 * Critique sign-up (decision 137): the critique the circuit opens for a competition's division and round, and the
 * slots groups hold in it. The arithmetic (which slots there are, whether a pick is allowed, who is placed in
 * performance order) is domain/critique/slots.ts; this file owns the SQL and holds the rules that need the database:
 * first come is the unique (critique, slot), checked again under the organization's write lock.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  critiqueSlots as slotsOf,
  pickRefusal,
  placeInPerformanceOrder,
  type CritiqueMode,
  type CritiquePlan,
} from '../../../../domain/critique/slots.js';
import type { DbOrTx } from '../database.js';
import { dbErrorCode } from '../failures.js';
import { competitions, critiques, critiqueSlots, divisions, groups, performances, rounds } from '../schema.js';
import { NotFoundError, RuleViolation } from './errors.js';
import { orgWrite } from './support.js';

/** A critique write refused in words for the state things are in (a 409): taken, closed, placed, not performing. */
export class CritiqueConflict extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CritiqueConflict';
  }
}

export interface CritiqueInput {
  round: number;
  divisionId: number;
  stations: readonly string[];
  slotMinutes: number;
  from: Date;
  to: Date;
  mode: CritiqueMode;
}

export interface CritiqueRow {
  id: number;
  competitionId: number;
  competitionName: string;
  competitionStartsAt: Date;
  roundId: number;
  roundNumber: number;
  roundName: string;
  divisionId: number;
  divisionName: string;
  stations: string[];
  slotMinutes: number;
  startsAt: Date;
  endsAt: Date;
  mode: CritiqueMode;
}

export interface HeldSlot {
  groupId: number;
  groupName: string;
  slot: number;
}

/** A group of the critique's division and round, in running order. */
export interface RunningGroup {
  groupId: number;
  groupName: string;
}

export const planOf = (row: CritiqueRow): CritiquePlan => ({
  stations: row.stations,
  slotMinutes: row.slotMinutes,
  from: row.startsAt.getTime(),
  to: row.endsAt.getTime(),
  mode: row.mode,
});

const critiqueColumns = {
  id: critiques.id,
  competitionId: rounds.competitionId,
  competitionName: competitions.name,
  competitionStartsAt: competitions.startsAt,
  roundId: critiques.roundId,
  roundNumber: rounds.number,
  roundName: rounds.name,
  divisionId: critiques.divisionId,
  divisionName: divisions.name,
  stations: critiques.stations,
  slotMinutes: critiques.slotMinutes,
  startsAt: critiques.startsAt,
  endsAt: critiques.endsAt,
  mode: critiques.mode,
};

function critiqueQuery(db: DbOrTx) {
  return db
    .select(critiqueColumns)
    .from(critiques)
    .innerJoin(rounds, eq(rounds.id, critiques.roundId))
    .innerJoin(competitions, eq(competitions.id, rounds.competitionId))
    .innerJoin(divisions, eq(divisions.id, critiques.divisionId));
}

/** A competition's critiques, by round, then division order. */
export function competitionCritiques(db: DbOrTx, orgId: number, competitionId: number): Promise<CritiqueRow[]> {
  return critiqueQuery(db)
    .where(and(eq(critiques.orgId, orgId), eq(rounds.competitionId, competitionId)))
    .orderBy(asc(rounds.number), asc(divisions.sortOrder), asc(divisions.name));
}

export async function findCritique(db: DbOrTx, orgId: number, id: number): Promise<CritiqueRow | undefined> {
  const [row] = await critiqueQuery(db).where(and(eq(critiques.orgId, orgId), eq(critiques.id, id)));
  return row;
}

/** The critiques of the rounds and divisions a group performs in, the newest competition first. */
export async function groupCritiques(db: DbOrTx, orgId: number, groupId: number): Promise<CritiqueRow[]> {
  const rows = await critiqueQuery(db)
    .innerJoin(
      performances,
      and(
        eq(performances.roundId, critiques.roundId),
        eq(performances.divisionId, critiques.divisionId),
        eq(performances.groupId, groupId),
      ),
    )
    .where(eq(critiques.orgId, orgId))
    .orderBy(asc(competitions.startsAt), asc(rounds.number));
  return rows.reverse();
}

/** The slots held in critiques, with the holders' names. */
export async function heldSlots(db: DbOrTx, critiqueIds: readonly number[]): Promise<Map<number, HeldSlot[]>> {
  const held = new Map<number, HeldSlot[]>();
  if (critiqueIds.length === 0) return held;
  const rows = await db
    .select({
      critiqueId: critiqueSlots.critiqueId,
      groupId: critiqueSlots.groupId,
      groupName: groups.name,
      slot: critiqueSlots.slot,
    })
    .from(critiqueSlots)
    .innerJoin(groups, eq(groups.id, critiqueSlots.groupId))
    .where(inArray(critiqueSlots.critiqueId, [...critiqueIds]))
    .orderBy(asc(critiqueSlots.slot));
  for (const { critiqueId, ...slot } of rows) held.set(critiqueId, [...(held.get(critiqueId) ?? []), slot]);
  return held;
}

/** The groups of a division and round in running order (performance order's placing). */
export function runningOrder(db: DbOrTx, roundId: number, divisionId: number): Promise<RunningGroup[]> {
  return db
    .select({ groupId: performances.groupId, groupName: groups.name })
    .from(performances)
    .innerJoin(groups, eq(groups.id, performances.groupId))
    .where(and(eq(performances.roundId, roundId), eq(performances.divisionId, divisionId)))
    .orderBy(asc(performances.performanceOrder), asc(performances.id));
}

/** Who holds which slot: performance order's places (computed, never stored), or the picks. */
export async function holdersOf(
  db: DbOrTx,
  row: CritiqueRow,
  held: readonly HeldSlot[],
): Promise<{ holders: HeldSlot[]; unplaced: RunningGroup[] }> {
  if (row.mode === 'pick') return { holders: [...held], unplaced: [] };
  const order = await runningOrder(db, row.roundId, row.divisionId);
  const placed = placeInPerformanceOrder(
    planOf(row),
    order.map((group) => group.groupId),
  );
  const holders: HeldSlot[] = [];
  const unplaced: RunningGroup[] = [];
  placed.forEach((place, index) => {
    if (place.slot === null) unplaced.push(order[index]);
    else holders.push({ ...order[index], slot: place.slot });
  });
  return { holders, unplaced };
}

export type PlanInput = Omit<CritiqueInput, 'round' | 'divisionId'>;

const valuesOf = (input: PlanInput) => ({
  stations: input.stations.map((name) => name.trim()),
  slotMinutes: input.slotMinutes,
  startsAt: input.from,
  endsAt: input.to,
  mode: input.mode,
});

/**
 * Opens critique for a division and round (one critique each: a second is refused in words), the plan already
 * checked by the domain's rules (critiqueProblems).
 */
export async function openCritique(db: DbOrTx, orgId: number, competitionId: number, input: CritiqueInput) {
  return orgWrite(db, orgId, async (tx) => {
    const [competition] = await tx
      .select({ id: competitions.id })
      .from(competitions)
      .where(and(eq(competitions.orgId, orgId), eq(competitions.id, competitionId)));
    if (!competition) throw new NotFoundError('competition', competitionId);
    const [round] = await tx
      .select({ id: rounds.id })
      .from(rounds)
      .where(and(eq(rounds.competitionId, competitionId), eq(rounds.number, input.round)));
    if (!round) throw new RuleViolation('round', `the competition has no round ${input.round}`);
    const [division] = await tx
      .select({ id: divisions.id, name: divisions.name })
      .from(divisions)
      .where(and(eq(divisions.orgId, orgId), eq(divisions.id, input.divisionId)));
    if (!division) throw new RuleViolation('divisionId', `division ${input.divisionId} does not exist`);
    const [existing] = await tx
      .select({ id: critiques.id })
      .from(critiques)
      .where(and(eq(critiques.roundId, round.id), eq(critiques.divisionId, input.divisionId)));
    if (existing)
      throw new CritiqueConflict(
        'already_open',
        `critique is already open for ${division.name}, round ${input.round}: change it (critique ${existing.id})`,
      );
    const [made] = await tx
      .insert(critiques)
      .values({ orgId, roundId: round.id, divisionId: input.divisionId, ...valuesOf(input) })
      .returning({ id: critiques.id });
    return made.id;
  });
}

/**
 * Changes a critique's plan. Held slots keep their numbers and their times follow the new plan; a change that would
 * leave a held slot out of the plan, or place the groups in performance order over their picks, is refused in words
 * (decision 137).
 */
export async function changeCritique(db: DbOrTx, orgId: number, id: number, input: PlanInput) {
  return orgWrite(db, orgId, async (tx) => {
    const [existing] = await tx
      .select({ id: critiques.id })
      .from(critiques)
      .where(and(eq(critiques.orgId, orgId), eq(critiques.id, id)));
    if (!existing) throw new NotFoundError('critique', id);
    const held = await tx
      .select({ slot: critiqueSlots.slot })
      .from(critiqueSlots)
      .where(eq(critiqueSlots.critiqueId, id));
    if (held.length > 0 && input.mode === 'performance-order')
      throw new CritiqueConflict(
        'slots_held',
        `${held.length} group${held.length === 1 ? ' has' : 's have'} picked a slot: close critique and open it again to place the groups in performance order`,
      );
    const count = slotsOf({ ...input, from: input.from.getTime(), to: input.to.getTime() }).length;
    const outside = held.map((row) => row.slot).filter((slot) => slot > count);
    if (outside.length > 0)
      throw new CritiqueConflict(
        'slots_held',
        `slot ${Math.max(...outside)} is held by a group and this plan has only ${count} slots: keep a window and length that fit it, or close critique and open it again`,
      );
    await tx.update(critiques).set(valuesOf(input)).where(eq(critiques.id, id));
  });
}

/** Closes critique: the plan and every slot held in it go. */
export async function closeCritique(db: DbOrTx, orgId: number, id: number) {
  return orgWrite(db, orgId, async (tx) => {
    const gone = await tx
      .delete(critiques)
      .where(and(eq(critiques.orgId, orgId), eq(critiques.id, id)))
      .returning({ id: critiques.id });
    if (gone.length === 0) throw new NotFoundError('critique', id);
  });
}

/**
 * A group takes a slot, or moves to another (its one row moves). The domain's refusals are checked under the
 * organization's write lock; the unique (critique, slot) is the last word, should two takes ever meet there.
 */
export async function pickSlot(
  db: DbOrTx,
  orgId: number,
  critiqueId: number,
  groupId: number,
  slot: number,
  now: Date,
) {
  try {
    await orgWrite(db, orgId, async (tx) => {
      const row = await findCritique(tx, orgId, critiqueId);
      if (!row) throw new NotFoundError('critique', critiqueId);
      const [performs] = await tx
        .select({ id: performances.id })
        .from(performances)
        .where(
          and(
            eq(performances.roundId, row.roundId),
            eq(performances.divisionId, row.divisionId),
            eq(performances.groupId, groupId),
          ),
        );
      if (!performs)
        throw new CritiqueConflict(
          'not_performing',
          `group ${groupId} does not perform in ${row.divisionName}, round ${row.roundNumber}: its critique is not theirs`,
        );
      const held = await tx
        .select({ slot: critiqueSlots.slot, groupId: critiqueSlots.groupId })
        .from(critiqueSlots)
        .where(eq(critiqueSlots.critiqueId, critiqueId));
      const refusal = pickRefusal(
        planOf(row),
        now.getTime(),
        slot,
        groupId,
        new Map(held.map((h) => [h.slot, h.groupId])),
      );
      if (refusal?.kind === 'no-such-slot') throw new RuleViolation('slot', refusal.message);
      if (refusal) throw new CritiqueConflict(refusal.kind, refusal.message);
      await tx
        .insert(critiqueSlots)
        .values({ critiqueId, orgId, groupId, slot, takenAt: now })
        .onConflictDoUpdate({ target: [critiqueSlots.critiqueId, critiqueSlots.groupId], set: { slot, takenAt: now } });
    });
  } catch (error) {
    if (dbErrorCode(error) === '23505')
      throw new CritiqueConflict('taken', `slot ${slot} is taken by another group: pick another`);
    throw error;
  }
}

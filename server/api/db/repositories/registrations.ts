/**
 * Registration for contests (decision 136): a competition's registration (dates, divisions offered with capacity and
 * fee, a note), groups' registrations into it, and the circuit's decisions. Accepting a registration makes the
 * group's performance in the competition's first round, at the end of its division's running order; withdrawing an
 * accepted one removes that performance (refused once it has scores) and promotes the first waitlisted registration
 * of the division to accepted.
 */
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../database.js';
import {
  competitions,
  divisions,
  groups,
  performances,
  registrations,
  registrationWindows,
  rounds,
  subcaptionScores,
  type OfferedDivision,
  type RegistrationState,
} from '../schema.js';
import { NotFoundError, RuleViolation } from './errors.js';
import { addPerformance } from './performances.write.js';
import { retabulate } from './retabulate.js';
import { orgWrite } from './support.js';

/** A registration refused in words for the state things are in (a 409). */
export class RegistrationConflict extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RegistrationConflict';
  }
}

export interface WindowInput {
  opensAt: Date;
  closesAt: Date;
  note: string;
  divisions: readonly OfferedDivision[];
}

export type WindowRow = typeof registrationWindows.$inferSelect;

export interface RegistrationRow {
  id: number;
  competitionId: number;
  competitionName: string;
  divisionId: number;
  divisionName: string;
  groupId: number;
  groupName: string;
  state: RegistrationState;
  reason: string;
  paid: boolean;
  performanceId: number | null;
  createdAt: Date;
  updatedAt: Date;
}

const LIVE: RegistrationState[] = ['requested', 'accepted', 'waitlisted'];

const registrationColumns = {
  id: registrations.id,
  competitionId: registrations.competitionId,
  competitionName: competitions.name,
  divisionId: registrations.divisionId,
  divisionName: divisions.name,
  groupId: registrations.groupId,
  groupName: groups.name,
  state: registrations.state,
  reason: registrations.reason,
  paid: registrations.paid,
  performanceId: registrations.performanceId,
  createdAt: registrations.createdAt,
  updatedAt: registrations.updatedAt,
};

function registrationQuery(db: DbOrTx) {
  return db
    .select(registrationColumns)
    .from(registrations)
    .innerJoin(competitions, eq(competitions.id, registrations.competitionId))
    .innerJoin(divisions, eq(divisions.id, registrations.divisionId))
    .innerJoin(groups, eq(groups.id, registrations.groupId));
}

export async function findWindow(db: DbOrTx, orgId: number, competitionId: number): Promise<WindowRow | undefined> {
  const [row] = await db
    .select()
    .from(registrationWindows)
    .where(and(eq(registrationWindows.orgId, orgId), eq(registrationWindows.competitionId, competitionId)));
  return row;
}

/** Which of these competitions have a registration (the v2 record's RegistrationUrl is filled for those only). */
export async function competitionsWithRegistration(
  db: DbOrTx,
  orgId: number,
  competitionIds: readonly number[],
): Promise<Set<number>> {
  if (competitionIds.length === 0) return new Set();
  const rows = await db
    .select({ competitionId: registrationWindows.competitionId })
    .from(registrationWindows)
    .where(and(eq(registrationWindows.orgId, orgId), inArray(registrationWindows.competitionId, [...competitionIds])));
  return new Set(rows.map((row) => row.competitionId));
}

/** A competition's registrations, oldest first (the waitlist's order). */
export function competitionRegistrations(db: DbOrTx, orgId: number, competitionId: number) {
  return registrationQuery(db)
    .where(and(eq(registrations.orgId, orgId), eq(registrations.competitionId, competitionId)))
    .orderBy(asc(registrations.createdAt), asc(registrations.id));
}

/** A group's registrations, newest first. */
export function groupRegistrations(db: DbOrTx, orgId: number, groupId: number) {
  return registrationQuery(db)
    .where(and(eq(registrations.orgId, orgId), eq(registrations.groupId, groupId)))
    .orderBy(sql`${registrations.createdAt} desc`, sql`${registrations.id} desc`);
}

export async function findRegistration(db: DbOrTx, orgId: number, id: number): Promise<RegistrationRow | undefined> {
  const [row] = await registrationQuery(db).where(and(eq(registrations.orgId, orgId), eq(registrations.id, id)));
  return row;
}

/** Every registration window of the organization open at `now`, with its competition's name and date. */
export function openWindows(db: DbOrTx, orgId: number, now: Date) {
  return db
    .select({
      window: registrationWindows,
      competitionName: competitions.name,
      competitionGuid: competitions.guid,
      startsAt: competitions.startsAt,
    })
    .from(registrationWindows)
    .innerJoin(competitions, eq(competitions.id, registrationWindows.competitionId))
    .where(
      and(
        eq(registrationWindows.orgId, orgId),
        sql`${registrationWindows.opensAt} <= ${now}`,
        sql`${registrationWindows.closesAt} > ${now}`,
      ),
    )
    .orderBy(asc(competitions.startsAt));
}

/** The names of divisions, with their group type (who may enter them). */
export function divisionsByIds(db: DbOrTx, orgId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: divisions.id, name: divisions.name, groupTypeId: divisions.groupTypeId })
    .from(divisions)
    .where(and(eq(divisions.orgId, orgId), inArray(divisions.id, [...ids])));
}

/** Opens or changes a competition's registration, checked whole (a RuleViolation names the field). */
export async function saveWindow(db: DbOrTx, orgId: number, competitionId: number, input: WindowInput) {
  return orgWrite(db, orgId, async (tx) => {
    const [competition] = await tx
      .select({ id: competitions.id })
      .from(competitions)
      .where(and(eq(competitions.orgId, orgId), eq(competitions.id, competitionId)));
    if (!competition) throw new NotFoundError('competition', competitionId);
    if (input.closesAt.getTime() <= input.opensAt.getTime())
      throw new RuleViolation('closesAt', 'registration closes after it opens');
    if (input.divisions.length === 0) throw new RuleViolation('divisions', 'offer at least one division');
    const known = new Set(
      (
        await divisionsByIds(
          tx,
          orgId,
          input.divisions.map((d) => d.divisionId),
        )
      ).map((d) => d.id),
    );
    const seen = new Set<number>();
    input.divisions.forEach((offered, index) => {
      if (!known.has(offered.divisionId))
        throw new RuleViolation(`divisions.${index}.divisionId`, `division ${offered.divisionId} does not exist`);
      if (seen.has(offered.divisionId))
        throw new RuleViolation(`divisions.${index}.divisionId`, `division ${offered.divisionId} is offered twice`);
      seen.add(offered.divisionId);
    });
    const live = await tx
      .select({ divisionId: registrations.divisionId })
      .from(registrations)
      .where(and(eq(registrations.competitionId, competitionId), inArray(registrations.state, LIVE)));
    const dropped = live.find((row) => !seen.has(row.divisionId));
    if (dropped)
      throw new RuleViolation(
        'divisions',
        `division ${dropped.divisionId} has registrations: it stays offered until they are withdrawn or refused`,
      );
    const values = { ...input, divisions: [...input.divisions] };
    await tx
      .insert(registrationWindows)
      .values({ competitionId, orgId, ...values })
      .onConflictDoUpdate({ target: registrationWindows.competitionId, set: values });
  });
}

async function acceptedCount(tx: Tx, competitionId: number, divisionId: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(registrations)
    .where(
      and(
        eq(registrations.competitionId, competitionId),
        eq(registrations.divisionId, divisionId),
        eq(registrations.state, 'accepted'),
      ),
    );
  return row.n;
}

/**
 * A group registers in one offered division while registration is open: requested, or waitlisted at once when the
 * division's accepted places are all taken.
 */
export async function register(
  db: DbOrTx,
  orgId: number,
  groupId: number,
  input: { competitionId: number; divisionId: number },
  now: Date,
): Promise<number> {
  return orgWrite(db, orgId, async (tx) => {
    const [group] = await tx
      .select()
      .from(groups)
      .where(and(eq(groups.orgId, orgId), eq(groups.id, groupId)));
    if (!group) throw new NotFoundError('group', groupId);
    const window = await findWindow(tx, orgId, input.competitionId);
    if (!window) throw new RuleViolation('competitionId', `competition ${input.competitionId} has no registration`);
    if (now < window.opensAt)
      throw new RegistrationConflict('registration_not_open', `Registration opens ${window.opensAt.toISOString()}`);
    if (now >= window.closesAt)
      throw new RegistrationConflict('registration_closed', `Registration closed ${window.closesAt.toISOString()}`);
    const offered = window.divisions.find((d) => d.divisionId === input.divisionId);
    if (!offered)
      throw new RuleViolation('divisionId', `division ${input.divisionId} is not offered in this registration`);
    const [division] = await divisionsByIds(tx, orgId, [input.divisionId]);
    if (division.groupTypeId !== group.groupTypeId)
      throw new RuleViolation('divisionId', `${group.name} may not enter ${division.name}: another kind of group`);
    const [existing] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(
        and(
          eq(registrations.competitionId, input.competitionId),
          eq(registrations.divisionId, input.divisionId),
          eq(registrations.groupId, groupId),
          inArray(registrations.state, LIVE),
        ),
      );
    if (existing)
      throw new RegistrationConflict(
        'already_registered',
        `${group.name} is already registered in ${division.name} (registration ${existing.id})`,
      );
    const full = (await acceptedCount(tx, input.competitionId, input.divisionId)) >= offered.capacity;
    const [row] = await tx
      .insert(registrations)
      .values({
        orgId,
        competitionId: input.competitionId,
        divisionId: input.divisionId,
        groupId,
        state: full ? 'waitlisted' : 'requested',
        reason: full ? `${division.name} is full` : '',
      })
      .returning({ id: registrations.id });
    return row.id;
  });
}

async function requireRegistration(tx: Tx, orgId: number, id: number) {
  const [row] = await tx
    .select()
    .from(registrations)
    .where(and(eq(registrations.orgId, orgId), eq(registrations.id, id)))
    .for('update');
  if (!row) throw new NotFoundError('registration', id);
  return row;
}

/** The group's performance for an accepted registration: the first round, the end of its division's order. */
async function makePerformance(tx: Tx, orgId: number, row: typeof registrations.$inferSelect) {
  const [round] = await tx
    .select({ id: rounds.id })
    .from(rounds)
    .where(eq(rounds.competitionId, row.competitionId))
    .orderBy(asc(rounds.number))
    .limit(1);
  if (!round)
    throw new RegistrationConflict(
      'no_round',
      'The competition has no round yet: add one on its set-up pages before accepting registrations',
    );
  const [existing] = await tx
    .select({ id: performances.id })
    .from(performances)
    .where(
      and(
        eq(performances.roundId, round.id),
        eq(performances.divisionId, row.divisionId),
        eq(performances.groupId, row.groupId),
      ),
    );
  if (existing) return existing.id;
  const [last] = await tx
    .select({ order: max(performances.performanceOrder) })
    .from(performances)
    .where(and(eq(performances.roundId, round.id), eq(performances.divisionId, row.divisionId)));
  const made = await addPerformance(tx, orgId, {
    roundId: round.id,
    divisionId: row.divisionId,
    groupId: row.groupId,
    order: (last?.order ?? 0) + 1,
  });
  return made.id;
}

async function accept(tx: Tx, orgId: number, row: typeof registrations.$inferSelect, reason = '') {
  const performanceId = await makePerformance(tx, orgId, row);
  await tx
    .update(registrations)
    .set({ state: 'accepted', reason, performanceId, updatedAt: new Date() })
    .where(eq(registrations.id, row.id));
}

/** The circuit's decision: accepted (within capacity), waitlisted or refused with a reason. */
export async function decide(
  db: DbOrTx,
  orgId: number,
  id: number,
  decision: { state: 'accepted' | 'waitlisted' | 'refused'; reason: string },
) {
  await orgWrite(db, orgId, async (tx) => {
    const row = await requireRegistration(tx, orgId, id);
    if (row.state === 'withdrawn')
      throw new RegistrationConflict('withdrawn', `Registration ${id} was withdrawn by its group`);
    if (decision.state === 'refused' && decision.reason === '')
      throw new RuleViolation('reason', 'say why the registration is refused');
    if (decision.state === row.state) return;
    if (row.state === 'accepted') await removePerformance(tx, row);
    if (decision.state === 'accepted') {
      const window = await findWindow(tx, orgId, row.competitionId);
      const offered = window?.divisions.find((d) => d.divisionId === row.divisionId);
      if (offered && (await acceptedCount(tx, row.competitionId, row.divisionId)) >= offered.capacity)
        throw new RegistrationConflict(
          'division_full',
          `The division is full (${offered.capacity} accepted): raise its capacity or waitlist this registration`,
        );
      await accept(tx, orgId, row, decision.reason);
      return;
    }
    await tx
      .update(registrations)
      .set({ state: decision.state, reason: decision.reason, performanceId: null, updatedAt: new Date() })
      .where(eq(registrations.id, id));
    if (row.state === 'accepted') await promoteFirstWaitlisted(tx, orgId, row.competitionId, row.divisionId);
  });
}

export async function markPaid(db: DbOrTx, orgId: number, id: number, paid: boolean) {
  await orgWrite(db, orgId, async (tx) => {
    await requireRegistration(tx, orgId, id);
    await tx.update(registrations).set({ paid, updatedAt: new Date() }).where(eq(registrations.id, id));
  });
}

/** An accepted registration's performance goes with it, unless it has scores (refused in words). */
async function removePerformance(tx: Tx, row: typeof registrations.$inferSelect) {
  if (row.performanceId === null) return;
  const [performance] = await tx.select().from(performances).where(eq(performances.id, row.performanceId));
  if (!performance) return;
  const scored = await tx
    .select({ one: sql`1` })
    .from(subcaptionScores)
    .where(eq(subcaptionScores.performanceId, performance.id))
    .limit(1);
  if (scored.length > 0)
    throw new RegistrationConflict(
      'performance_scored',
      'The performance this registration made has scores: it is not removed by a registration; the circuit removes it on the entries page with a reason',
    );
  await tx.delete(performances).where(eq(performances.id, performance.id));
  await retabulate(tx, performance.roundId, performance.divisionId);
}

/** A place freed: the division's first waitlisted registration (oldest) is accepted, its performance made. */
async function promoteFirstWaitlisted(tx: Tx, orgId: number, competitionId: number, divisionId: number) {
  const window = await findWindow(tx, orgId, competitionId);
  const offered = window?.divisions.find((d) => d.divisionId === divisionId);
  if (!offered || (await acceptedCount(tx, competitionId, divisionId)) >= offered.capacity) return;
  const [first] = await tx
    .select()
    .from(registrations)
    .where(
      and(
        eq(registrations.competitionId, competitionId),
        eq(registrations.divisionId, divisionId),
        eq(registrations.state, 'waitlisted'),
      ),
    )
    .orderBy(asc(registrations.createdAt), asc(registrations.id))
    .limit(1);
  if (first) await accept(tx, orgId, first, 'a place was freed');
}

/** The group withdraws its registration: an accepted one frees its place for the first waitlisted. */
export async function withdraw(db: DbOrTx, orgId: number, groupId: number, id: number) {
  await orgWrite(db, orgId, async (tx) => {
    const row = await requireRegistration(tx, orgId, id);
    if (row.groupId !== groupId) throw new NotFoundError('registration', id);
    if (!LIVE.includes(row.state))
      throw new RegistrationConflict('not_live', `Registration ${id} is ${row.state}: there is nothing to withdraw`);
    if (row.state === 'accepted') await removePerformance(tx, row);
    await tx
      .update(registrations)
      .set({ state: 'withdrawn', reason: '', performanceId: null, updatedAt: new Date() })
      .where(eq(registrations.id, id));
    if (row.state === 'accepted') await promoteFirstWaitlisted(tx, orgId, row.competitionId, row.divisionId);
  });
}

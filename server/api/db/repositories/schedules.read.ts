/**
 * What the schedule builder reads (decision 138): a competition's performances in the day's default sequence, its
 * saved draft resolved against them (a performance added since is appended, one removed since is dropped), its
 * conflicts with the logistical templates too (decision 141), and its published versions.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_GAP_MINUTES,
  computeSchedule,
  type Conflict,
  type ScheduleItem,
  type SchedulePlan,
  type TimedItem,
} from '../../../../domain/schedule/times.js';
import { itineraryConflicts } from '../../../../domain/schedule/itinerary-conflicts.js';
import type { TemplateStep } from '../../../../domain/schedule/itinerary.js';
import type { StoredPlan, StoredTimedItem } from '../../../../domain/schedule/stored.js';
import type { DbOrTx } from '../database.js';
import {
  divisions,
  groups,
  itineraryTemplates,
  performances,
  rounds,
  scheduleDrafts,
  scheduleVersions,
} from '../schema.js';

/** A division's interval until the circuit gives one. */
export const DEFAULT_INTERVAL_MINUTES = 12;

/** Every performance of a competition: by time (unset last), then round, then running order. */
export async function schedulePerformances(db: DbOrTx, orgId: number, competitionId: number) {
  return db
    .select({
      performanceId: performances.id,
      performsAt: performances.performsAt,
      order: performances.performanceOrder,
      roundId: rounds.id,
      roundNumber: rounds.number,
      roundName: rounds.name,
      divisionId: divisions.id,
      divisionName: divisions.name,
      groupId: groups.id,
      groupName: groups.name,
    })
    .from(performances)
    .innerJoin(rounds, eq(rounds.id, performances.roundId))
    .innerJoin(divisions, eq(divisions.id, performances.divisionId))
    .innerJoin(groups, eq(groups.id, performances.groupId))
    .where(and(eq(performances.orgId, orgId), eq(rounds.competitionId, competitionId)))
    .orderBy(
      sql`${performances.performsAt} asc nulls last`,
      asc(rounds.number),
      asc(divisions.sortOrder),
      asc(performances.performanceOrder),
      asc(performances.id),
    );
}

export type SchedulePerformanceRow = Awaited<ReturnType<typeof schedulePerformances>>[number];

export async function scheduleDraftRow(db: DbOrTx, orgId: number, competitionId: number) {
  const [row] = await db
    .select()
    .from(scheduleDrafts)
    .where(and(eq(scheduleDrafts.orgId, orgId), eq(scheduleDrafts.competitionId, competitionId)));
  return row;
}

/** A competition's published versions, oldest first. */
export async function scheduleVersionRows(db: DbOrTx, orgId: number, competitionId: number) {
  return db
    .select()
    .from(scheduleVersions)
    .where(and(eq(scheduleVersions.orgId, orgId), eq(scheduleVersions.competitionId, competitionId)))
    .orderBy(asc(scheduleVersions.number));
}

export async function latestScheduleVersion(db: DbOrTx, orgId: number, competitionId: number) {
  const [row] = await db
    .select()
    .from(scheduleVersions)
    .where(and(eq(scheduleVersions.orgId, orgId), eq(scheduleVersions.competitionId, competitionId)))
    .orderBy(desc(scheduleVersions.number))
    .limit(1);
  return row;
}

export type ScheduleVersionRow = typeof scheduleVersions.$inferSelect;

/** The plan a competition has before its first save: its start time, no end, the default gap and intervals. */
export function defaultPlan(startsAt: Date, rows: readonly SchedulePerformanceRow[]): StoredPlan {
  const divisionIds = [...new Set(rows.map((row) => row.divisionId))];
  return {
    startsAt: startsAt.toISOString(),
    endsAt: null,
    gapMinutes: DEFAULT_GAP_MINUTES,
    intervals: divisionIds.map((divisionId) => ({ divisionId, minutes: DEFAULT_INTERVAL_MINUTES })),
    items: inRunningOrder(rows).map((row) => ({ performanceId: row.performanceId })),
  };
}

/**
 * The performances in time order, except that each division and round keeps its running order: its performances,
 * by order, take the places its performances hold in time order (so the default sequence is one the draft accepts).
 */
export function inRunningOrder(rows: readonly SchedulePerformanceRow[]): SchedulePerformanceRow[] {
  const sectionOf = (row: SchedulePerformanceRow) => `${row.roundId}:${row.divisionId}`;
  const queues = new Map<string, SchedulePerformanceRow[]>();
  for (const row of rows) queues.set(sectionOf(row), [...(queues.get(sectionOf(row)) ?? []), row]);
  for (const queue of queues.values()) queue.sort((a, b) => a.order - b.order || a.performanceId - b.performanceId);
  return rows.map((row) => (queues.get(sectionOf(row)) as SchedulePerformanceRow[]).shift() as SchedulePerformanceRow);
}

/**
 * A stored plan as it stands today: performances no longer in the competition dropped, new ones appended in the
 * default sequence, a division without an interval given the default.
 */
export function resolvePlan(stored: StoredPlan, rows: readonly SchedulePerformanceRow[]): StoredPlan {
  const known = new Set(rows.map((row) => row.performanceId));
  const items = stored.items.filter((item) => !('performanceId' in item) || known.has(item.performanceId));
  const listed = new Set(items.flatMap((item) => ('performanceId' in item ? [item.performanceId] : [])));
  for (const row of rows) if (!listed.has(row.performanceId)) items.push({ performanceId: row.performanceId });
  const intervals = stored.intervals.filter((interval) => rows.some((row) => row.divisionId === interval.divisionId));
  for (const divisionId of new Set(rows.map((row) => row.divisionId)))
    if (!intervals.some((interval) => interval.divisionId === divisionId))
      intervals.push({ divisionId, minutes: DEFAULT_INTERVAL_MINUTES });
  return { ...stored, intervals, items };
}

/** The domain's plan of a stored one (its performances looked up in `rows`, which must hold every one). */
export function domainPlan(stored: StoredPlan, rows: readonly SchedulePerformanceRow[]): SchedulePlan {
  const byId = new Map(rows.map((row) => [row.performanceId, row]));
  return {
    startsAt: Date.parse(stored.startsAt),
    endsAt: stored.endsAt === null ? null : Date.parse(stored.endsAt),
    gapMinutes: stored.gapMinutes,
    intervals: new Map(stored.intervals.map((interval) => [interval.divisionId, interval.minutes])),
    items: stored.items.map((item): ScheduleItem => {
      if ('block' in item)
        return { kind: 'block', blockKind: item.block.kind, title: item.block.title, minutes: item.block.minutes };
      const row = byId.get(item.performanceId);
      if (!row) throw new Error(`performance ${item.performanceId} is not in the competition`);
      return {
        kind: 'performance',
        performanceId: row.performanceId,
        groupId: row.groupId,
        groupName: row.groupName,
        divisionId: row.divisionId,
      };
    }),
  };
}

/** Timed items as a version stores them. */
export function storedItems(timed: readonly TimedItem[], rows: readonly SchedulePerformanceRow[]): StoredTimedItem[] {
  const byId = new Map(rows.map((row) => [row.performanceId, row]));
  return timed.map((item): StoredTimedItem => {
    const times = { startsAt: new Date(item.startsAt).toISOString(), endsAt: new Date(item.endsAt).toISOString() };
    if (item.kind === 'block')
      return { kind: 'block', blockKind: item.blockKind, title: item.title, minutes: item.minutes, ...times };
    const row = byId.get(item.performanceId) as SchedulePerformanceRow;
    return {
      kind: 'performance',
      performanceId: item.performanceId,
      groupId: item.groupId,
      groupName: item.groupName,
      divisionId: item.divisionId,
      divisionName: row.divisionName,
      roundNumber: row.roundNumber,
      ...times,
    };
  });
}

/** A competition's templates by division id (a division without one has no steps but its performance). */
export async function itineraryTemplatesOf(
  db: DbOrTx,
  orgId: number,
  competitionId: number,
): Promise<Map<number, TemplateStep[]>> {
  const rows = await db
    .select({ divisionId: itineraryTemplates.divisionId, steps: itineraryTemplates.steps })
    .from(itineraryTemplates)
    .where(and(eq(itineraryTemplates.orgId, orgId), eq(itineraryTemplates.competitionId, competitionId)))
    .orderBy(asc(itineraryTemplates.divisionId));
  return new Map(rows.map((row) => [row.divisionId, row.steps]));
}

export interface ComputedDraft {
  plan: StoredPlan;
  rows: SchedulePerformanceRow[];
  timed: TimedItem[];
  conflicts: Conflict[];
  draft: Awaited<ReturnType<typeof scheduleDraftRow>>;
}

/** A competition's draft (saved or the default) resolved against today's performances, with its times and conflicts. */
export async function computedDraft(
  db: DbOrTx,
  orgId: number,
  competition: { id: number; startsAt: Date },
): Promise<ComputedDraft> {
  const rows = await schedulePerformances(db, orgId, competition.id);
  const draft = await scheduleDraftRow(db, orgId, competition.id);
  const plan = resolvePlan(draft?.plan ?? defaultPlan(competition.startsAt, rows), rows);
  const computed = computeSchedule(domainPlan(plan, rows));
  // a saved plan was checked with the same rules, and resolving it only drops items or adds default intervals
  if (!computed.ok) throw new Error(`the stored schedule plan of competition ${competition.id} does not compute`);
  const templates = await itineraryTemplatesOf(db, orgId, competition.id);
  const conflicts = [
    ...computed.conflicts,
    ...itineraryConflicts(domainPlan(plan, rows).endsAt, computed.items, templates),
  ];
  return { plan, rows, timed: computed.items, conflicts, draft };
}

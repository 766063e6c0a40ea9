/**
 * The schedule builder's writes (decision 138): saving a competition's draft (checked whole: every performance
 * once, each division and round in its running order, the times computable), and publishing it: the computed times
 * written to the performances and a new version added, in one unit.
 */
import { eq } from 'drizzle-orm';
import { MAX_REASON, planProblems, type BlockKind } from '../../../../domain/schedule/times.js';
import type { StoredPlan } from '../../../../domain/schedule/stored.js';
import type { DbOrTx } from '../database.js';
import type { AuditActor } from '../audit-actor.js';
import { performances, scheduleDrafts, scheduleVersions } from '../schema.js';
import { findCompetition } from './competitions.read.js';
import { NotFoundError, RuleViolation } from './errors.js';
import {
  computedDraft,
  domainPlan,
  latestScheduleVersion,
  schedulePerformances,
  storedItems,
  type SchedulePerformanceRow,
} from './schedules.read.js';
import { orgWrite } from './support.js';

export interface DraftRequest {
  startsAt: string;
  endsAt?: string | null;
  gapMinutes?: number;
  intervals: readonly { divisionId: number; minutes: number }[];
  items: readonly ({ performanceId: number } | { block: { kind: BlockKind; title: string; minutes: number } })[];
}

async function competitionOf(db: DbOrTx, orgId: number, competitionId: number) {
  const competition = await findCompetition(db, orgId, { id: competitionId });
  if (!competition) throw new NotFoundError('competition', competitionId);
  return competition;
}

/** The request as a stored plan, or the first thing wrong with it as a RuleViolation naming its field. */
function checkedPlan(request: DraftRequest, rows: readonly SchedulePerformanceRow[]): StoredPlan {
  const byId = new Map(rows.map((row) => [row.performanceId, row]));
  const seen = new Set<number>();
  /** each division and round's last order seen in the sequence, and the group that had it */
  const lastInSection = new Map<string, SchedulePerformanceRow>();
  request.items.forEach((item, index) => {
    if (!('performanceId' in item)) return;
    const field = `items.${index}.performanceId`;
    const row = byId.get(item.performanceId);
    if (!row) throw new RuleViolation(field, `performance ${item.performanceId} is not in this competition`);
    if (seen.has(item.performanceId))
      throw new RuleViolation(field, `${row.groupName} (performance ${item.performanceId}) is listed twice`);
    seen.add(item.performanceId);
    const section = `${row.roundId}:${row.divisionId}`;
    const before = lastInSection.get(section);
    if (before && before.order > row.order)
      throw new RuleViolation(
        field,
        `${row.groupName} would perform before ${before.groupName}, against the running order of ${row.divisionName} (${row.roundName}): change that order in the running order or by a draw`,
      );
    lastInSection.set(section, row);
  });
  const missing = rows.filter((row) => !seen.has(row.performanceId));
  if (missing.length > 0)
    throw new RuleViolation(
      'items',
      `every performance is scheduled once: missing ${missing.map((row) => row.groupName).join(', ')}`,
    );
  const divisions = new Set(rows.map((row) => row.divisionId));
  const intervalIndex = new Map<number, number>();
  request.intervals.forEach((interval, index) => {
    if (!divisions.has(interval.divisionId))
      throw new RuleViolation(
        `intervals.${index}.divisionId`,
        `division ${interval.divisionId} has no performance here`,
      );
    if (intervalIndex.has(interval.divisionId))
      throw new RuleViolation(`intervals.${index}.divisionId`, `division ${interval.divisionId} is given twice`);
    intervalIndex.set(interval.divisionId, index);
  });
  const plan: StoredPlan = {
    startsAt: new Date(request.startsAt).toISOString(),
    endsAt: request.endsAt ? new Date(request.endsAt).toISOString() : null,
    gapMinutes: request.gapMinutes ?? 30,
    intervals: request.intervals.map(({ divisionId, minutes }) => ({ divisionId, minutes })),
    items: request.items.map((item) =>
      'performanceId' in item
        ? { performanceId: item.performanceId }
        : { block: { kind: item.block.kind, title: item.block.title.trim(), minutes: item.block.minutes } },
    ),
  };
  const [problem] = planProblems(domainPlan(plan, rows));
  if (problem) {
    // the domain names an interval by its division; the body by its place in `intervals`, or the list when absent
    const interval = /^intervals\.(\d+)$/.exec(problem.field);
    if (interval) {
      const index = intervalIndex.get(Number(interval[1]));
      throw new RuleViolation(index === undefined ? 'intervals' : `intervals.${index}.minutes`, problem.message);
    }
    throw new RuleViolation(problem.field.replace(/^items\.(\d+)\./, 'items.$1.block.'), problem.message);
  }
  return plan;
}

/** Saves a competition's draft whole (nothing is published). */
export async function saveScheduleDraft(
  db: DbOrTx,
  orgId: number,
  competitionId: number,
  request: DraftRequest,
  by: AuditActor,
) {
  return orgWrite(db, orgId, async (tx) => {
    await competitionOf(tx, orgId, competitionId);
    const plan = checkedPlan(request, await schedulePerformances(tx, orgId, competitionId));
    await tx
      .insert(scheduleDrafts)
      .values({ competitionId, orgId, plan, savedBy: by })
      .onConflictDoUpdate({ target: scheduleDrafts.competitionId, set: { plan, savedBy: by, savedAt: new Date() } });
  });
}

export interface PublishRequest {
  reason?: string;
  /** publish although the draft has conflicts */
  despiteConflicts?: boolean;
}

/**
 * Publishes the draft as it stands: refused (422) with conflicts unless `despiteConflicts`, and without a reason
 * once a version exists; writes every performance's time and adds the next version.
 */
export async function publishSchedule(
  db: DbOrTx,
  orgId: number,
  competitionId: number,
  request: PublishRequest,
  by: AuditActor,
) {
  return orgWrite(db, orgId, async (tx) => {
    const competition = await competitionOf(tx, orgId, competitionId);
    const latest = await latestScheduleVersion(tx, orgId, competitionId);
    const reason = (request.reason ?? '').trim();
    if (latest && reason === '')
      throw new RuleViolation('reason', `say why the schedule changes (version ${latest.number} is published)`);
    if (reason.length > MAX_REASON) throw new RuleViolation('reason', `a reason is at most ${MAX_REASON} characters`);
    const { plan, rows, timed, conflicts } = await computedDraft(tx, orgId, competition);
    if (rows.length === 0) throw new RuleViolation('items', 'the competition has no performances to schedule');
    if (conflicts.length > 0 && request.despiteConflicts !== true)
      throw new RuleViolation(
        'despiteConflicts',
        `the schedule has ${conflicts.length} conflict${conflicts.length === 1 ? '' : 's'}: ${conflicts.map((c) => c.message).join(' ')} Send despiteConflicts to publish it anyway.`,
      );
    for (const item of timed)
      if (item.kind === 'performance')
        await tx
          .update(performances)
          .set({ performsAt: new Date(item.startsAt) })
          .where(eq(performances.id, item.performanceId));
    const [row] = await tx
      .insert(scheduleVersions)
      .values({
        orgId,
        competitionId,
        number: (latest?.number ?? 0) + 1,
        plan,
        items: storedItems(timed, rows),
        reason,
        publishedBy: by,
      })
      .returning();
    return row;
  });
}

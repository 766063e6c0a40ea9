/**
 * What the logistical schedule reads (decision 141): every performance's itinerary computed from its time and its
 * division's template (a performance without a time has none yet). The templates themselves are read with the
 * schedule (schedules.read.ts), whose draft is checked against them.
 */
import {
  itineraryOf,
  type GroupPerformance,
  type ItineraryStep,
  type TemplateStep,
} from '../../../../domain/schedule/itinerary.js';
import type { DbOrTx } from '../database.js';
import {
  DEFAULT_INTERVAL_MINUTES,
  itineraryTemplatesOf,
  latestScheduleVersion,
  scheduleDraftRow,
  schedulePerformances,
  type SchedulePerformanceRow,
} from './schedules.read.js';

/** How long each division's performance is: its interval in the published schedule, else the draft's, else 12. */
export async function performanceMinutes(
  db: DbOrTx,
  orgId: number,
  competitionId: number,
): Promise<(divisionId: number) => number> {
  const latest = await latestScheduleVersion(db, orgId, competitionId);
  const plan = latest?.plan ?? (await scheduleDraftRow(db, orgId, competitionId))?.plan;
  const intervals = new Map((plan?.intervals ?? []).map((interval) => [interval.divisionId, interval.minutes]));
  return (divisionId) => intervals.get(divisionId) ?? DEFAULT_INTERVAL_MINUTES;
}

/** The competition's performances with a time, as the overlap rule reads them. */
export function timedPerformances(
  rows: readonly SchedulePerformanceRow[],
  minutesOf: (divisionId: number) => number,
): GroupPerformance[] {
  return rows.flatMap((row) =>
    row.performsAt
      ? [
          {
            performanceId: row.performanceId,
            groupId: row.groupId,
            groupName: row.groupName,
            divisionId: row.divisionId,
            performsAt: row.performsAt.getTime(),
            minutes: minutesOf(row.divisionId),
          },
        ]
      : [],
  );
}

export interface CompetitionItineraries {
  templates: Map<number, TemplateStep[]>;
  /** by performance id: its steps in time order (absent: the performance has no time yet) */
  byPerformance: Map<number, ItineraryStep[]>;
}

/** Every timed performance's itinerary at a competition. */
export async function competitionItineraries(
  db: DbOrTx,
  orgId: number,
  competitionId: number,
): Promise<CompetitionItineraries> {
  const templates = await itineraryTemplatesOf(db, orgId, competitionId);
  const minutesOf = await performanceMinutes(db, orgId, competitionId);
  const rows = await schedulePerformances(db, orgId, competitionId);
  const byPerformance = new Map(
    timedPerformances(rows, minutesOf).map((performance) => [
      performance.performanceId,
      itineraryOf(performance.performsAt, performance.minutes, templates.get(performance.divisionId) ?? []),
    ]),
  );
  return { templates, byPerformance };
}

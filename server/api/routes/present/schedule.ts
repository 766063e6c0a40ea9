/** A competition's order of appearance, as the v4 schedule operation and the published schedule page both give it. */
import type { CompetitionSection } from '../../db/repositories/competitions.read.js';

export interface ScheduleEntry {
  performanceId: number;
  /** null until the performance has a time */
  time: Date | null;
  order: number;
  round: { number: number; name: string };
  division: { id: number; name: string; initials: string };
  group: { id: number; name: string; location: string };
}

/** Every performance of every division and round, by time (unset times first), then round, then running order. */
export function scheduleEntries(sections: CompetitionSection[]): ScheduleEntry[] {
  const entries = sections.flatMap((section) =>
    section.performances.map((performance) => ({
      performanceId: performance.id,
      time: performance.performsAt,
      order: performance.order,
      round: { number: section.round.number, name: section.round.name },
      division: { id: section.division.id, name: section.division.name, initials: section.division.initials },
      group: { id: performance.group.id, name: performance.group.name, location: performance.group.location },
    })),
  );
  const timeKey = (entry: ScheduleEntry) => (entry.time ? entry.time.toISOString() : '');
  return entries.sort(
    (a, b) => timeKey(a).localeCompare(timeKey(b)) || a.round.number - b.round.number || a.order - b.order,
  );
}

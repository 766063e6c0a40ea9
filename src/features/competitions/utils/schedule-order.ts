import type { ScheduleEntry } from '../../../lib/api-models';
import { localDayKey } from '../../../lib/day-keys';

/** One schedule row, with the day it falls on when that day differs from the row before (the table shows it). */
export interface ScheduleRow {
  entry: ScheduleEntry;
  /** the viewer's day ("YYYY-MM-DD") this row starts, or null while the day stays the same */
  newDay: string | null;
}

/**
 * Rounds in order; within a round, rows in start-time order. A row without a time keeps its place after the row
 * that comes before it in the order of appearance (it inherits that row's time for sorting and for its day),
 * so "TBA" rows stay where their division's running order puts them instead of falling to one end. The first row carries its
 * day only when the schedule spans more than one day.
 */
export function scheduleRows(
  entries: readonly ScheduleEntry[],
  { timeZone }: { timeZone?: string } = {},
): ScheduleRow[] {
  const byRound = new Map<number, ScheduleEntry[]>();
  for (const entry of entries) {
    const round = byRound.get(entry.round.number) ?? [];
    round.push(entry);
    byRound.set(entry.round.number, round);
  }
  const ordered: { entry: ScheduleEntry; sortTime: number; day: string | null }[] = [];
  for (const roundNumber of [...byRound.keys()].sort((a, b) => a - b)) {
    const keyed = carryTimes(byRound.get(roundNumber)!, timeZone);
    keyed.sort(
      (a, b) =>
        a.sortTime - b.sortTime ||
        a.entry.division.name.localeCompare(b.entry.division.name) ||
        a.entry.order - b.entry.order,
    );
    ordered.push(...keyed);
  }
  const days = new Set(ordered.map((row) => row.day).filter((day) => day !== null));
  let previousDay: string | null = null;
  return ordered.map(({ entry, day }, index) => {
    const starts = day !== null && (index === 0 ? days.size > 1 : day !== previousDay);
    if (day !== null) previousDay = day;
    return { entry, newDay: starts ? day : null };
  });
}

/** `order` is the position within a division: a row without a time takes the time of the row before it there. */
function carryTimes(round: readonly ScheduleEntry[], timeZone: string | undefined) {
  const byDivision = new Map<number, ScheduleEntry[]>();
  for (const entry of round) byDivision.set(entry.division.id, [...(byDivision.get(entry.division.id) ?? []), entry]);
  return [...byDivision.values()].flatMap((division) => {
    let carried: { sortTime: number; day: string | null } = { sortTime: Number.NEGATIVE_INFINITY, day: null };
    return [...division]
      .sort((a, b) => a.order - b.order)
      .map((entry) => {
        if (entry.time) carried = { sortTime: Date.parse(entry.time), day: localDayKey(entry.time, { timeZone }) };
        return { entry, ...carried };
      });
  });
}

import { localDayKey } from '../../../lib/dates';
import type { CalendarEntry } from '../../../lib/api-models';

export interface CalendarFilters {
  eventTypeId?: number;
  hidePractice: boolean;
}

export function filterCalendar(entries: CalendarEntry[], { eventTypeId, hidePractice }: CalendarFilters): CalendarEntry[] {
  return entries.filter(
    ({ event }) => (eventTypeId === undefined || event.eventTypeId === eventTypeId) && !(hidePractice && event.practice),
  );
}

/** Entries grouped by the viewer's calendar day, in date order. */
export function groupByDay(entries: CalendarEntry[], zone: { timeZone?: string } = {}): { day: string; entries: CalendarEntry[] }[] {
  const days = new Map<string, CalendarEntry[]>();
  for (const entry of entries) {
    const day = localDayKey(entry.competition.date, zone);
    days.set(day, [...(days.get(day) ?? []), entry]);
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, dayEntries]) => ({ day, entries: dayEntries }));
}

/** Home page split: competitions today, the next ones to come, the latest ones held. */
export function splitByToday(entries: CalendarEntry[], now: Date, zone: { timeZone?: string } = {}) {
  const today = localDayKey(now, zone);
  const live: CalendarEntry[] = [];
  const upcoming: CalendarEntry[] = [];
  const past: CalendarEntry[] = [];
  for (const entry of entries) {
    const day = localDayKey(entry.competition.date, zone);
    (day === today ? live : day > today ? upcoming : past).push(entry);
  }
  return { live, upcoming, latest: past.reverse() };
}

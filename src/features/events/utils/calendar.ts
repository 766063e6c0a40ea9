import { formatShortPlainDate } from '../../../lib/dates';
import { localDayKey } from '../../../lib/day-keys';
import type { CalendarEntry } from '../../../lib/api-models';

export interface CalendarFilters {
  eventTypeId?: number;
  hidePractice: boolean;
  /** words that must each appear in the event's name or place or the competition's name, in any case */
  search?: string;
}

/** Competitions per page of a season's calendar: some five screens on a phone; 1, 2, 3 or 4 columns come out even. */
export const CALENDAR_PAGE_SIZE = 12;

export function filterCalendar(
  entries: CalendarEntry[],
  { eventTypeId, hidePractice, search = '' }: CalendarFilters,
): CalendarEntry[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter(({ event, competition }) => {
    if ((eventTypeId !== undefined && event.eventTypeId !== eventTypeId) || (hidePractice && event.practice))
      return false;
    const text = `${event.name} ${event.location} ${competition.name}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The days some entries (in date order) span, "Feb 7 – Feb 14" or "Feb 7". */
export function dayRange(
  entries: CalendarEntry[],
  { timeZone, locale }: { timeZone?: string; locale?: string } = {},
): string {
  if (entries.length === 0) return '';
  const [from, to] = [
    localDayKey(entries[0].competition.date, { timeZone }),
    localDayKey(entries.at(-1)!.competition.date, { timeZone }),
  ];
  return from === to
    ? formatShortPlainDate(from, { locale })
    : `${formatShortPlainDate(from, { locale })} – ${formatShortPlainDate(to, { locale })}`;
}

/** Entries grouped by the viewer's calendar day, in date order. */
export function groupByDay(
  entries: CalendarEntry[],
  zone: { timeZone?: string } = {},
): { day: string; entries: CalendarEntry[] }[] {
  const days = new Map<string, CalendarEntry[]>();
  for (const entry of entries) {
    const day = localDayKey(entry.competition.date, zone);
    days.set(day, [...(days.get(day) ?? []), entry]);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, dayEntries]) => ({ day, entries: dayEntries }));
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

/**
 * The viewer's calendar day: what the app shell needs on every page (is a competition live today, the viewer's
 * zone in the footer), kept apart from the formatters in dates.ts so those load with the pages that print dates,
 * not in the initial JS.
 */
import { isCalendarDateInstant as isCalendarDate } from '../../domain/calendar-date';

export interface ZoneOption {
  timeZone?: string;
}

/** The viewer's calendar day of an instant (a calendar date's own day), as "YYYY-MM-DD": the key for grouping and for "today". */
export function localDayKey(instant: string | Date, { timeZone }: ZoneOption = {}): string {
  if (typeof instant === 'string' && isCalendarDate(instant)) return instant.slice(0, 10);
  const parts = dayKeyFormat(timeZone).formatToParts(typeof instant === 'string' ? new Date(instant) : instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

let viewerZone: string | undefined;
/** The viewer's time zone, read once: each Intl.DateTimeFormat costs milliseconds on a slow phone. */
export function viewerTimeZone(): string {
  viewerZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return viewerZone;
}

/** Built once per zone: isToday runs on every render of a live page and every refetch. */
const dayKeyFormats = new Map<string, Intl.DateTimeFormat>();
function dayKeyFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  let format = dayKeyFormats.get(timeZone ?? '');
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
    dayKeyFormats.set(timeZone ?? '', format);
  }
  return format;
}

/**
 * True when the competition falls on the viewer's today: it is (or will be) live. Runs on every render and refetch
 * of a live page, and a day key costs a millisecond or more on a phone: the competition's key is kept per instant
 * and zone, today's for the minute.
 */
export function isToday(iso: string, now: Date = new Date(), zone: ZoneOption = {}): boolean {
  return (
    cachedDayKey(`${zone.timeZone ?? ''}|${iso}`, iso, zone) ===
    cachedDayKey(`${zone.timeZone ?? ''}|minute ${Math.floor(now.getTime() / 60_000)}`, now, zone)
  );
}

const dayKeys = new Map<string, string>();
function cachedDayKey(cacheKey: string, instant: string | Date, zone: ZoneOption): string {
  let key = dayKeys.get(cacheKey);
  if (key === undefined) {
    // A page sees a handful of competitions and minutes; start over rather than grow without end.
    if (dayKeys.size >= 500) dayKeys.clear();
    key = localDayKey(instant, zone);
    dayKeys.set(cacheKey, key);
  }
  return key;
}

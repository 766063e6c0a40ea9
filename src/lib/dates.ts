/**
 * Dates in the viewer's time zone. The API sends competition times as UTC timestamps; season bounds as plain
 * ISO dates (no time zone), which are shown as written. `timeZone` is for tests; the app passes nothing.
 *
 * A competition known only by its day (an imported recap prints a date, no time) comes as that day at 12:00 UTC
 * (docs/decisions/011): a calendar date. Every function here shows and keys it as that day, never shifted, with no
 * time and no zone, so a Saturday show is on Saturday for a viewer in California and in Berlin alike.
 */
import { isCalendarDateInstant } from '../../domain/calendar-date';
import type { ZoneOption } from './day-keys';

/** True for a timestamp that stands for a calendar day with no time (that day at 12:00:00.000 UTC). */
export const isCalendarDate = isCalendarDateInstant;

/** The value for a `<time dateTime>` attribute: the day alone ("2026-03-28") for a calendar date, else the instant. */
export function machineDate(iso: string): string {
  return isCalendarDate(iso) ? iso.slice(0, 10) : iso;
}

export function formatDateTime(iso: string, { timeZone, locale }: ZoneOption & { locale?: string } = {}): string {
  if (isCalendarDate(iso)) return formatDate(iso, { locale });
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(new Date(iso));
}

export function formatDate(iso: string, { timeZone, locale }: ZoneOption & { locale?: string } = {}): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    // a calendar date is its UTC day
    timeZone: isCalendarDate(iso) ? 'UTC' : timeZone,
  }).format(new Date(iso));
}

export function formatTime(iso: string, { timeZone }: ZoneOption = {}): string {
  return new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));
}

/** A plain calendar date ("2026-03-28") as written, without shifting it through any time zone. */
export function formatPlainDate(date: string, { locale }: { locale?: string } = {}): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** A plain calendar date ("2026-03-28") as month and day ("Mar 28"), one formatter per language. */
export function formatShortPlainDate(date: string, { locale }: { locale?: string } = {}): string {
  let format = shortDayFormats.get(locale ?? '');
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    shortDayFormats.set(locale ?? '', format);
  }
  const [year, month, day] = date.split('-').map(Number);
  return format.format(new Date(Date.UTC(year, month - 1, day)));
}
const shortDayFormats = new Map<string, Intl.DateTimeFormat>();

/** "updated 12 s ago" style text for an age in milliseconds. */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.round(minutes / 60)} h ago`;
}

/** `datetime-local`'s value ("2026-03-28T18:00") for an instant, in the browser's zone. */
export function localInputValue(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

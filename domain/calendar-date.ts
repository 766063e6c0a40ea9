/**
 * Calendar dates: a day with no time and no zone, written YYYY-MM-DD (a season's bounds, a recap's printed date).
 * A competition known only by its day is stored and sent as that day at 12:00 UTC, the same calendar day from
 * UTC-11 to UTC+11, and every client shows such an instant as the plain day (docs/decisions/011).
 */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The time of day that marks an instant as a calendar date. */
const CALENDAR_DATE_TIME = 'T12:00:00.000Z';

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/**
 * A day that exists, in years 0001-9999 (what a database date holds). `Date.parse` would roll 2026-02-30 over to
 * March 2 instead of refusing it.
 */
export function isDayOnCalendar(year: number, month: number, day: number): boolean {
  const days = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return (
    Number.isInteger(year) &&
    year >= 1 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= days[month - 1]
  );
}

/** True for text that is a real day written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  if (!ISO_DATE_PATTERN.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number);
  return isDayOnCalendar(year, month, day);
}

/** The instant that stands for a calendar day (YYYY-MM-DD): that day at 12:00 UTC. */
export function calendarDateInstant(date: string): Date {
  return new Date(`${date}${CALENDAR_DATE_TIME}`);
}

/** True for an instant (ISO 8601 text) that stands for a calendar day with no time. */
export function isCalendarDateInstant(iso: string): boolean {
  return iso.length === 24 && iso.endsWith(CALENDAR_DATE_TIME);
}

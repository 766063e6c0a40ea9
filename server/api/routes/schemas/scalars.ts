/**
 * The scalars every request part is made of: integers, text, dates and timestamps, each checked once here against
 * what the database can hold, so no value a client sends reaches SQL and fails there (a 500) instead of being
 * refused with a 400 naming it.
 */
import { z } from '@hono/zod-openapi';

/** The largest value of PostgreSQL's `integer`, the type of every id and number column. */
export const DB_INT_MAX = 2_147_483_647;

/**
 * Numbers arrive as JSON numbers or as text (query, path, form fields); nothing else is one. (z.coerce would take
 * null, true, [7] and "" for 0, 1 and 7.)
 */
const numberFromText = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);

/** A finite number from JSON or from text, within `range` when one is given. */
export const Decimal = (range?: { min: number; max: number }) =>
  z.preprocess(numberFromText, range ? z.number().min(range.min).max(range.max) : z.number().finite());

/** An integer from JSON or from text, bounded to what the database holds. */
export const Int = (min: number, max = DB_INT_MAX) => z.preprocess(numberFromText, z.number().int().min(min).max(max));

/** Ids and other positive integers (type ids, season ids). */
export const PositiveInt = Int(1);

/** A positive integer id in the path; anything else is a 400 that names the parameter. */
export const IntId = (name: string) => PositiveInt.openapi({ param: { name, in: 'path' }, example: 1 });

// PostgreSQL text cannot hold U+0000: such a value fails inside the database instead of being refused.
const hasNoNul = (value: string) => !value.includes('\u0000');

/** Text of at most `max` characters, trimmed, without NUL characters. */
export const Text = (max: number) => z.string().trim().max(max).refine(hasNoNul, 'must not contain NUL characters');

export const SearchText = Text(100).min(1).openapi({ description: 'case-insensitive text in the name or location' });

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/**
 * A date that exists, in years 0001-9999 (what a database date holds as YYYY-MM-DD). `Date.parse` would roll
 * 2026-02-30 over to March 2 instead of refusing it.
 */
function isCalendarDate(year: number, month: number, day: number): boolean {
  const days = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= days[month - 1];
}

export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD')
  .refine((value) => {
    const [year, month, day] = value.split('-').map(Number);
    return isCalendarDate(year, month, day);
  }, 'not a date on the calendar');

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** A real date and time of day, and a zone offset within ±23:59; the instant must fall in years 0001-9999 too. */
function isTimestamp(value: string): boolean {
  const match = TIMESTAMP.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number);
  const [second, offsetHours, offsetMinutes] = match.slice(6).map((part) => Number(part ?? 0));
  if (!isCalendarDate(year, month, day) || hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return false;
  const utcYear = new Date(value).getUTCFullYear();
  return utcYear >= 1 && utcYear <= 9999;
}

/** An instant: ISO 8601 with a time zone. */
export const Timestamp = z
  .string()
  .refine(isTimestamp, { message: 'expected an ISO 8601 timestamp with a time zone, e.g. 2026-03-28T17:00:00.000Z' })
  .transform((value) => new Date(value));

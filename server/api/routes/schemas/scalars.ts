/**
 * The scalars every request part is made of: integers, text, dates and timestamps, each checked once here against
 * what the database can hold, so no value a client sends reaches SQL and fails there (a 500) instead of being
 * refused with a 400 naming it.
 */
import { z } from '@hono/zod-openapi';
import { isDayOnCalendar, isIsoDate, ISO_DATE_PATTERN } from '../../../../domain/calendar-date.js';
import { ID_MAX, ID_MIN } from '../../../../domain/ids.js';

/**
 * Numbers arrive as JSON numbers or as text (query, path, form fields); nothing else is one. (z.coerce would take
 * null, true, [7] and "" for 0, 1 and 7.)
 */
const numberFromText = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);

/** A finite number from JSON or from text, within `range` when one is given. */
export const Decimal = (range?: { min: number; max: number }) =>
  z.preprocess(numberFromText, range ? z.number().min(range.min).max(range.max) : z.number().finite());

/** An integer from JSON or from text, bounded to what the database holds. */
export const Int = (min: number, max = ID_MAX) => z.preprocess(numberFromText, z.number().int().min(min).max(max));

/** Ids and other positive integers (type ids, season ids). */
export const PositiveInt = Int(ID_MIN);

/** A positive integer id in the path; anything else is a 400 that names the parameter. */
export const IntId = (name: string) => PositiveInt.openapi({ param: { name, in: 'path' }, example: 1 });

// PostgreSQL text cannot hold U+0000: such a value fails inside the database instead of being refused.
const hasNoNul = (value: string) => !value.includes('\u0000');

/** Text of at most `max` characters, trimmed, without NUL characters. */
export const Text = (max: number) => z.string().trim().max(max).refine(hasNoNul, 'must not contain NUL characters');

export const SearchText = Text(100).min(1).openapi({ description: 'case-insensitive text in the name or location' });

/** A day on the calendar as YYYY-MM-DD (domain/calendar-date.ts). */
export const IsoDate = z
  .string()
  .regex(ISO_DATE_PATTERN, 'expected a date as YYYY-MM-DD')
  .refine(isIsoDate, 'not a date on the calendar');

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** A real date and time of day, and a zone offset within ±23:59; the instant must fall in years 0001-9999 too. */
function isTimestamp(value: string): boolean {
  const match = TIMESTAMP.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number);
  const [second, offsetHours, offsetMinutes] = match.slice(6).map((part) => Number(part ?? 0));
  if (
    !isDayOnCalendar(year, month, day) ||
    hour > 23 ||
    minute > 59 ||
    second > 59 ||
    offsetHours > 23 ||
    offsetMinutes > 59
  )
    return false;
  const utcYear = new Date(value).getUTCFullYear();
  return utcYear >= 1 && utcYear <= 9999;
}

/** An instant: ISO 8601 with a time zone. */
export const Timestamp = z
  .string()
  .refine(isTimestamp, { message: 'expected an ISO 8601 timestamp with a time zone, e.g. 2026-03-28T17:00:00.000Z' })
  .transform((value) => new Date(value));

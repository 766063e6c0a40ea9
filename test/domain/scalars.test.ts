import { describe, expect, it } from 'vitest';
import { calendarDateInstant, isCalendarDateInstant, isIsoDate } from '../../domain/calendar-date.js';
import { isGuid } from '../../domain/guid.js';
import { ID_MAX, isId } from '../../domain/ids.js';

describe('domain scalars', () => {
  it('ids are positive 32-bit integers', () => {
    expect([1, ID_MAX, 0, -1, ID_MAX + 1, 2.5, Number.NaN].map(isId)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('guids are 8-4-4-4-12 hex digits in either case', () => {
    expect(isGuid('9c1e5f0e-8f0d-4c35-9a7c-0f9f3f0c6b11')).toBe(true);
    expect(isGuid('9C1E5F0E-8F0D-4C35-9A7C-0F9F3F0C6B11')).toBe(true);
    expect(isGuid('9c1e5f0e-8f0d-4c35-9a7c-0f9f3f0c6b1')).toBe(false);
    expect(isGuid('x9c1e5f0e-8f0d-4c35-9a7c-0f9f3f0c6b11')).toBe(false);
  });

  it('calendar dates are days that exist, and stand for that day at 12:00 UTC', () => {
    expect(['2024-02-29', '0001-01-01', '9999-12-31'].map(isIsoDate)).toEqual([true, true, true]);
    expect(
      ['2026-02-29', '2026-02-30', '2026-13-01', '0000-01-01', '2026-3-1', '2026-03-01T00:00'].map(isIsoDate),
    ).toEqual([false, false, false, false, false, false]);
    expect(calendarDateInstant('2026-03-28').toISOString()).toBe('2026-03-28T12:00:00.000Z');
    expect(isCalendarDateInstant(calendarDateInstant('2026-03-28').toISOString())).toBe(true);
    expect(isCalendarDateInstant('2026-03-28T12:00:00.001Z')).toBe(false);
  });
});

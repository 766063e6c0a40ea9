import { describe, expect, it } from 'vitest';
import { formatAge, formatDate, formatDateTime, formatPlainDate, isCalendarDate, machineDate } from './dates';
import { isToday, localDayKey } from './day-keys';

describe('dates in the viewer time zone', () => {
  const evening = '2026-03-29T02:30:00.000Z';

  it('puts an instant on the viewer calendar day, not the UTC one', () => {
    expect(localDayKey(evening, { timeZone: 'UTC' })).toBe('2026-03-29');
    expect(localDayKey(evening, { timeZone: 'America/Los_Angeles' })).toBe('2026-03-28');
  });

  it('knows a competition is today in the viewer zone', () => {
    const now = new Date('2026-03-28T10:00:00.000Z');
    expect(isToday(evening, now, { timeZone: 'America/New_York' })).toBe(true);
    expect(isToday(evening, now, { timeZone: 'Asia/Tokyo' })).toBe(false);
  });

  it('shows date, time and zone', () => {
    const text = formatDateTime('2026-03-28T17:00:00.000Z', { timeZone: 'America/New_York' });
    expect(text).toMatch(/2026/);
    expect(text).toMatch(/1:00/);
    expect(text).toMatch(/EDT|GMT-4/);
  });

  it('shows a plain season date as written, whatever the zone', () => {
    expect(formatPlainDate('2026-01-01')).toMatch(/2026/);
    expect(formatPlainDate('2026-01-01')).toMatch(/Jan/);
  });

  it('says how long ago', () => {
    expect(formatAge(4_400)).toBe('4 s ago');
    expect(formatAge(-50)).toBe('0 s ago');
    expect(formatAge(125_000)).toBe('2 min ago');
    expect(formatAge(2 * 3_600_000)).toBe('2 h ago');
  });
});

describe('a competition known only by its day (a calendar date, sent as 12:00 UTC)', () => {
  const saturday = '2026-03-28T12:00:00.000Z';
  const zones = [
    'America/Los_Angeles',
    'Pacific/Honolulu',
    'America/New_York',
    'UTC',
    'Europe/Berlin',
    'Asia/Tokyo',
    'Australia/Sydney',
  ];

  it('is told apart from an instant by its time', () => {
    expect(isCalendarDate(saturday)).toBe(true);
    expect(isCalendarDate('2026-03-28T17:00:00.000Z')).toBe(false);
    expect(isCalendarDate('2026-03-28T12:00:00.001Z')).toBe(false);
    expect(isCalendarDate('2026-03-28')).toBe(false);
  });

  it('is shown as that day, with no time and no zone, in every time zone', () => {
    for (const timeZone of zones) {
      const text = formatDateTime(saturday, { timeZone, locale: 'en-US' });
      expect(text, timeZone).toBe('Sat, Mar 28, 2026');
      expect(formatDate(saturday, { timeZone, locale: 'en-US' }), timeZone).toBe('Sat, Mar 28, 2026');
    }
  });

  it('falls on that day for grouping and for "today" in every time zone', () => {
    for (const timeZone of zones) expect(localDayKey(saturday, { timeZone }), timeZone).toBe('2026-03-28');
    // late on Saturday in California is already Sunday in UTC: still the show's day there
    expect(isToday(saturday, new Date('2026-03-29T05:00:00.000Z'), { timeZone: 'America/Los_Angeles' })).toBe(true);
    expect(isToday(saturday, new Date('2026-03-29T05:00:00.000Z'), { timeZone: 'Europe/Berlin' })).toBe(false);
  });

  it('names the day alone as its machine-readable date', () => {
    expect(machineDate(saturday)).toBe('2026-03-28');
    expect(machineDate('2026-03-28T17:00:00.000Z')).toBe('2026-03-28T17:00:00.000Z');
  });

  it('keeps an instant in the viewer zone (the old midnight-UTC import showed Friday in California)', () => {
    expect(localDayKey('2026-03-28T00:00:00.000Z', { timeZone: 'America/Los_Angeles' })).toBe('2026-03-27');
  });
});

import { describe, expect, it } from 'vitest';
import { formatAge, formatDateTime, formatPlainDate, isToday, localDayKey } from './dates';

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

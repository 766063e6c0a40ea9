import { describe, expect, it } from 'vitest';
import type { ScheduleEntry } from '../../../lib/api-models';
import { scheduleRows } from './schedule-order';

let nextId = 1;
function entry(name: string, time: string | null, order: number, round = 1, division = 'Scholastic A'): ScheduleEntry {
  const id = nextId++;
  return {
    performanceId: id,
    time,
    order,
    round: { number: round, name: round === 1 ? 'Prelims' : 'Finals' },
    division: { id: division.length, name: division, initials: division.slice(0, 2) },
    group: { id, name, location: '' },
  };
}
const names = (rows: ReturnType<typeof scheduleRows>) => rows.map((row) => row.entry.group.name);
const zone = { timeZone: 'America/Chicago' };

describe('the schedule in time order', () => {
  it('orders a round by start time across divisions, not by division then position (not 3:00 ... 8:03 PM, then 3:10 PM)', () => {
    const rows = scheduleRows(
      [
        entry('A first', '2026-03-28T20:00:00.000Z', 1, 1, 'Scholastic A'),
        entry('A late', '2026-03-29T01:03:00.000Z', 2, 1, 'Scholastic A'),
        entry('Open first', '2026-03-28T20:10:00.000Z', 1, 1, 'Scholastic Open'),
      ],
      zone,
    );
    expect(names(rows)).toEqual(['A first', 'Open first', 'A late']);
  });

  it('keeps rounds in order whatever their times', () => {
    const rows = scheduleRows(
      [entry('Finals', '2026-03-28T15:00:00.000Z', 1, 2), entry('Prelims', '2026-03-28T20:00:00.000Z', 1, 1)],
      zone,
    );
    expect(names(rows)).toEqual(['Prelims', 'Finals']);
  });

  it('keeps a row without a time after the row before it in the running order', () => {
    const rows = scheduleRows(
      [
        entry('Third', '2026-03-28T20:20:00.000Z', 3),
        entry('Second (TBA)', null, 2),
        entry('First', '2026-03-28T20:00:00.000Z', 1),
        entry('Early other', '2026-03-28T20:05:00.000Z', 1, 1, 'Scholastic Open'),
      ],
      zone,
    );
    expect(names(rows)).toEqual(['First', 'Second (TBA)', 'Early other', 'Third']);
  });

  it('shows the date on the row where the day changes, and on the first row only when the schedule spans days', () => {
    const oneDay = scheduleRows(
      [entry('One', '2026-03-28T20:00:00.000Z', 1), entry('Two', '2026-03-28T21:00:00.000Z', 2)],
      zone,
    );
    expect(oneDay.map((row) => row.newDay)).toEqual([null, null]);

    const twoDays = scheduleRows(
      [
        entry('Fri', '2026-03-28T00:30:00.000Z', 1), // Friday evening in Chicago
        entry('Sat', '2026-03-28T15:00:00.000Z', 2),
        entry('Sat TBA', null, 3),
        entry('Sat finals', '2026-03-29T01:00:00.000Z', 1, 2),
      ],
      zone,
    );
    expect(twoDays.map((row) => row.newDay)).toEqual(['2026-03-27', '2026-03-28', null, null]);
  });

  it('shows no date for a schedule with no times at all, in running order', () => {
    const rows = scheduleRows([entry('B', null, 2), entry('A', null, 1)], zone);
    expect(names(rows)).toEqual(['A', 'B']);
    expect(rows.every((row) => row.newDay === null)).toBe(true);
  });
});

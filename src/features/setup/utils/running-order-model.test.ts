import { describe, expect, it } from 'vitest';
import { changedRows, checkPlan, fillTimes, moveGroup, moveRow, numbered, type OrderRow } from './running-order-model';

const start = Date.parse('2026-03-28T18:00:00.000Z');
const row = (performanceId: number, order: number, time: string | null = null): OrderRow => ({
  performanceId,
  group: `Group ${performanceId}`,
  order,
  time,
});

describe('moveRow', () => {
  it('swaps a row with its neighbour up or down', () => {
    expect(moveRow(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });
  it('leaves the list alone at either end', () => {
    const rows = ['a', 'b'];
    expect(moveRow(rows, 0, -1)).toBe(rows);
    expect(moveRow(rows, 1, 1)).toBe(rows);
    expect(moveRow(rows, 5, -1)).toBe(rows);
  });
});

describe('moveGroup', () => {
  it('moves the group through the schedule’s slots: the times stay in place', () => {
    const rows = [row(1, 1, '2026-03-28T18:00:00.000Z'), row(2, 2, '2026-03-28T18:10:00.000Z'), row(3, 3, null)];
    expect(moveGroup(rows, 2, -1)).toEqual([
      row(1, 1, '2026-03-28T18:00:00.000Z'),
      row(3, 2, '2026-03-28T18:10:00.000Z'),
      row(2, 3, null),
    ]);
  });
  it('leaves the rows alone when the group cannot move', () => {
    const rows = [row(1, 1)];
    expect(moveGroup(rows, 0, 1)).toBe(rows);
  });
});

describe('fillTimes', () => {
  it('spaces performances by the interval from the start', () => {
    expect(fillTimes(3, { start, intervalMinutes: 12, breaks: [] })).toEqual([
      '2026-03-28T18:00:00.000Z',
      '2026-03-28T18:12:00.000Z',
      '2026-03-28T18:24:00.000Z',
    ]);
  });
  it('adds a break after its row only', () => {
    expect(fillTimes(4, { start, intervalMinutes: 10, breaks: [{ afterRow: 2, minutes: 15 }] })).toEqual([
      '2026-03-28T18:00:00.000Z',
      '2026-03-28T18:10:00.000Z',
      '2026-03-28T18:35:00.000Z',
      '2026-03-28T18:45:00.000Z',
    ]);
  });
  it('adds up two breaks after one row, and a break after the last row changes nothing', () => {
    const times = fillTimes(3, {
      start,
      intervalMinutes: 10,
      breaks: [
        { afterRow: 1, minutes: 5 },
        { afterRow: 1, minutes: 5 },
        { afterRow: 3, minutes: 60 },
      ],
    });
    expect(times).toEqual(['2026-03-28T18:00:00.000Z', '2026-03-28T18:20:00.000Z', '2026-03-28T18:30:00.000Z']);
  });
  it('gives nothing for no rows', () => {
    expect(fillTimes(0, { start, intervalMinutes: 10, breaks: [] })).toEqual([]);
  });
});

describe('checkPlan', () => {
  it('accepts a whole plan', () => {
    expect(
      checkPlan({ start: '2026-03-28T18:00', intervalMinutes: '12', breaks: [{ afterRow: '3', minutes: '20' }] }, 6)
        .size,
    ).toBe(0);
  });
  it('names each field that is wrong', () => {
    const problems = checkPlan({ start: '', intervalMinutes: '0', breaks: [{ afterRow: '6', minutes: '2.5' }] }, 6);
    expect([...problems.keys()]).toEqual(['start', 'interval', 'breaks[0].afterRow', 'breaks[0].minutes']);
  });
});

describe('changedRows', () => {
  it('lists only rows whose order or time moved, with their new position', () => {
    const saved = [row(1, 1, '2026-03-28T18:00:00.000Z'), row(2, 2, '2026-03-28T18:10:00.000Z'), row(3, 3)];
    const draft = numbered([saved[1], saved[0], saved[2]]);
    expect(changedRows(saved, draft)).toEqual([
      { performanceId: 2, group: 'Group 2', position: 1, order: 1, time: '2026-03-28T18:10:00.000Z' },
      { performanceId: 1, group: 'Group 1', position: 2, order: 2, time: '2026-03-28T18:00:00.000Z' },
    ]);
  });
  it('takes the same instant written another way as unchanged', () => {
    const saved = [row(1, 1, '2026-03-28T18:00:00.000Z')];
    expect(changedRows(saved, [row(1, 1, '2026-03-28T13:00:00-05:00')])).toEqual([]);
  });
  it('sends filled times', () => {
    const saved = [row(1, 1), row(2, 2)];
    const draft = numbered(saved, fillTimes(2, { start, intervalMinutes: 10, breaks: [] }));
    expect(changedRows(saved, draft).map((change) => change.time)).toEqual([
      '2026-03-28T18:00:00.000Z',
      '2026-03-28T18:10:00.000Z',
    ]);
  });
});

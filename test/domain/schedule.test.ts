/** The schedule builder's arithmetic (domain/schedule/times.ts) against worked examples, times in UTC. */
import { describe, expect, it } from 'vitest';
import {
  computeSchedule,
  movedSince,
  nameStem,
  planProblems,
  scheduleConflicts,
  scheduleTimes,
  type ScheduleItem,
  type SchedulePlan,
} from '../../domain/schedule/times.js';

const at = (hhmm: string) => Date.parse(`2027-03-06T${hhmm}:00.000Z`);
const clock = (ms: number) => new Date(ms).toISOString().slice(11, 16);
const SA = 1;
const SO = 2;
const show = (id: number, name: string, divisionId: number, groupId = id): ScheduleItem => ({
  kind: 'performance',
  performanceId: id,
  groupId,
  groupName: name,
  divisionId,
});
const block = (title: string, minutes: number, blockKind: 'break' | 'awards' = 'break'): ScheduleItem => ({
  kind: 'block',
  blockKind,
  title,
  minutes,
});
const plan = (items: ScheduleItem[], change: Partial<SchedulePlan> = {}): SchedulePlan => ({
  startsAt: at('09:00'),
  endsAt: at('12:00'),
  intervals: new Map([
    [SA, 10],
    [SO, 12],
  ]),
  gapMinutes: 30,
  items,
  ...change,
});

describe('the times', () => {
  it('runs one item after another: a performance its division interval long, a block its own length', () => {
    // 09:00 Alpha (SA, 10) 09:10 Bravo (SA, 10) 09:20 break 15 09:35 Delta (SO, 12) 09:47 awards 20 -> 10:07
    const timed = scheduleTimes(
      plan([
        show(1, 'Alpha HS', SA),
        show(2, 'Bravo HS', SA),
        block('Break', 15),
        show(3, 'Delta HS', SO),
        block('Awards', 20, 'awards'),
      ]),
    );
    expect(timed.map((item) => [clock(item.startsAt), clock(item.endsAt)])).toEqual([
      ['09:00', '09:10'],
      ['09:10', '09:20'],
      ['09:20', '09:35'],
      ['09:35', '09:47'],
      ['09:47', '10:07'],
    ]);
  });

  it('puts a block first or last as well as between', () => {
    const timed = scheduleTimes(plan([block('Welcome', 5), show(1, 'Alpha HS', SA)]));
    expect(timed.map((item) => clock(item.startsAt))).toEqual(['09:00', '09:05']);
  });
});

describe('the problems of a plan, each naming its field', () => {
  it.each([
    [{ intervals: new Map([[SA, 0]]) }, [show(1, 'Alpha HS', SA)], 'intervals.1'],
    [{ intervals: new Map([[SA, 2.5]]) }, [show(1, 'Alpha HS', SA)], 'intervals.1'],
    [{ intervals: new Map() }, [show(1, 'Alpha HS', SA)], 'intervals.1'],
    [{ endsAt: at('08:00') }, [show(1, 'Alpha HS', SA)], 'endsAt'],
    [{ endsAt: at('09:00') }, [show(1, 'Alpha HS', SA)], 'endsAt'],
    [{}, [show(1, 'Alpha HS', SA), block('  ', 10)], 'items.1.title'],
    [{}, [block('Break', 0)], 'items.0.minutes'],
    [{ gapMinutes: -1 }, [], 'gapMinutes'],
  ] as const)('%j with %j names %s', (change, items, field) => {
    const problems = planProblems(plan([...items], change));
    expect(problems.map((problem) => problem.field)).toEqual([field]);
    expect(computeSchedule(plan([...items], change as Partial<SchedulePlan>)).ok).toBe(false);
  });

  it('finds nothing wrong with a good plan, and none with no end time', () => {
    expect(planProblems(plan([show(1, 'Alpha HS', SA), block('Meal', 45)]))).toEqual([]);
    expect(planProblems(plan([show(1, 'Alpha HS', SA)], { endsAt: null }))).toEqual([]);
  });
});

describe('the conflicts', () => {
  const conflictsOf = (p: SchedulePlan) => scheduleConflicts(p, scheduleTimes(p));

  it("flags what runs past the venue's end time, in minutes", () => {
    // 11:30 Alpha -> 11:40, awards 11:40 -> 12:10 (ends 10 past), Bravo 12:10 (starts 10 past)
    const conflicts = conflictsOf(
      plan([show(1, 'Alpha HS', SA), block('Awards', 30, 'awards'), show(2, 'Bravo HS', SA)], {
        startsAt: at('11:30'),
      }),
    );
    expect(conflicts).toEqual([
      { kind: 'past-end', items: [1], message: "Awards ends 10 minutes after the venue's end time." },
      { kind: 'past-end', items: [2], message: "Bravo HS starts 10 minutes after the venue's end time." },
    ]);
  });

  it('flags a group performing twice closer than the gap, not once the gap is kept', () => {
    // Alpha 09:00-09:10 in SA, Bravo 09:10-09:20, Alpha again in SO 09:20: 10 minutes between
    const items = [show(1, 'Alpha HS', SA, 7), show(2, 'Bravo HS', SA), show(3, 'Alpha HS', SO, 7)];
    expect(conflictsOf(plan(items))).toEqual([
      {
        kind: 'group-twice',
        items: [0, 2],
        message: 'Alpha HS performs twice with 10 minutes between (the gap is 30).',
      },
    ]);
    expect(conflictsOf(plan([items[0], items[1], block('Break', 20), items[2]]))).toEqual([]);
    expect(conflictsOf(plan(items, { gapMinutes: 10 }))).toEqual([]);
  });

  it('flags two groups of one name stem closer than the gap (shared members)', () => {
    const items = [show(1, 'Kingwood HS', SA), show(2, 'Kingwood HS JV', SA), show(3, 'Bravo HS', SA)];
    expect(conflictsOf(plan(items))).toEqual([
      {
        kind: 'shared-members',
        items: [0, 1],
        message: 'Kingwood HS and Kingwood HS JV may share members and perform with 0 minutes between (the gap is 30).',
      },
    ]);
  });

  it('reads the stem of a name without its ensemble and level words', () => {
    expect(nameStem('Kingwood HS Winds')).toBe('kingwood hs');
    expect(nameStem('Kingwood HS Winter Guard II')).toBe('kingwood hs');
    expect(nameStem('Blue Knights')).toBe('blue knights');
    expect(nameStem('Open')).toBe('open');
    expect(nameStem('Alpha HS')).not.toBe(nameStem('Bravo HS'));
  });
});

describe('what moved', () => {
  it('answers each performance whose time changed, the new and the dropped', () => {
    const before = [
      { performanceId: 1, startsAt: at('09:00') },
      { performanceId: 2, startsAt: at('09:10') },
      { performanceId: 3, startsAt: at('09:20') },
    ];
    const now = [
      { performanceId: 2, startsAt: at('09:00') },
      { performanceId: 1, startsAt: at('09:10') },
      { performanceId: 4, startsAt: at('09:20') },
    ];
    expect(movedSince(before, now)).toEqual([
      { performanceId: 2, from: at('09:10'), to: at('09:00') },
      { performanceId: 1, from: at('09:00'), to: at('09:10') },
      { performanceId: 4, from: null, to: at('09:20') },
      { performanceId: 3, from: at('09:20'), to: null },
    ]);
    expect(movedSince(before, before)).toEqual([]);
  });
});

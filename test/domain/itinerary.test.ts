/** The logistical schedule's arithmetic (domain/schedule/itinerary.ts) against worked examples, times in UTC. */
import { describe, expect, it } from 'vitest';
import {
  byLocation,
  itineraryOf,
  overlapProblems,
  templateProblems,
  whereNow,
  type GroupPerformance,
  type TemplateStep,
} from '../../domain/schedule/itinerary.js';

const at = (hhmm: string) => Date.parse(`2027-03-06T${hhmm}:00.000Z`);
const clock = (ms: number) => new Date(ms).toISOString().slice(11, 16);
const step = (kind: TemplateStep['kind'], offsetMinutes: number, minutes: number, location = '', label = '') => ({
  kind,
  label,
  offsetMinutes,
  minutes,
  location,
});

/** A scholastic guard's day: check-in an hour out, body and equipment warm-ups, staging, then exit and critique. */
const guard: TemplateStep[] = [
  step('check-in', -60, 10, 'Gym lobby'),
  step('body-warm-up', -50, 20, 'Aux gym'),
  step('equipment-warm-up', -30, 20, 'Band room', 'Flag warm-up'),
  step('staging', -10, 10, 'Tunnel'),
  step('exit', 10, 5, 'East doors'),
  step('critique', 40, 10, 'Room 101'),
];

describe("a group's itinerary from its time", () => {
  it('puts every step at its offset from the performance, in time order, the performance among them', () => {
    const steps = itineraryOf(at('15:42'), 10, guard, 'Main floor');
    expect(steps.map((s) => [clock(s.startsAt), clock(s.endsAt), s.name, s.location])).toEqual([
      ['14:42', '14:52', 'Check-in', 'Gym lobby'],
      ['14:52', '15:12', 'Body warm-up', 'Aux gym'],
      ['15:12', '15:32', 'Flag warm-up', 'Band room'],
      ['15:32', '15:42', 'Staging', 'Tunnel'],
      ['15:42', '15:52', 'Performance', 'Main floor'],
      ['15:52', '15:57', 'Exit', 'East doors'],
      ['16:22', '16:32', 'Critique', 'Room 101'],
    ]);
  });

  it('moves whole with the performance: a time moved 12 minutes moves every step 12 minutes', () => {
    const before = itineraryOf(at('15:30'), 10, guard);
    const after = itineraryOf(at('15:42'), 10, guard);
    expect(after.map((s, i) => s.startsAt - before[i].startsAt)).toEqual(after.map(() => 12 * 60_000));
  });

  it('is the performance alone without a template, and keeps the template order for steps starting together', () => {
    expect(itineraryOf(at('09:00'), 8, []).map((s) => s.name)).toEqual(['Performance']);
    const together = itineraryOf(at('09:00'), 8, [
      step('exit', 0, 5),
      step('other', -5, 5, '', 'Props'),
      step('critique', 0, 5),
    ]);
    expect(together.map((s) => s.name)).toEqual(['Props', 'Performance', 'Exit', 'Critique']);
  });
});

describe('where a group is now', () => {
  const steps = itineraryOf(at('15:42'), 10, guard);
  it('names the step under way and the minutes, rounded up, to the next', () => {
    expect(whereNow(steps, at('15:00'))).toMatchObject({
      current: { name: 'Body warm-up' },
      next: { name: 'Flag warm-up' },
      minutesToNext: 12,
    });
    expect(whereNow(steps, at('15:00') + 30_000).minutesToNext).toBe(12);
    expect(whereNow(steps, at('15:11') + 1).minutesToNext).toBe(1);
  });
  it('before the first step has no current one; between exit and critique neither; after the last no next', () => {
    expect(whereNow(steps, at('14:00'))).toMatchObject({
      current: null,
      next: { name: 'Check-in' },
      minutesToNext: 42,
    });
    expect(whereNow(steps, at('16:00'))).toMatchObject({
      current: null,
      next: { name: 'Critique' },
      minutesToNext: 22,
    });
    expect(whereNow(steps, at('16:40'))).toEqual({ current: null, next: null, minutesToNext: null });
  });
});

describe("the template's own rules", () => {
  it('names the step and field at fault', () => {
    expect(templateProblems(guard)).toEqual([]);
    expect(
      templateProblems([
        step('check-in', -601, 10),
        step('exit', 10, 0),
        step('critique', 30, 241),
        step('other', 0, 5, 'x'.repeat(101), 'y'.repeat(61)),
      ]).map((p) => p.field),
    ).toEqual(['0.offsetMinutes', '1.minutes', '2.minutes', '3.label', '3.location']);
    expect(templateProblems([step('exit', 1.5, 5)]).map((p) => p.field)).toEqual(['0.offsetMinutes']);
    expect(templateProblems(Array.from({ length: 21 }, () => step('other', 0, 1)))[0].field).toBe('');
  });
});

describe("a step running into the group's next performance (item 6)", () => {
  const SA = 1;
  const OPEN = 2;
  const show = (id: number, groupId: number, divisionId: number, hhmm: string): GroupPerformance => ({
    performanceId: id,
    groupId,
    groupName: groupId === 1 ? 'Alpha HS' : 'Bravo HS',
    divisionId,
    performsAt: at(hhmm),
    minutes: 10,
  });

  it("is the step after the performance that ends past the start of the group's next one", () => {
    // Alpha performs in Scholastic A at 15:00 and in Open at 16:00: critique 40 minutes after, 30 long, ends 16:10
    const day = [show(1, 1, SA, '15:00'), show(2, 1, OPEN, '16:00'), show(3, 2, SA, '15:10')];
    const problems = overlapProblems(day, new Map([[SA, [step('exit', 10, 5), step('critique', 40, 30)]]]));
    expect(problems).toEqual([
      { divisionId: SA, step: 1, message: "Critique ends 10 minutes after Alpha HS's next performance starts" },
    ]);
    // the same critique of 20 minutes ends as the next performance starts: allowed
    expect(overlapProblems(day, new Map([[SA, [step('critique', 40, 20)]]]))).toEqual([]);
  });

  it('is a step before the later performance that starts before the earlier one ends', () => {
    const day = [show(1, 1, SA, '15:00'), show(2, 1, OPEN, '16:00')];
    const problems = overlapProblems(day, new Map([[OPEN, [step('check-in', -55, 10)]]]));
    expect(problems).toEqual([
      { divisionId: OPEN, step: 0, message: "Check-in starts 5 minutes before Alpha HS's previous performance ends" },
    ]);
  });

  it('never concerns a group performing once', () => {
    expect(overlapProblems([show(1, 1, SA, '15:00')], new Map([[SA, [step('critique', 300, 60)]]]))).toEqual([]);
  });
});

describe("a location's sheet", () => {
  it('holds every step held there, in time order, and no sheet for steps without a place', () => {
    const alpha = itineraryOf(at('15:42'), 10, guard).map((s) => ({ step: s, group: 'Alpha' }));
    const bravo = itineraryOf(at('15:30'), 10, guard).map((s) => ({ step: s, group: 'Bravo' }));
    const sheets = byLocation([...alpha, ...bravo]);
    expect(sheets.map(([location]) => location)).toEqual([
      'Aux gym',
      'Band room',
      'East doors',
      'Gym lobby',
      'Room 101',
      'Tunnel',
    ]);
    const bandRoom = sheets.find(([location]) => location === 'Band room')![1];
    expect(bandRoom.map((entry) => [entry.group, clock(entry.step.startsAt)])).toEqual([
      ['Bravo', '15:00'],
      ['Alpha', '15:12'],
    ]);
  });
});

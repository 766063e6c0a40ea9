/**
 * The logistical templates' conflicts on a computed day (domain/schedule/itinerary-conflicts.ts), worked in UTC: a
 * step past the venue's end, a step into the group's other performance; steps that only touch, and two groups in
 * one room, are none.
 */
import { describe, expect, it } from 'vitest';
import { itineraryConflicts } from '../../domain/schedule/itinerary-conflicts.js';
import type { TemplateStep } from '../../domain/schedule/itinerary.js';
import type { TimedItem } from '../../domain/schedule/times.js';

const at = (hhmm: string) => Date.parse(`2027-03-06T${hhmm}:00.000Z`);
const MINUTE = 60_000;
const step = (kind: TemplateStep['kind'], offsetMinutes: number, minutes: number, location = ''): TemplateStep => ({
  kind,
  label: '',
  offsetMinutes,
  minutes,
  location,
});
const performance = (groupId: number, groupName: string, divisionId: number, hhmm: string): TimedItem => ({
  kind: 'performance',
  performanceId: groupId * 10 + divisionId,
  groupId,
  groupName,
  divisionId,
  startsAt: at(hhmm),
  endsAt: at(hhmm) + 10 * MINUTE,
});
const awards: TimedItem = {
  kind: 'block',
  blockKind: 'awards',
  title: 'Awards',
  minutes: 20,
  startsAt: at('16:00'),
  endsAt: at('16:20'),
};
const day = [performance(1, 'Alpha HS', 1, '15:00'), performance(2, 'Bravo HS', 1, '15:10'), awards];

describe('the templates checked against the day', () => {
  it('finds nothing where every step fits: check-ins in one lobby one after the other, no end time', () => {
    const templates = new Map([[1, [step('check-in', -60, 10, 'Gym lobby'), step('critique', 30, 10, 'Room 101')]]]);
    expect(itineraryConflicts(null, day, templates)).toEqual([]);
    expect(itineraryConflicts(at('16:20'), day, templates)).toEqual([]);
  });

  it("names a step that ends after the venue's end time, with the minutes", () => {
    const templates = new Map([[1, [step('critique', 30, 10, 'Room 101')]]]);
    expect(itineraryConflicts(at('15:45'), day, templates)).toEqual([
      { kind: 'step-past-end', items: [1], message: "Bravo HS's Critique ends 5 minutes after the venue's end time." },
    ]);
  });

  it('does not flag two groups in one room at once: a warm-up room is shared by design', () => {
    const templates = new Map([[1, [step('body-warm-up', -50, 20, 'Aux gym')]]]);
    expect(itineraryConflicts(null, day, templates)).toEqual([]);
  });

  it("names a step that runs into the same group's other performance", () => {
    const twice = [performance(1, 'Alpha HS', 1, '15:00'), performance(1, 'Alpha HS', 2, '15:40')];
    const templates = new Map([[2, [step('check-in', -45, 10)]]]);
    expect(itineraryConflicts(null, twice, templates)).toEqual([
      { kind: 'step-overlap', items: [1, 0], message: "Alpha HS's Check-in runs into its other performance." },
    ]);
  });
});

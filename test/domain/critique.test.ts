/** Critique's arithmetic (domain/critique/slots.ts) against worked examples, times in UTC. */
import { describe, expect, it } from 'vitest';
import {
  critiqueProblems,
  critiqueSlots,
  pickRefusal,
  placeInPerformanceOrder,
  scheduleByStation,
  type CritiquePlan,
} from '../../domain/critique/slots.js';

const at = (hhmm: string) => Date.parse(`2027-03-06T${hhmm}:00.000Z`);
const clock = (ms: number) => new Date(ms).toISOString().slice(11, 16);

/** WGI regionals: four stations, three minutes each; 21:00 to 21:30 */
const wgi: CritiquePlan = {
  stations: ['Ensemble', 'Effect', 'Movement', 'Equipment'],
  slotMinutes: 3,
  from: at('21:00'),
  to: at('21:30'),
  mode: 'pick',
};

describe('critiqueProblems', () => {
  it('accepts a sound plan', () => {
    expect(critiqueProblems(wgi)).toEqual([]);
  });

  it('names the field of each broken rule', () => {
    expect(critiqueProblems({ ...wgi, slotMinutes: 0 })).toEqual([
      { field: 'slotMinutes', message: 'a slot is a whole number of minutes from 1 to 60' },
    ]);
    expect(critiqueProblems({ ...wgi, slotMinutes: 2.5 }).map((p) => p.field)).toEqual(['slotMinutes']);
    expect(critiqueProblems({ ...wgi, stations: [] })).toEqual([
      { field: 'stations', message: 'name at least one station' },
    ]);
    expect(critiqueProblems({ ...wgi, stations: ['Music', ' '] }).map((p) => p.field)).toEqual(['stations.1']);
    expect(critiqueProblems({ ...wgi, stations: ['Music', 'music '] })).toEqual([
      { field: 'stations.1', message: '"music" is named twice' },
    ]);
    expect(critiqueProblems({ ...wgi, to: at('20:00') })).toEqual([
      { field: 'to', message: 'the window must end after it starts' },
    ]);
    expect(critiqueProblems({ ...wgi, to: wgi.from })).toEqual([
      { field: 'to', message: 'the window must end after it starts' },
    ]);
    expect(critiqueProblems({ ...wgi, from: Number.NaN }).map((p) => p.field)).toEqual(['from']);
  });

  it('refuses a window too short for one group to go round', () => {
    expect(critiqueProblems({ ...wgi, to: at('21:11') })).toEqual([
      {
        field: 'to',
        message: 'the window is too short for one group to visit every station: 4 of 3 minutes need 12 minutes',
      },
    ]);
    expect(critiqueProblems({ ...wgi, to: at('21:12') })).toEqual([]);
  });
});

describe('critiqueSlots', () => {
  it('staggers the groups one slot apart round every station, the last ending by the window end', () => {
    const slots = critiqueSlots(wgi);
    // 30 minutes of 3: 10 lengths, a round is 4, so slots start at lengths 0..6
    expect(slots).toHaveLength(7);
    expect(slots[0].visits.map((v) => `${v.station} ${clock(v.startsAt)}-${clock(v.endsAt)}`)).toEqual([
      'Ensemble 21:00-21:03',
      'Effect 21:03-21:06',
      'Movement 21:06-21:09',
      'Equipment 21:09-21:12',
    ]);
    expect(clock(slots[6].startsAt)).toBe('21:18');
    expect(clock(slots[6].endsAt)).toBe('21:30');
    expect(slots.map((slot) => slot.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('never puts two groups at one station at once', () => {
    const slots = critiqueSlots(wgi);
    for (const station of wgi.stations) {
      const times = slots.map((slot) => slot.visits.find((v) => v.station === station)?.startsAt);
      expect(new Set(times).size).toBe(slots.length);
    }
  });

  it('with one station, is one slot per group', () => {
    const slots = critiqueSlots({ ...wgi, stations: ['Panel'], slotMinutes: 10, to: at('21:35') });
    expect(slots.map((slot) => clock(slot.startsAt))).toEqual(['21:00', '21:10', '21:20']);
  });
});

describe('placeInPerformanceOrder', () => {
  it('gives the groups the slots in running order, none to those past the last', () => {
    const plan = { ...wgi, mode: 'performance-order' as const, to: at('21:15') };
    expect(placeInPerformanceOrder(plan, [30, 10, 20])).toEqual([
      { groupId: 30, slot: 1 },
      { groupId: 10, slot: 2 },
      { groupId: 20, slot: null },
    ]);
  });
});

describe('pickRefusal', () => {
  const before = at('20:00');

  it('lets a group take a free slot, or keep or change its own', () => {
    expect(pickRefusal(wgi, before, 3, 1, new Map())).toBeNull();
    expect(pickRefusal(wgi, before, 3, 1, new Map([[3, 1]]))).toBeNull();
    expect(pickRefusal(wgi, before, 4, 1, new Map([[3, 1]]))).toBeNull();
  });

  it('refuses a slot another group holds (first come)', () => {
    expect(pickRefusal(wgi, before, 3, 2, new Map([[3, 1]]))).toEqual({
      kind: 'taken',
      message: 'slot 3 is taken by another group: pick another',
    });
  });

  it('refuses once the window has opened, and a slot that does not exist', () => {
    expect(pickRefusal(wgi, wgi.from, 3, 1, new Map())?.kind).toBe('closed');
    expect(pickRefusal(wgi, before, 8, 1, new Map())).toEqual({
      kind: 'no-such-slot',
      message: 'there is no slot 8: the slots are 1 to 7',
    });
    expect(pickRefusal(wgi, before, 0, 1, new Map())?.kind).toBe('no-such-slot');
  });

  it('refuses every pick in performance order', () => {
    expect(pickRefusal({ ...wgi, mode: 'performance-order' }, before, 1, 1, new Map())?.kind).toBe('placed');
  });
});

describe('scheduleByStation', () => {
  it('lists every slot at each station with its group, empty slots null', () => {
    const pages = scheduleByStation(
      wgi,
      new Map([
        [1, 10],
        [2, 20],
      ]),
    );
    expect(pages.map((page) => page.station)).toEqual(wgi.stations);
    expect(pages[1].lines.slice(0, 3)).toEqual([
      { slot: 1, startsAt: at('21:03'), endsAt: at('21:06'), groupId: 10 },
      { slot: 2, startsAt: at('21:06'), endsAt: at('21:09'), groupId: 20 },
      { slot: 3, startsAt: at('21:09'), endsAt: at('21:12'), groupId: null },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { FollowedGroup } from '../../lib/following-storage';
import type { Schedule } from '../../lib/api-models';
import { movedForFollowed } from './moved-for-followed';

const GUID = '0B5DA3C3-D2BF-4B81-A00B-1C0E72106880';
const entry = (performanceId: number, group: string, time: string | null): Schedule['data'][number] => ({
  performanceId,
  time,
  order: performanceId,
  round: { number: 1, name: 'Finals' },
  division: { id: 1, name: 'Scholastic A', initials: 'SA' },
  group: { id: performanceId, name: group, location: '' },
  itinerary: [],
});
const followed = (name: string, notify = true): FollowedGroup => ({ name, orgGroupIdentifier: '', notify });

describe('a followed group moved in the schedule', () => {
  it('is news only after the first reading, only for a group that asked to be told, once per new time', () => {
    const seen = new Map<number, string | null>();
    const groups = [followed('Kingwood HS'), followed('Bravo HS', false)];
    const first = [
      entry(1, 'Kingwood HS', '2027-03-06T19:30:00.000Z'),
      entry(2, 'Bravo HS', '2027-03-06T19:40:00.000Z'),
    ];
    expect(movedForFollowed(GUID, first, groups, seen)).toEqual([]);

    const later = [
      entry(1, 'Kingwood HS', '2027-03-06T19:42:00.000Z'),
      entry(2, 'Bravo HS', '2027-03-06T19:52:00.000Z'),
    ];
    const moved = movedForFollowed(GUID, later, groups, seen);
    expect(moved.map((one) => [one.group.name, one.from, one.entry.time])).toEqual([
      ['Kingwood HS', '2027-03-06T19:30:00.000Z', '2027-03-06T19:42:00.000Z'],
    ]);
    expect(moved[0].key).toBe(`${GUID.toLowerCase()}:1:2027-03-06T19:42:00.000Z`);
    // read again unchanged: nothing new
    expect(movedForFollowed(GUID, later, groups, seen)).toEqual([]);
  });

  it('is not a performance added since, nor a time taken away', () => {
    const seen = new Map<number, string | null>([[1, '2027-03-06T19:30:00.000Z']]);
    const groups = [followed('Kingwood HS')];
    expect(
      movedForFollowed(
        GUID,
        [entry(1, 'Kingwood HS', null), entry(3, 'Kingwood HS', '2027-03-06T21:00:00.000Z')],
        groups,
        seen,
      ),
    ).toEqual([]);
    // a time given again after being taken away is news
    expect(movedForFollowed(GUID, [entry(1, 'Kingwood HS', '2027-03-06T19:50:00.000Z')], groups, seen)).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { announcingOrder, ordinal, sectionKey, sectionLabel, shownOf } from './awards-model';

const placement = (name: string, rank: number, total: number) => ({
  performanceId: rank * 10 + name.length,
  group: { id: rank, name, location: 'Austin, TX' },
  rank,
  total,
});

describe('the awards model', () => {
  it('names places as an announcer says them', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
      '112th',
    ]);
  });

  it('reads last place first and marks groups sharing a place', () => {
    const order = announcingOrder([
      placement('Alpha HS', 1, 90),
      placement('Bravo HS', 2, 85),
      placement('Charlie HS', 2, 85),
      placement('Delta HS', 4, 70),
    ]);
    expect(order.map((announced) => [announced.group.name, announced.rank, announced.tied])).toEqual([
      ['Delta HS', 4, false],
      ['Charlie HS', 2, true],
      ['Bravo HS', 2, true],
      ['Alpha HS', 1, false],
    ]);
  });

  it('keeps how many are read out within the division, whatever the address says', () => {
    expect(shownOf(null, 4)).toBe(0);
    expect(shownOf('2', 4)).toBe(2);
    expect(shownOf('9', 4)).toBe(4);
    expect(shownOf('-1', 4)).toBe(0);
    expect(shownOf('1e3', 4)).toBe(0);
    expect(shownOf('__proto__', 4)).toBe(0);
  });

  it('labels and keys a division and round as the console does', () => {
    const section = { division: { id: 7, name: 'Scholastic A' }, round: { number: 2, name: '' } };
    expect(sectionLabel(section)).toBe('Scholastic A round 2');
    expect(sectionLabel({ ...section, round: { number: 1, name: 'Finals' } })).toBe('Scholastic A Finals');
    expect(sectionKey(section)).toBe('7-2');
  });
});

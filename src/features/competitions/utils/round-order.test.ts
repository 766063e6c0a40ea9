import { describe, expect, it } from 'vitest';
import { latestRoundFirst, roundCount } from './round-order';
import type { DivisionRoundScores } from './recap-types';

const section = (division: string, number: number, name: string): DivisionRoundScores => ({
  division: { id: division.toLowerCase(), name: division, initials: division.slice(0, 2) },
  round: { number, name },
  sheet: { categories: [] },
  performances: [],
});

describe('a recap in round order', () => {
  it("puts the latest round first, each round's divisions in the recap's order", () => {
    const sections = [
      section('Scholastic A', 1, 'Prelims'),
      section('Scholastic Open', 1, 'Prelims'),
      section('Scholastic A', 2, 'Finals'),
      section('Scholastic Open', 2, 'Finals'),
    ];
    expect(latestRoundFirst(sections).map((s) => `${s.division.name} ${s.round.name}`)).toEqual([
      'Scholastic A Finals',
      'Scholastic Open Finals',
      'Scholastic A Prelims',
      'Scholastic Open Prelims',
    ]);
    expect(roundCount(sections)).toBe(2);
  });

  it('keeps a one-round recap as it is', () => {
    const sections = [section('B', 1, ''), section('A', 1, '')];
    expect(latestRoundFirst(sections)).toEqual(sections);
  });
});

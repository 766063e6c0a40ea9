import { describe, expect, it } from 'vitest';
import { seasonStandings } from '../../domain/standings.js';

const guard = { id: 1, name: 'Color Guard' };
const percussion = { id: 2, name: 'Percussion' };
const typeOf = (division: { name: string }) => (division.name.startsWith('Percussion') ? percussion : guard);

function scored(division: string, group: string, total: number, competition: string) {
  return {
    divisionKey: division,
    division: { name: division },
    groupKey: group,
    group: { name: group },
    total,
    competition,
  };
}

describe('the standings rule', () => {
  it('ranks by the latest total as published (three digits, half up), ties sharing a rank, then by name', () => {
    const [standings] = seasonStandings(
      [
        scored('Scholastic A', 'Bravo HS', 80, 'first'),
        scored('Scholastic A', 'Bravo HS', 70.1245, 'second'),
        scored('Scholastic A', 'Alpha HS', 70.1250001, 'second'),
        scored('Scholastic A', 'Charlie HS', 75.5, 'second'),
        scored('Scholastic A', 'Delta HS', 60, 'first'),
      ],
      typeOf,
    );
    expect(
      standings.entries.map((e) => [
        e.group.name,
        e.rank,
        e.latestScore,
        e.bestScore,
        e.latestCompetition,
        e.performances,
      ]),
    ).toEqual([
      ['Charlie HS', 1, 75.5, 75.5, 'second', 1],
      ['Alpha HS', 2, 70.125, 70.125, 'second', 1],
      ['Bravo HS', 2, 70.125, 80, 'second', 2],
      ['Delta HS', 4, 60, 60, 'first', 1],
    ]);
  });

  it('orders divisions by group type, then by name (not by a class order only our API has)', () => {
    const divisions = seasonStandings(
      [
        scored('Scholastic World', 'A', 1, 'c'),
        scored('Percussion Scholastic A', 'B', 1, 'c'),
        scored('Independent A', 'C', 1, 'c'),
        scored('Regional A', 'D', 1, 'c'),
      ],
      typeOf,
    );
    expect(divisions.map((d) => `${d.groupType?.name}: ${d.division.name}`)).toEqual([
      'Color Guard: Independent A',
      'Color Guard: Regional A',
      'Color Guard: Scholastic World',
      'Percussion: Percussion Scholastic A',
    ]);
  });
});

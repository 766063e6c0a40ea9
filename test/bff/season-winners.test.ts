import { describe, expect, it } from 'vitest';
import type { IndexedPerformance, SeasonIndex } from '../../server/bff/views/compute/season-index.js';
import { seasonWinners } from '../../server/bff/views/compute/season-winners.js';

/** One performance of the index: `rank` null for one that did not perform. */
function performance(
  guid: string,
  division: string,
  round: [number, string],
  group: string,
  score: number,
  rank: number | null,
): IndexedPerformance {
  return {
    competition: { guid, name: 'Finals', date: '2026-03-01T18:00:00', eventName: 'Show' },
    practice: false,
    division: { name: division, initials: division.slice(0, 2) },
    round: { number: round[0], name: round[1] },
    group: { key: `name:${group}`, name: group, orgGroupIdentifier: '' },
    performed: rank !== null,
    noScoreReason: rank === null ? 'Did not perform' : '',
    total: rank === null ? null : { score, rank },
    categories: [],
    groupsInRound: 2,
  };
}

const index = (performances: IndexedPerformance[]): SeasonIndex => ({
  performances,
  groups: [],
  sections: [],
  captions: [],
});

describe("each competition's division winners", () => {
  it('takes rank 1 of each division in its last round, a tie giving both, in the order the recap prints divisions', () => {
    const winners = seasonWinners(
      index([
        performance('a', 'Scholastic A', [1, 'Prelims'], 'Early Leader', 80, 1),
        performance('a', 'Scholastic A', [1, 'Prelims'], 'Late Winner', 79, 2),
        performance('a', 'Open', [1, 'Finals'], 'Tie One', 85.5, 1),
        performance('a', 'Open', [1, 'Finals'], 'Tie Two', 85.5, 1),
        performance('a', 'Scholastic A', [2, 'Finals'], 'Late Winner', 82.125, 1),
        performance('a', 'Scholastic A', [2, 'Finals'], 'Early Leader', 81, 2),
        performance('b', 'Cadet', [1, 'Finals'], 'Nobody', 0, null),
        performance('b', 'Open', [1, 'Finals'], 'Solo', 70, 1),
      ]),
    );
    expect(winners).toEqual([
      {
        competitionGuid: 'a',
        divisions: [
          {
            division: 'Scholastic A',
            round: 'Finals',
            winners: [{ name: 'Late Winner', orgGroupIdentifier: '', score: 82.125 }],
          },
          {
            division: 'Open',
            round: 'Finals',
            winners: [
              { name: 'Tie One', orgGroupIdentifier: '', score: 85.5 },
              { name: 'Tie Two', orgGroupIdentifier: '', score: 85.5 },
            ],
          },
        ],
      },
      // A division where nobody performed has no winner.
      {
        competitionGuid: 'b',
        divisions: [
          { division: 'Open', round: 'Finals', winners: [{ name: 'Solo', orgGroupIdentifier: '', score: 70 }] },
        ],
      },
    ]);
  });
});

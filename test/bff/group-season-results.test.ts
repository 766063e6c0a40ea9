import { describe, expect, it } from 'vitest';
import { groupSeasonResults } from '../../server/bff/views/compute/group-season-results.js';
import type { GroupSeasonPerformanceView } from '../../server/bff/views/view-schemas.js';

const show = (
  guid: string,
  date: string,
  total: number | null,
  extra: Partial<GroupSeasonPerformanceView> = {},
): GroupSeasonPerformanceView => ({
  competition: { guid, name: `Show ${guid}`, date, eventName: `Event ${guid}` },
  practice: false,
  division: { name: 'Scholastic A', initials: 'SA' },
  round: { number: 1, name: 'Finals' },
  performed: total !== null,
  noScoreReason: total === null ? 'Withdrew' : '',
  total: total === null ? null : { score: total, rank: 2 },
  categories: [],
  groupsInRound: 4,
  ...extra,
});

describe("a group's season in a row: best and latest released total per division", () => {
  // oldest first, as the group's season view serves it
  const season = [
    show('a', '2026-02-07T00:00:00', 78.9),
    show('p', '2026-02-14T00:00:00', 90.5, { practice: true }),
    show('jv', '2026-02-14T00:00:00', 61.2, { division: { name: 'Regional A', initials: 'RA' } }),
    show('b', '2026-02-21T00:00:00', 84.35),
    show('w', '2026-02-28T00:00:00', null),
    show('c', '2026-03-07T00:00:00', 82.1),
  ];

  it('the best and the latest scored show of each division, practice and unscored shows left out', () => {
    expect(groupSeasonResults(season)).toEqual([
      {
        division: { name: 'Regional A', initials: 'RA' },
        best: 61.2,
        latest: { score: 61.2, competition: season[2].competition },
        performances: 1,
      },
      {
        division: { name: 'Scholastic A', initials: 'SA' },
        best: 84.35,
        latest: { score: 82.1, competition: season[5].competition },
        performances: 3,
      },
    ]);
  });

  it('a season with nothing scored has no row', () => {
    expect(
      groupSeasonResults([
        show('w', '2026-02-28T00:00:00', null),
        show('p', '2026-02-14T00:00:00', 90, { practice: true }),
      ]),
    ).toEqual([]);
  });
});

/**
 * What a group did in one season, for the group page's seasons side by side: in each division it competed in, its
 * best and its latest released total. They are the standings rule's numbers (domain/standings.ts: practice left
 * out, totals as v2 prints them), so the row says what that season's standings said of the group.
 */
import { seasonStandings } from '../../../../domain/standings.js';
import type { GroupSeasonPerformanceView, GroupSeasonResultView } from '../view-schemas.js';

/** `performances`: the group's season view, oldest first (group-season.ts). */
export function groupSeasonResults(performances: readonly GroupSeasonPerformanceView[]): GroupSeasonResultView[] {
  const scored = performances.flatMap((p) =>
    p.performed && p.total !== null && !p.practice
      ? [
          {
            divisionKey: p.division.name,
            division: p.division,
            groupKey: 0,
            group: { name: '' },
            total: p.total.score,
            competition: p.competition,
          },
        ]
      : [],
  );
  return seasonStandings(scored, () => null).map(({ division, entries: [entry] }) => ({
    division,
    best: entry.bestScore,
    latest: { score: entry.latestScore, competition: entry.latestCompetition },
    performances: entry.performances,
  }));
}

/**
 * Division standings of a season: each group ranked by its latest released total (how circuits seed finals), ties
 * sharing a rank (1, 2, 2, 4), practice events left out. They come either from our API's standings extension
 * (season-extensions.ts) or from the season's v2 records (seasonStandings); both go through `rankStandings`, so
 * the two are ranked, rounded and ordered by one rule, and a test holds them equal.
 */
import { divisionGroupType, listedGroup, type IndexedPerformance, type SeasonIndex } from './season-index.js';
import type { DivisionStandingsView } from './view-schemas.js';

type Entry = DivisionStandingsView['entries'][number];

/** A division's groups with their totals, not yet ranked. */
export interface DivisionResults {
  division: DivisionStandingsView['division'];
  groupType: DivisionStandingsView['groupType'];
  entries: Omit<Entry, 'rank'>[];
}

/**
 * Totals as v2 prints them, three fraction digits rounded half up (a sheet that publishes four, 26.7375, stands at
 * 26.738 in v2), so standings made from v2 and from our API's exact numbers rank the same numbers.
 */
export function publishedTotal(score: number): number {
  return Math.floor((Math.round(score * 1e6) + 500) / 1000) / 1000;
}

/** Ranked by latest total, then by name; divisions by group type, then by name (the order of the division picker). */
export function rankStandings(divisions: DivisionResults[]): DivisionStandingsView[] {
  return divisions
    .map(({ division, groupType, entries }) => {
      const totals = entries.map((entry) => ({ ...entry, bestScore: publishedTotal(entry.bestScore), latestScore: publishedTotal(entry.latestScore) }));
      const ranked = totals
        .map((entry) => ({ ...entry, rank: 1 + totals.filter((other) => other.latestScore > entry.latestScore).length }))
        .sort((a, b) => a.rank - b.rank || a.group.name.localeCompare(b.group.name));
      return { division, groupType, entries: ranked };
    })
    .sort((a, b) => (a.groupType?.id ?? Infinity) - (b.groupType?.id ?? Infinity) || a.division.name.localeCompare(b.division.name));
}

/** Standings from the season's v2 records (season-index.ts). */
export function seasonStandings(index: SeasonIndex): DivisionStandingsView[] {
  const divisions = new Map<string, { initials: string; groups: Map<string, IndexedPerformance[]> }>();
  for (const performance of index.performances) {
    if (performance.practice || !performance.performed || performance.total === null) continue;
    let division = divisions.get(performance.division.name);
    if (!division) divisions.set(performance.division.name, (division = { initials: performance.division.initials, groups: new Map() }));
    const list = division.groups.get(performance.group.key) ?? [];
    list.push(performance);
    division.groups.set(performance.group.key, list);
  }
  return rankStandings(
    [...divisions.entries()].map(([name, { initials, groups }]) => {
      const performers = [...groups.values()];
      return {
        division: { name, initials },
        groupType: divisionGroupType(index.groups, name, performers.map((performances) => performances[0].group)),
        entries: performers.map((performances) => {
          const latest = performances.at(-1)!;
          return {
            group: { name: latest.group.name, orgGroupIdentifier: latest.group.orgGroupIdentifier, location: listedGroup(index.groups, latest.group)?.location ?? null },
            bestScore: Math.max(...performances.map((p) => p.total!.score)),
            latestScore: latest.total!.score,
            latestCompetition: { guid: latest.competition.guid, name: latest.competition.name, eventName: latest.competition.eventName, date: latest.competition.date },
            performances: performances.length,
          };
        }),
      };
    }),
  );
}

/**
 * Division standings of a season from its results: each group ranked by its latest released total (how circuits
 * seed finals), ties sharing a rank (1, 2, 2, 4), practice events left out; the same rule as our API's own
 * standings extension, which a test compares with these.
 */
import { divisionGroupType, listedGroup, type IndexedPerformance, type SeasonIndex } from './season-index.js';
import type { DivisionStandingsView } from './view-schemas.js';

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
  const standings = [...divisions.entries()].map(([name, { initials, groups }], firstSeen) => {
    const entries = [...groups.values()].map((performances) => {
      const latest = performances.at(-1)!;
      return {
        group: { name: latest.group.name, orgGroupIdentifier: latest.group.orgGroupIdentifier, location: listedGroup(index.groups, latest.group)?.location ?? null },
        bestScore: Math.max(...performances.map((p) => p.total!.score)),
        latestScore: latest.total!.score,
        latestCompetition: { guid: latest.competition.guid, name: latest.competition.name, eventName: latest.competition.eventName, date: latest.competition.date },
        performances: performances.length,
      };
    });
    const ranked = entries
      .map((entry) => ({ ...entry, rank: 1 + entries.filter((other) => other.latestScore > entry.latestScore).length }))
      .sort((a, b) => a.rank - b.rank || a.group.name.localeCompare(b.group.name));
    return { firstSeen, standings: { division: { name, initials }, groupType: divisionGroupType(index.groups, name), entries: ranked } };
  });
  // By group type, then in the order the season's recaps first show each division.
  return standings
    .sort((a, b) => (a.standings.groupType?.id ?? Infinity) - (b.standings.groupType?.id ?? Infinity) || a.firstSeen - b.firstSeen)
    .map(({ standings: division }) => division);
}

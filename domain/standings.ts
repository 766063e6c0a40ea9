/**
 * The standings rule, computed by this one module wherever standings are served (our API's `/standings/`
 * extension, and the BFF's view derived from v2 on the hosted service): each division's groups ranked by their
 * latest released total (how circuits seed finals), as v2 prints it (three digits, rounded half up), ties sharing a
 * rank (1, 2, 2, 4), then by name; divisions ordered by group type, then by name.
 *
 * Divisions go by name, not by the circuit's class order (`sortOrder`, which only our API has): the hosted
 * service's records carry no class order, and a page must order the same on both upstreams (decision 012).
 * Totals are ranked as published, not exactly: v2 records carry nothing finer, so an exact tie-break on our API
 * would rank differently from the hosted service (docs/decisions/024).
 */
import { PUBLISHED_FRACTION_DIGITS, roundScore } from './scores.js';

export interface GroupTypeRef {
  id: number;
  name: string;
}

/** One scored performance of a group, given oldest first so a group's last is its latest. */
export interface StandingsPerformance<Division, Group, Competition> {
  divisionKey: string | number;
  division: Division;
  groupKey: string | number;
  group: Group;
  total: number;
  competition: Competition;
}

export interface StandingsEntry<Group, Competition> {
  group: Group;
  bestScore: number;
  latestScore: number;
  latestCompetition: Competition;
  performances: number;
  rank: number;
}

export interface DivisionStandings<Division, Group, Competition> {
  division: Division;
  groupType: GroupTypeRef | null;
  entries: StandingsEntry<Group, Competition>[];
}

type Named = { name: string };

/**
 * Standings of a season's scored performances (released, performed, practice events left out: the caller's read
 * chooses them). `groupTypeOf` names a division's group type from its performances' groups.
 */
export function seasonStandings<Division extends Named, Group extends Named, Competition>(
  performances: Iterable<StandingsPerformance<Division, Group, Competition>>,
  groupTypeOf: (division: Division, groups: Group[]) => GroupTypeRef | null,
): DivisionStandings<Division, Group, Competition>[] {
  const divisions = new Map<
    string | number,
    { division: Division; groups: Map<string | number, StandingsPerformance<Division, Group, Competition>[]> }
  >();
  for (const performance of performances) {
    let division = divisions.get(performance.divisionKey);
    if (!division)
      divisions.set(performance.divisionKey, (division = { division: performance.division, groups: new Map() }));
    const list = division.groups.get(performance.groupKey) ?? [];
    list.push(performance);
    division.groups.set(performance.groupKey, list);
  }
  return rankStandings(
    [...divisions.values()].map(({ division, groups }) => {
      const performers = [...groups.values()];
      return {
        division,
        groupType: groupTypeOf(
          division,
          performers.map((list) => list[0].group),
        ),
        entries: performers.map((list) => {
          const latest = list.at(-1)!;
          return {
            group: latest.group,
            bestScore: Math.max(...list.map((p) => p.total)),
            latestScore: latest.total,
            latestCompetition: latest.competition,
            performances: list.length,
          };
        }),
      };
    }),
  );
}

/** The rule itself: published totals, ranked by the latest, then by name; divisions by group type, then by name. */
export function rankStandings<Division extends Named, Group extends Named, Competition>(
  divisions: {
    division: Division;
    groupType: GroupTypeRef | null;
    entries: Omit<StandingsEntry<Group, Competition>, 'rank'>[];
  }[],
): DivisionStandings<Division, Group, Competition>[] {
  return divisions
    .map(({ division, groupType, entries }) => {
      const totals = entries.map((entry) => ({
        ...entry,
        bestScore: publishedTotal(entry.bestScore),
        latestScore: publishedTotal(entry.latestScore),
      }));
      const ranked = totals
        .map((entry) => ({
          ...entry,
          rank: 1 + totals.filter((other) => other.latestScore > entry.latestScore).length,
        }))
        .sort((a, b) => a.rank - b.rank || a.group.name.localeCompare(b.group.name));
      return { division, groupType, entries: ranked };
    })
    .sort(
      (a, b) =>
        (a.groupType?.id ?? Infinity) - (b.groupType?.id ?? Infinity) || a.division.name.localeCompare(b.division.name),
    );
}

/**
 * A total as v2 prints it, three fraction digits rounded half up (a sheet that publishes four, 26.7375, stands at
 * 26.738 in v2), so standings from v2 and from our API's exact numbers rank the same numbers.
 */
export function publishedTotal(score: number): number {
  return roundScore(score, PUBLISHED_FRACTION_DIGITS);
}

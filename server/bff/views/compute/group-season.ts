/**
 * One group's season from the season's results: every released performance, oldest first. A group is asked for by
 * name and, when the circuit gives one, its identifier (which then decides: a renamed group stays one group).
 */
import type { HostedGroup } from '../hosted-shapes.js';
import { divisionGroupType, listedGroup, type IndexedPerformance } from './season-index.js';
import type { GroupRefView, GroupSeasonPerformanceView } from '../view-schemas.js';

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface GroupAsked {
  name: string;
  orgGroupIdentifier?: string;
}

/** From a season's results (season-index.ts), or any performances of the group among them (season-extensions.ts). */
export function groupSeason(
  index: { performances: readonly IndexedPerformance[]; groups: readonly HostedGroup[] },
  asked: GroupAsked,
): {
  group: GroupRefView & { groupType: { id: number; name: string } | null; registered: boolean };
  data: GroupSeasonPerformanceView[];
} {
  const matching = index.performances.filter((p) =>
    asked.orgGroupIdentifier ? p.group.orgGroupIdentifier === asked.orgGroupIdentifier : p.group.name === asked.name,
  );
  // Oldest first, one date's competitions in the upstream's order; a group in two divisions of one round (a school's
  // varsity and JV under one name) by division name, whatever order the upstream lists them in.
  const competitionOrder = new Map<string, number>();
  for (const p of matching)
    if (!competitionOrder.has(p.competition.guid)) competitionOrder.set(p.competition.guid, competitionOrder.size);
  const mine = matching.sort(
    (a, b) =>
      a.competition.date.localeCompare(b.competition.date) ||
      competitionOrder.get(a.competition.guid)! - competitionOrder.get(b.competition.guid)! ||
      a.round.number - b.round.number ||
      compareText(a.division.name, b.division.name),
  );
  // The latest name the season's recaps print for it, else the one asked for.
  const known = mine.at(-1)?.group ?? { name: asked.name, orgGroupIdentifier: asked.orgGroupIdentifier ?? '' };
  const listed = listedGroup(index.groups, known);
  return {
    group: {
      name: known.name,
      orgGroupIdentifier: known.orgGroupIdentifier,
      location: listed?.location ?? null,
      groupType:
        listed?.groupType ?? (mine.length > 0 ? divisionGroupType(index.groups, mine.at(-1)!.division.name) : null),
      // by the identity asked: the name alone finds a location, never a registration under another circuit id
      registered:
        listed !== undefined && (known.orgGroupIdentifier === '' || listed.circuitId === known.orgGroupIdentifier),
    },
    data: mine.map(
      ({ competition, practice, division, round, performed, noScoreReason, total, categories, groupsInRound }) => ({
        competition,
        practice,
        division,
        round,
        performed,
        noScoreReason,
        total,
        categories,
        groupsInRound,
      }),
    ),
  };
}

/**
 * One group's season from the season's results: every released performance, oldest first. A group is asked for by
 * name and, when the circuit gives one, its identifier (which then decides: a renamed group stays one group).
 */
import { divisionGroupType, listedGroup, type SeasonIndex } from './season-index.js';
import type { GroupRefView, GroupSeasonPerformanceView } from './view-schemas.js';

export interface GroupAsked {
  name: string;
  orgGroupIdentifier?: string;
}

export function groupSeason(index: SeasonIndex, asked: GroupAsked): { group: GroupRefView & { groupType: { id: number; name: string } | null }; data: GroupSeasonPerformanceView[] } {
  const mine = index.performances.filter((p) =>
    asked.orgGroupIdentifier ? p.group.orgGroupIdentifier === asked.orgGroupIdentifier : p.group.name === asked.name,
  );
  // The latest name the season's recaps print for it, else the one asked for.
  const known = mine.at(-1)?.group ?? { name: asked.name, orgGroupIdentifier: asked.orgGroupIdentifier ?? '' };
  const listed = listedGroup(index.groups, known);
  return {
    group: {
      name: known.name,
      orgGroupIdentifier: known.orgGroupIdentifier,
      location: listed?.location ?? null,
      groupType: listed?.groupType ?? (mine.length > 0 ? divisionGroupType(index.groups, mine.at(-1)!.division.name) : null),
    },
    data: mine.map(({ competition, division, round, performed, noScoreReason, total, groupsInRound }) => ({
      competition,
      division,
      round,
      performed,
      noScoreReason,
      total,
      groupsInRound,
    })),
  };
}

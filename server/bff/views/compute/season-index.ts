/**
 * A season's results as one list of performances, built from v2 alone: each released competition's performance
 * records (category and caption scores kept, no subcaption lines) with their competition, and the season's group
 * list for what v2 does not carry (a group's location and its division's group type). Groups are known by what v2
 * gives: the circuit's OrgGroupIdentifier when it is not empty, else the name.
 */
import type { JudgedCaption } from '../../../../domain/judges.js';
import type { CompetitionResults, HostedGroup, HostedPerformance } from '../hosted-shapes.js';
import { buildJudgedSections, type JudgedSection } from './judged-sections.js';

/** v2 prints "no rank" as 0. */
const rankOf = (rank: number) => (rank > 0 ? rank : null);

export interface IndexedPerformance {
  competition: { guid: string; name: string; date: string; eventName: string };
  practice: boolean;
  division: { name: string; initials: string };
  round: { number: number; name: string };
  group: { key: string; name: string; orgGroupIdentifier: string };
  performed: boolean;
  noScoreReason: string;
  total: { score: number; rank: number | null } | null;
  /** each category's score and rank as the recap prints them, in the sheet's order; empty when not scored */
  categories: {
    name: string;
    score: number;
    rank: number | null;
    captions: { name: string; score: number; rank: number | null }[];
  }[];
  /** performances in the same division and round of that competition */
  groupsInRound: number;
}

export interface SeasonIndex {
  /** oldest first: by competition date (on one date, in the listing's order), then round, then the recap's order */
  performances: IndexedPerformance[];
  groups: HostedGroup[];
  /** the judges' sheets of the competitions whose full recap is released, practice events left out */
  sections: JudgedSection[];
  /** who judged each caption of the released rounds (domain/judges.ts), once per competition, caption and judge */
  captions: JudgedCaption[];
}

/** One identity per group: the circuit's identifier when v2 gives one, else its name. */
export function groupKey(name: string, orgGroupIdentifier: string): string {
  return orgGroupIdentifier !== '' ? `id:${orgGroupIdentifier}` : `name:${name}`;
}

export function buildSeasonIndex(competitions: readonly CompetitionResults[], groups: HostedGroup[]): SeasonIndex {
  const performances: IndexedPerformance[] = [];
  const captions = new Map<string, JudgedCaption>();
  // A stable sort: competitions of one date stay in the listing's order, which our API's own reads share.
  const ordered = [...competitions].sort((a, b) => a.record.Date.localeCompare(b.record.Date));
  for (const { record, practice, performances: records } of ordered) {
    const inRound = new Map<string, number>();
    const roundKey = (p: HostedPerformance) => `${p.DivisionName}\u0000${p.Round}`;
    for (const p of records) inRound.set(roundKey(p), (inRound.get(roundKey(p)) ?? 0) + 1);
    const rows = records.map((p, order) => ({ p, order }));
    rows.sort((a, b) => Number(a.p.Round) - Number(b.p.Round) || a.order - b.order);
    for (const { p } of rows) {
      // A caption is its place on the division's sheet in the round: v2 prints every performed group's the same.
      p.Categories.forEach((category, c) =>
        category.Captions.forEach((caption, k) => {
          const judged = {
            firstName: caption.JudgeFirstName,
            lastName: caption.JudgeLastName,
            competition: record.CompetitionGuid,
            caption: `${p.Round}\u0000${p.DivisionName}\u0000${c}.${k}`,
          };
          captions.set(
            `${judged.competition}\u0000${judged.caption}\u0000${judged.firstName}\u0000${judged.lastName}`,
            judged,
          );
        }),
      );
      performances.push({
        competition: {
          guid: record.CompetitionGuid,
          name: record.CompetitionName,
          date: record.Date,
          eventName: record.EventName,
        },
        practice,
        division: { name: p.DivisionName, initials: p.DivisionInitials },
        round: { number: Number(p.Round), name: p.RoundName },
        group: {
          key: groupKey(p.GroupName, p.OrgGroupIdentifier),
          name: p.GroupName,
          orgGroupIdentifier: p.OrgGroupIdentifier,
        },
        performed: p.Performed,
        noScoreReason: p.NoScoreReason,
        // v2 prints an unscored performance as zeros with rank 0: no score to show.
        total: p.Performed ? { score: Number(p.TotalScore), rank: rankOf(p.Rank) } : null,
        categories: p.Performed
          ? p.Categories.map((category) => ({
              name: category.Name,
              score: Number(category.Score),
              rank: rankOf(category.Rank),
              captions: category.Captions.map((caption) => ({
                name: caption.Name,
                score: Number(caption.Score),
                rank: rankOf(caption.Rank),
              })),
            }))
          : [],
        groupsInRound: inRound.get(roundKey(p)) ?? 1,
      });
    }
  }
  return { performances, groups, captions: [...captions.values()], sections: buildJudgedSections(competitions) };
}

/** The season's group list entry of a group: by circuit id when it has one, else by a name only one such group holds. */
export function listedGroup(
  groups: readonly HostedGroup[],
  group: { name: string; orgGroupIdentifier: string },
): HostedGroup | undefined {
  if (group.orgGroupIdentifier !== '') {
    const byId = groups.find((candidate) => candidate.circuitId === group.orgGroupIdentifier);
    if (byId) return byId;
  }
  // v2's empty identifier is a group listed without a circuit id.
  const named = groups.filter(
    (candidate) =>
      candidate.name === group.name && (group.orgGroupIdentifier === '' ? candidate.circuitId === '' : true),
  );
  return named.length === 1 ? named[0] : undefined;
}

/**
 * A division's group type, from the group list: the type of a listed group that performed in it (a group may have
 * moved to another division since, never to another type), else of a group listed in it now.
 */
export function divisionGroupType(
  groups: readonly HostedGroup[],
  divisionName: string,
  performers: readonly { name: string; orgGroupIdentifier: string }[] = [],
): HostedGroup['groupType'] | null {
  for (const performer of performers) {
    const listed = listedGroup(groups, performer);
    if (listed) return listed.groupType;
  }
  return groups.find((candidate) => candidate.division.name === divisionName)?.groupType ?? null;
}

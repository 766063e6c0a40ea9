/**
 * Head-to-head across seasons (decision 040): each season in which the first group and another of the compared groups
 * performed, with the rounds they shared, who won them by total and the mean total margin. Nothing new is read:
 * which seasons have a group's performances comes from each season's group view, as the group's seasons do
 * (group-seasons.ts, decision 039, and its bound: the newest GROUP_SEASONS_MAX seasons), and the rounds from the same
 * judged sections as one season's head-to-head (head-to-head.ts), both kept per season by the season source.
 */
import { GROUP_SEASONS_MAX } from './group-seasons.js';
import { headToHead, pairsOf, type AskedGroup } from '../compute/head-to-head.js';
import type { SeasonSource } from './season-source.js';
import { loadSeasons } from './seasons.js';
import { mapBounded, type UpstreamRead } from './upstream-reads.js';
import type { HeadToHeadSeasonsView } from '../view-schemas.js';

/** Seasons built at once: a cold BFF on the hosted service reads each season's recaps (as group-seasons.ts does). */
const SEASONS_AT_ONCE = 2;

export async function loadHeadToHeadSeasons(
  read: UpstreamRead,
  source: SeasonSource,
  groups: readonly AskedGroup[],
): Promise<{ view: HeadToHeadSeasonsView; stale: boolean }> {
  const { seasons, stale } = await loadSeasons(read);
  const looked = seasons.slice(0, GROUP_SEASONS_MAX);
  const asked = groups.map(({ name, orgGroupIdentifier }) => ({
    name,
    orgGroupIdentifier: orgGroupIdentifier || undefined,
  }));
  const answers = await mapBounded(looked, SEASONS_AT_ONCE, async (season) => {
    const present = await Promise.all(asked.map((group) => source.group(season, group)));
    const performances = present.map((answer) => answer.view.data.length);
    const stalePresence = present.some((answer) => answer.stale);
    // Only a season with the first group and another one is built into rounds: the others cost no judged sections.
    if (performances[0] === 0 || performances.slice(1).every((count) => count === 0))
      return { entry: null, stale: stalePresence };
    const judging = await source.judging(season);
    const meetings = headToHead(judging.sections, groups);
    return {
      entry: { season, performances, meetings: meetings.length, pairs: pairsOf(meetings, groups.length) },
      stale: stalePresence || judging.stale,
    };
  });
  return {
    view: {
      groups: [...groups],
      seasonsLookedAt: looked.length,
      data: answers.flatMap(({ entry }) => (entry ? [entry] : [])),
    },
    stale: stale || answers.some((answer) => answer.stale),
  };
}

/**
 * A group across seasons: which seasons have a performance of it, newest first. The group page offers only those
 * (the hosted service lists every season of the circuit, most of them empty for one group). A group with none yet
 * is offered the seasons whose group list registers it (a fan follows a group before its first scores), and a group
 * that no season has is no group: the view answers 404 and so does the page (decision 039). It reads nothing new:
 * each season's group view (season-source.ts: our API's extension, else the season's results, kept per season).
 */
import type { GroupAsked } from '../compute/group-season.js';
import { groupSeasonResults } from '../compute/group-season-results.js';
import type { SeasonSource } from './season-source.js';
import { loadSeasons } from './seasons.js';
import { mapBounded, type UpstreamRead } from './upstream-reads.js';
import { ViewProblem } from '../view-problem.js';
import type { GroupSeasonsView } from '../view-schemas.js';

/**
 * The newest seasons looked at: a circuit's archive can go back decades, and the season results kept (MAX_SEASONS in
 * season-results.ts) must hold them, or each group page would read old seasons' recaps again.
 */
export const GROUP_SEASONS_MAX = 10;
const SEASONS_AT_ONCE = 2;

export async function loadGroupSeasons(
  read: UpstreamRead,
  source: SeasonSource,
  asked: GroupAsked,
): Promise<{ view: GroupSeasonsView; stale: boolean }> {
  const { seasons, stale } = await loadSeasons(read);
  const looked = seasons.slice(0, GROUP_SEASONS_MAX);
  const answers = await mapBounded(looked, SEASONS_AT_ONCE, (season) => source.group(season, asked));
  const seasonsOf = looked.map((season, i) => ({ season, answer: answers[i] }));
  const performed = seasonsOf.filter(({ answer }) => answer.view.data.length > 0);
  // A group before its first scores (registered, its first show today) is a group too: a fan follows it then.
  const held = performed.length > 0 ? performed : seasonsOf.filter(({ answer }) => answer.view.group.registered);
  if (held.length === 0) {
    const named = asked.orgGroupIdentifier ? `${asked.name} (${asked.orgGroupIdentifier})` : asked.name;
    throw new ViewProblem(404, 'not_found', `No season has a performance or a registration of the group ${named}.`);
  }
  return {
    // the newest season's name for it and what it is (group-season.ts)
    view: {
      group: held[0].answer.view.group,
      seasons: held.map(({ season, answer }) => ({
        season,
        performances: answer.view.data.length,
        results: groupSeasonResults(answer.view.data),
      })),
    },
    stale: stale || held.some(({ answer }) => answer.stale),
  };
}

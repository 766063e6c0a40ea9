/**
 * What home shows of a followed group: its most recent scored performance in any season and its next scheduled
 * one. Seasons are read newest first and at most LATEST_SEASONS of them, so a group that stopped competing years
 * ago costs a bounded number of season reads (each kept by the season source), not the whole archive.
 */
import type { GroupAsked } from './group-season.js';
import type { createSeasonSource } from './season-source.js';
import type { GroupSummaryView, SeasonView } from './view-schemas.js';

/** How many seasons back, newest first, a followed group's latest score is looked for. */
export const LATEST_SEASONS = 3;

export async function groupSummary(
  source: ReturnType<typeof createSeasonSource>,
  seasons: readonly SeasonView[],
  asked: GroupAsked,
  today: string,
): Promise<{ view: GroupSummaryView; stale: boolean }> {
  let stale = false;
  let latest: GroupSummaryView['latest'] = null;
  let group: GroupSummaryView['group'] | null = null;
  for (const season of seasons.slice(0, LATEST_SEASONS)) {
    const { view, stale: seasonStale } = await source.group(season, asked);
    stale ||= seasonStale;
    const scored = view.data.filter((p) => p.performed && p.total !== null);
    if (scored.length === 0) continue;
    const last = scored.at(-1)!;
    group = { name: view.group.name, orgGroupIdentifier: view.group.orgGroupIdentifier, location: view.group.location };
    latest = {
      season: { id: season.id, name: season.name },
      competition: last.competition,
      division: last.division,
      round: last.round,
      total: last.total!,
      groupsInRound: last.groupsInRound,
    };
    break;
  }
  const current = seasons.find((season) => season.current);
  const schedule = current ? await source.scheduled(current, asked, today) : { known: false, next: null, stale: false };
  return {
    view: {
      group: group ?? { name: asked.name, orgGroupIdentifier: asked.orgGroupIdentifier ?? '', location: null },
      latest,
      scheduleKnown: schedule.known,
      next: schedule.next,
    },
    stale: stale || schedule.stale,
  };
}

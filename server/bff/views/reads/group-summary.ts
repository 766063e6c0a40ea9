/**
 * What home shows of a followed group: its most recent scored performance in any season, however old, and its next
 * scheduled one. The cost is bounded whatever the archive (decision 077): the newest LATEST_SEASONS seasons' results
 * are read (each kept by the season source, and the ones the other pages read anyway); past them, the older seasons'
 * group lists (one read each, at most OLDER_SEASONS_MAX, through the read proxy's cache that the search index shares)
 * find the seasons that list the group, and only the newest LISTED_SEASONS_READ of those have their results read.
 */
import type { GroupAsked } from '../compute/group-season.js';
import { GroupList } from '../hosted-shapes.js';
import { listedGroup } from '../compute/season-index.js';
import type { createSeasonSource } from './season-source.js';
import { mapBounded, readAllPages, type UpstreamRead } from './upstream-reads.js';
import type { GroupSummaryView, SeasonView } from '../view-schemas.js';

/** How many seasons back, newest first, a followed group's latest score is looked for in the results. */
export const LATEST_SEASONS = 3;
/** The older seasons whose group lists are looked through: the search index reads as many (its MAX_SEASONS). */
export const OLDER_SEASONS_MAX = 60;
/** Of the older seasons that list the group, how many have their results read (a group listed but never scored). */
export const LISTED_SEASONS_READ = 2;
/** Group lists read at once, newest first: the walk stops at the first batch that finds the group scored. */
const LISTS_AT_ONCE = 4;

type Found = { latest: NonNullable<GroupSummaryView['latest']>; group: GroupSummaryView['group'] };

export async function groupSummary(
  read: UpstreamRead,
  source: ReturnType<typeof createSeasonSource>,
  seasons: readonly SeasonView[],
  asked: GroupAsked,
  today: string,
): Promise<{ view: GroupSummaryView; stale: boolean }> {
  let stale = false;
  /** The group's last scored performance of a season, if any. */
  const latestIn = async (season: SeasonView): Promise<Found | undefined> => {
    const { view, stale: seasonStale } = await source.group(season, asked);
    stale ||= seasonStale;
    const last = view.data.filter((p) => p.performed && p.total !== null).at(-1);
    if (!last) return undefined;
    return {
      group: {
        name: view.group.name,
        orgGroupIdentifier: view.group.orgGroupIdentifier,
        location: view.group.location,
      },
      latest: {
        season: { id: season.id, name: season.name },
        competition: last.competition,
        division: last.division,
        round: last.round,
        total: last.total!,
        groupsInRound: last.groupsInRound,
      },
    };
  };

  let found: Found | undefined;
  for (const season of seasons.slice(0, LATEST_SEASONS)) {
    found = await latestIn(season);
    if (found) break;
  }
  if (!found)
    found = await latestInOlderSeasons(read, seasons.slice(LATEST_SEASONS), asked, latestIn, (listStale) => {
      stale ||= listStale;
    });

  const current = seasons.find((season) => season.current);
  const schedule = current ? await source.scheduled(current, asked, today) : { known: false, next: null, stale: false };
  return {
    view: {
      group: found?.group ?? { name: asked.name, orgGroupIdentifier: asked.orgGroupIdentifier ?? '', location: null },
      latest: found?.latest ?? null,
      scheduleKnown: schedule.known,
      next: schedule.next,
    },
    stale: stale || schedule.stale,
  };
}

/** Past the newest seasons: the seasons whose group list registers the group (group-season.ts's rule), newest first. */
async function latestInOlderSeasons(
  read: UpstreamRead,
  older: readonly SeasonView[],
  asked: GroupAsked,
  latestIn: (season: SeasonView) => Promise<Found | undefined>,
  markStale: (stale: boolean) => void,
): Promise<Found | undefined> {
  const id = asked.orgGroupIdentifier ?? '';
  const looked = older.slice(0, OLDER_SEASONS_MAX);
  let resultsRead = 0;
  for (let start = 0; start < looked.length && resultsRead < LISTED_SEASONS_READ; start += LISTS_AT_ONCE) {
    const batch = looked.slice(start, start + LISTS_AT_ONCE);
    const lists = await mapBounded(batch, LISTS_AT_ONCE, (season) =>
      readAllPages(read, '/v3/groups', `?seasonId=${season.id}`, GroupList),
    );
    for (const [i, season] of batch.entries()) {
      markStale(lists[i].stale);
      const listed = listedGroup(lists[i].data, { name: asked.name, orgGroupIdentifier: id });
      if (!listed || (id !== '' && listed.circuitId !== id)) continue;
      const found = await latestIn(season);
      if (found) return found;
      if (++resultsRead >= LISTED_SEASONS_READ) return undefined;
    }
  }
  return undefined;
}

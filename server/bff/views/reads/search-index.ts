/**
 * What the search finds, across every season (decision 031): groups (the seasons' group lists), events (the seasons'
 * event lists), competitions and their chief judges (v2's competition listing of each season year), and every caption
 * judge where the upstream answers the season's judges in one read (our API's extension). Built from the
 * operations every upstream answers, so one code path serves our API and the hosted service; the reads go through
 * the read proxy (its cache and revalidation) and the index is kept FRESH_MS, one build at a time. Matching is the
 * browser's (src/features/search): a keystroke must paint within 100 ms on a phone on 3G, which no round trip does.
 */
import { loadSeasonEvents } from './calendar.js';
import { CompetitionRecords, GroupList } from '../hosted-shapes.js';
import { readJudgesExtension } from './judges.js';
import { groupKey } from '../compute/season-index.js';
import { FRESH_MS } from './season-results.js';
import { loadSeasons } from './seasons.js';
import {
  COMPETITIONS_V2,
  listingSearch,
  mapBounded,
  readAllPages,
  readJson,
  type UpstreamRead,
} from './upstream-reads.js';
import type { SearchIndexView, SeasonView } from '../view-schemas.js';

/** Seasons read at once while building; a circuit's archive holds a dozen or so. */
const SEASONS_AT_ONCE = 3;
/** Bounds what one build holds whatever the upstream answers: an archive has some thousands of each. */
const MAX_SEASONS = 60;
const MAX_ENTRIES = 50_000;

async function readSeason(read: UpstreamRead, season: SeasonView) {
  const [listing, events, groups, judges] = await Promise.all([
    season.year === null
      ? undefined
      : readJson(read, COMPETITIONS_V2, listingSearch(season.year, true), CompetitionRecords),
    loadSeasonEvents(read, season.id),
    readAllPages(read, '/v3/groups', `?seasonId=${season.id}`, GroupList),
    // Every caption judge, where the upstream answers our judges extension in one read; the hosted service does not,
    // and its judges are on the season's recaps only, which the index does not read (decision 031): chief judges there.
    readJudgesExtension(read, season.id),
  ]);
  const competitions = (listing?.data ?? []).filter((record) => record.SeasonName === season.name);
  const judgeNames = [
    ...competitions.map((record) => record.ChiefJudge),
    ...(judges?.data ?? []).map((judge) => judge.name),
  ];
  return {
    season,
    competitions,
    judgeNames,
    events: events.events,
    groups: groups.data,
    stale: Boolean(listing?.stale) || events.stale || groups.stale || Boolean(judges?.stale),
  };
}

async function buildSearchIndex(read: UpstreamRead): Promise<{ view: SearchIndexView; stale: boolean }> {
  const { seasons, stale: seasonsStale } = await loadSeasons(read);
  // Newest first: a group's latest name and location win, and results list the newest season's entries first.
  const perSeason = await mapBounded(seasons.slice(0, MAX_SEASONS), SEASONS_AT_ONCE, (season) =>
    readSeason(read, season),
  );
  const groups = new Map<string, SearchIndexView['groups'][number]>();
  const judges = new Map<string, SearchIndexView['judges'][number]>();
  const view: SearchIndexView = { groups: [], events: [], competitions: [], judges: [] };
  for (const { season, competitions, judgeNames, events, groups: listed } of perSeason) {
    for (const group of listed) {
      const key = groupKey(group.name, group.circuitId);
      if (!groups.has(key) && groups.size < MAX_ENTRIES)
        groups.set(key, {
          name: group.name,
          orgGroupIdentifier: group.circuitId,
          location: group.location,
          division: group.division.name,
          kind: group.groupType.name,
          season: season.name,
        });
    }
    for (const event of events.slice(0, MAX_ENTRIES - view.events.length))
      view.events.push({ id: event.id, name: event.name, location: event.location, season: season.name });
    const newestFirst = [...competitions]
      .sort((a, b) => b.Date.localeCompare(a.Date))
      .slice(0, MAX_ENTRIES - view.competitions.length);
    for (const record of newestFirst) {
      view.competitions.push({
        guid: record.CompetitionGuid,
        name: record.CompetitionName,
        eventName: record.EventName,
        date: record.Date,
      });
    }
    for (const name of judgeNames) {
      const judge = name.trim().replace(/\s+/g, ' ');
      if (judge !== '' && !judges.has(judge) && judges.size < MAX_ENTRIES)
        judges.set(judge, { name: judge, season: season.name, seasonId: season.id });
    }
  }
  view.groups = [...groups.values()];
  view.judges = [...judges.values()];
  return { view, stale: seasonsStale || perSeason.some((season) => season.stale) };
}

/** The index kept FRESH_MS; concurrent requests share one build, and a failed build is not kept. */
export function createSearchIndex(read: UpstreamRead, now: () => number) {
  let kept: { index: { view: SearchIndexView; stale: boolean }; builtAt: number } | undefined;
  let building: Promise<{ view: SearchIndexView; stale: boolean }> | undefined;
  return async () => {
    if (kept && now() - kept.builtAt < FRESH_MS) return kept.index;
    building ??= buildSearchIndex(read)
      .then((index) => {
        kept = { index, builtAt: now() };
        return index;
      })
      .finally(() => {
        building = undefined;
      });
    return building;
  };
}

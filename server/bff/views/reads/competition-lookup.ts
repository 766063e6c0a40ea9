/**
 * A competition by its v2 guid, the id every upstream understands and the one in the app's shareable URLs. The
 * hosted service has no read of one competition record, so it is found in v2's listings, newest season first
 * (a recap opened from a link is almost always this season's), and completed with what the event's detail adds:
 * the competition's id and the published schedule's URL.
 */
import { isGuid } from '../../../../domain/guid.js';
import { LruCache } from '../../upstream/response-cache.js';
import { matchEvent } from '../compute/calendar-entries.js';
import { loadSeasonEvents } from './calendar.js';
import { CompetitionRecords, EventDetail, GroupList, PerformanceRecords } from '../hosted-shapes.js';
import { listedGroup } from '../compute/season-index.js';
import { loadSeasons } from './seasons.js';
import {
  COMPETITIONS_V2,
  listingSearch,
  PERFORMANCES_V2,
  readAllPages,
  readJson,
  type UpstreamRead,
} from './upstream-reads.js';
import { ViewProblem } from '../view-problem.js';
import type { CompetitionSummaryView } from '../view-schemas.js';

/**
 * `readFresh` revalidates with the upstream: on a miss the newest and the current season's listings are asked again,
 * so a competition created a moment ago is found at once rather than after the read cache's fresh window (a link to
 * it shared the moment it is made would otherwise be a 404). Still missing, the list of seasons is asked again (with
 * the listings it checks for the current one), and the listing of each season new in it: a season set up a moment
 * ago for a contest, and the listings read from the cache are asked again. A read per season per miss, mostly
 * answered 304.
 */
export function createCompetitionLookup(read: UpstreamRead, readFresh: UpstreamRead = read) {
  /** guid -> the season year whose listing holds it: a second lookup reads one listing, not every season's */
  const yearOf = new LruCache<number>(1000);

  return async function lookUp(guid: string): Promise<{ summary: CompetitionSummaryView; stale: boolean }> {
    if (!isGuid(guid)) throw new ViewProblem(404, 'not_found', `"${guid}" is not a competition guid.`);
    const seasons = await loadSeasons(read);
    let stale = seasons.stale;
    const known = yearOf.get(guid.toLowerCase());
    const listedYears = seasons.seasons.flatMap((season) => (season.year === null ? [] : [season.year]));
    const years = [...new Set([...(known === undefined ? [] : [known]), ...listedYears])];
    // Asked again, fresh: the newest season's listing and the current one's (a circuit's current season is not always
    // its newest: next season is often set up before this one ends).
    const currentYear = seasons.seasons.find((season) => season.current)?.year ?? null;
    const freshYears =
      readFresh === read
        ? []
        : [...new Set([...listedYears.slice(0, 1), ...(currentYear === null ? [] : [currentYear])])];
    let seasonsAskedAgain = false;
    const attempts = [
      ...years.map((year) => ({ year, reader: read, known: seasons })),
      ...freshYears.map((year) => ({ year, reader: readFresh, known: seasons })),
    ];
    for (let i = 0; i < attempts.length; i++) {
      const { year, reader, known: listed } = attempts[i];
      const listing = await readJson(reader, COMPETITIONS_V2, listingSearch(year, true), CompetitionRecords);
      stale ||= listing.stale;
      const record = listing.data.find((candidate) => candidate.CompetitionGuid.toLowerCase() === guid.toLowerCase());
      const season = record && listed.seasons.find((candidate) => candidate.name === record.SeasonName);
      if (!record || !season) {
        if (i === attempts.length - 1 && readFresh !== read && !seasonsAskedAgain) {
          // Missed everywhere: a season made a moment ago (set up for a contest, then its competition) is not in the
          // cached list of seasons yet. The list is asked again (one read), and each new season's listing.
          seasonsAskedAgain = true;
          const fresh = await loadSeasons(readFresh);
          const before = new Set(seasons.seasons.map((item) => item.id));
          const newYears = fresh.seasons.flatMap((item) =>
            before.has(item.id) || item.year === null ? [] : [item.year],
          );
          // And each season already listed whose listing was read from the cache: a contest set up a moment ago in a
          // season the list already held (several set up at once) is in no cached listing yet. Conditional reads,
          // mostly answered 304, and only on a miss.
          const askedFresh = new Set(freshYears);
          const cachedYears = years.filter((item) => !askedFresh.has(item));
          for (const year of new Set([...newYears, ...cachedYears]))
            attempts.push({ year, reader: readFresh, known: fresh });
        }
        continue;
      }
      yearOf.set(guid.toLowerCase(), year);
      const [cachedEvents, performances, groups] = await Promise.all([
        loadSeasonEvents(read, season.id),
        readJson(read, PERFORMANCES_V2, `?c=${record.CompetitionGuid}`, PerformanceRecords),
        readAllPages(read, '/v3/groups', `?seasonId=${season.id}`, GroupList),
      ]);
      // An event set up a moment ago is not in the season's cached events yet: asked again, so the competition has
      // its id (its corrections, its schedule) the moment it is found, not once the cache expires.
      const events =
        matchEvent(record, cachedEvents.events) || readFresh === read
          ? cachedEvents
          : await loadSeasonEvents(readFresh, season.id);
      const eventId = matchEvent(record, events.events)?.id ?? null;
      const detail = eventId === null ? undefined : await eventDetail(read, eventId);
      stale ||= events.stale || performances.stale || groups.stale || (detail?.stale ?? false);
      const performing = new Map(
        performances.data.map((p) => [
          `${p.OrgGroupIdentifier}\u0000${p.GroupName}`,
          { name: p.GroupName, orgGroupIdentifier: p.OrgGroupIdentifier },
        ]),
      );
      const competition = detail?.data.competitions.find(
        (candidate) => candidate.guid.toLowerCase() === guid.toLowerCase(),
      );
      return {
        summary: {
          competition: {
            guid: record.CompetitionGuid,
            name: record.CompetitionName,
            date: record.Date,
            chiefJudge: record.ChiefJudge,
            groupTypeId: record.GroupTypeID,
            scoresReleased: record.ScoresReleased,
            categoryRecapReleased: record.CategoryRecapReleased,
            recapReleased: record.RecapReleased,
            id: competition?.id ?? null,
            scheduleUrl: competition?.standardScheduleUrl ?? null,
          },
          event: { guid: record.EventGuid, name: record.EventName, location: record.Location, id: eventId },
          season: { id: season.id, name: season.name },
          groups: [...performing.values()].map((group) => ({
            ...group,
            location: listedGroup(groups.data, group)?.location ?? null,
          })),
        },
        stale,
      };
    }
    throw new ViewProblem(404, 'not_found', `There is no competition ${guid}.`);
  };
}

export type CompetitionLookup = ReturnType<typeof createCompetitionLookup>;

/** The event's detail, or undefined when the upstream does not know the event (the summary then goes without). */
async function eventDetail(read: UpstreamRead, eventId: number) {
  try {
    return await readJson(read, `/events/${eventId}`, '', EventDetail);
  } catch (error) {
    if (error instanceof ViewProblem && error.upstreamStatus === 404) return undefined;
    throw error;
  }
}

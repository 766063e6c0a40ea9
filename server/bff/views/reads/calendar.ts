/**
 * A season's calendar from two kinds of read, not one read per event: v2's competition listing of the season year
 * (dates, names, event guid and name, released flags; with and without practice events, which tells practice
 * apart) and the season's event list (ids and event types, no dates), matched to the listing by event name and
 * location, since list items carry no guid.
 */
import { calendarEntries } from '../compute/calendar-entries.js';
import { CompetitionRecords, EventList, type HostedCompetition, type HostedEventListItem } from '../hosted-shapes.js';
import { COMPETITIONS_V2, listingSearch, readAllPages, readJson, type UpstreamRead } from './upstream-reads.js';
import type { CalendarEntryView, SeasonView } from '../view-schemas.js';

export interface SeasonListing {
  /** the season's competitions, practice included, by date (on one date, in the upstream's order) */
  competitions: HostedCompetition[];
  /** guids of the competitions v2 lists without practice events */
  nonPractice: Set<string>;
  etags: string[];
  stale: boolean;
}

/** v2's listing of the season: its year's competitions, only those filed under this season's name. */
export async function loadSeasonListing(read: UpstreamRead, season: SeasonView): Promise<SeasonListing> {
  if (season.year === null) return { competitions: [], nonPractice: new Set(), etags: [], stale: false };
  const [all, nonPractice] = await Promise.all([
    readJson(read, COMPETITIONS_V2, listingSearch(season.year, true), CompetitionRecords),
    readJson(read, COMPETITIONS_V2, listingSearch(season.year, false), CompetitionRecords),
  ]);
  const own = (records: HostedCompetition[]) => records.filter((record) => record.SeasonName === season.name);
  return {
    competitions: own(all.data).sort((a, b) => a.Date.localeCompare(b.Date)),
    nonPractice: new Set(own(nonPractice.data).map((record) => record.CompetitionGuid)),
    etags: [all.etag, nonPractice.etag],
    stale: all.stale || nonPractice.stale,
  };
}

/** Every event of the season. */
export async function loadSeasonEvents(
  read: UpstreamRead,
  seasonId: number,
): Promise<{ events: HostedEventListItem[]; stale: boolean }> {
  const { data, stale } = await readAllPages(read, '/v3/events', `?seasonId=${seasonId}`, EventList);
  return { events: data, stale };
}

export async function loadCalendar(
  read: UpstreamRead,
  season: SeasonView,
): Promise<{ entries: CalendarEntryView[]; stale: boolean }> {
  const [listing, events] = await Promise.all([loadSeasonListing(read, season), loadSeasonEvents(read, season.id)]);
  return { entries: calendarEntries(listing, events.events), stale: listing.stale || events.stale };
}

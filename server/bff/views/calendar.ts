/**
 * A season's calendar from two kinds of read, not one read per event: v2's competition listing of the season year
 * (dates, names, event guid and name, released flags; with and without practice events, which tells practice
 * apart) and the season's event list (ids and event types, no dates), matched to the listing by event name and
 * location, since list items carry no guid.
 */
import { CompetitionRecords, EventList, type HostedCompetition, type HostedEventListItem } from './hosted-shapes.js';
import { COMPETITIONS_V2, listingSearch, readAllPages, readJson, type UpstreamRead } from './upstream-reads.js';
import type { CalendarEntryView, SeasonView } from './view-schemas.js';

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

/** The list items that may be a listing's event: those of its name, and among several, those at its location. */
function candidateEvents(
  record: Pick<HostedCompetition, 'EventName' | 'Location'>,
  events: readonly HostedEventListItem[],
): HostedEventListItem[] {
  const named = events.filter((event) => event.name === record.EventName);
  if (named.length <= 1) return named;
  const placed = named.filter((event) => event.location === record.Location);
  return placed.length > 0 ? placed : named;
}

/** The list item of a listing's event: the one of that name (and, among several, that location), if any. */
export function matchEvent(
  record: Pick<HostedCompetition, 'EventName' | 'Location'>,
  events: readonly HostedEventListItem[],
): HostedEventListItem | undefined {
  const candidates = candidateEvents(record, events);
  return candidates.length === 1 ? candidates[0] : undefined;
}

/**
 * What the event list says of a listing's event: its id when one event matches; when several do (an archive files
 * a circuit's show once per recap page, under one name and place), the event type they all share.
 */
function eventFacts(
  record: HostedCompetition,
  events: readonly HostedEventListItem[],
): Pick<CalendarEntryView['event'], 'id' | 'eventTypeId' | 'eventType'> {
  const candidates = candidateEvents(record, events);
  const [first] = candidates;
  if (!first || candidates.some((event) => event.eventTypeId !== first.eventTypeId))
    return { id: null, eventTypeId: null, eventType: null };
  return { id: candidates.length === 1 ? first.id : null, eventTypeId: first.eventTypeId, eventType: first.eventType };
}

/** By date, and on one date by event and competition name: a busy Saturday of an archive holds some seventy shows. */
function calendarEntries(listing: SeasonListing, events: readonly HostedEventListItem[]): CalendarEntryView[] {
  const byDate = [...listing.competitions].sort(
    (a, b) =>
      a.Date.localeCompare(b.Date) ||
      a.EventName.localeCompare(b.EventName) ||
      a.CompetitionName.localeCompare(b.CompetitionName),
  );
  return byDate.map((record) => {
    const event = eventFacts(record, events);
    return {
      competition: {
        guid: record.CompetitionGuid,
        name: record.CompetitionName,
        date: record.Date,
        groupTypeId: record.GroupTypeID,
        scoresReleased: record.ScoresReleased,
        categoryRecapReleased: record.CategoryRecapReleased,
        recapReleased: record.RecapReleased,
      },
      event: {
        guid: record.EventGuid,
        name: record.EventName,
        location: record.Location,
        ...event,
        practice: !listing.nonPractice.has(record.CompetitionGuid),
      },
    };
  });
}

export async function loadCalendar(
  read: UpstreamRead,
  season: SeasonView,
): Promise<{ entries: CalendarEntryView[]; stale: boolean }> {
  const [listing, events] = await Promise.all([loadSeasonListing(read, season), loadSeasonEvents(read, season.id)]);
  return { entries: calendarEntries(listing, events.events), stale: listing.stale || events.stale };
}

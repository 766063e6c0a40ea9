/**
 * A season's calendar entries from its v2 listing and its event list (reads/calendar.ts reads both): each listed
 * competition matched to its event by name and location, since list items carry no guid.
 */
import type { HostedCompetition, HostedEventListItem } from '../hosted-shapes.js';
import type { CalendarEntryView } from '../view-schemas.js';

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
export function calendarEntries(
  listing: { competitions: readonly HostedCompetition[]; nonPractice: ReadonlySet<string> },
  events: readonly HostedEventListItem[],
): CalendarEntryView[] {
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

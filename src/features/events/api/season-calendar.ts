import { useSuspenseQueries, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { Competition, EventListItem } from '../../../lib/api-models';
import { eventQueryOptions } from './get-event';
import { eventsQueryOptions } from './get-events';

/**
 * A season's competitions with their dates. The v4 event list carries no dates, so the calendar joins the list
 * with each event's detail (cached per event, so the event page then opens at once). See ADR 005.
 */
export interface CalendarEntry {
  event: EventListItem;
  competition: Competition;
}

export async function loadSeasonCalendar(queryClient: QueryClient, seasonId: number): Promise<void> {
  const { body } = await queryClient.ensureQueryData(eventsQueryOptions({ seasonId }));
  await Promise.all(body.data.map((event) => queryClient.ensureQueryData(eventQueryOptions(event.id))));
}

export function useSeasonCalendar(seasonId: number): { entries: CalendarEntry[]; events: EventListItem[]; stale: boolean } {
  const list = useSuspenseQuery(eventsQueryOptions({ seasonId }));
  const events = list.data.body.data;
  const details = useSuspenseQueries({ queries: events.map((event) => eventQueryOptions(event.id)) });
  const entries = events
    .flatMap((event, index) => details[index].data.body.competitions.map((competition) => ({ event, competition })))
    .sort((a, b) => a.competition.date.localeCompare(b.competition.date) || a.competition.id - b.competition.id);
  const stale = list.data.stale || details.some((detail) => detail.data.stale);
  return { entries, events, stale };
}

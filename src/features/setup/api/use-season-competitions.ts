import { useQueries, useQuery } from '@tanstack/react-query';
import { setupEventQueryOptions } from './get-event';
import { seasonEventsQueryOptions } from './get-season-events';

export interface SeasonCompetition {
  id: number;
  name: string;
  date: string;
}

/**
 * A season's competitions but one (`except`), by date: the draw's score rules may rank by a named one. Read only
 * when `enabled` (the page asks once that source is chosen): the season's events, then each event's competitions.
 */
export function useSeasonCompetitions(seasonId: number, except: number, enabled: boolean) {
  const events = useQuery({ ...seasonEventsQueryOptions(seasonId), enabled });
  const details = useQueries({
    queries: (events.data?.body.data ?? []).map((event) => ({ ...setupEventQueryOptions(event.id), enabled })),
  });
  const competitions: SeasonCompetition[] = details
    .flatMap((detail) => detail.data?.body.competitions ?? [])
    .filter((competition) => competition.id !== except)
    .map((competition) => ({ id: competition.id, name: competition.name, date: competition.date }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
  return {
    competitions,
    pending: enabled && (events.isPending || details.some((detail) => detail.isPending)),
    failed: events.isError || details.some((detail) => detail.isError),
  };
}

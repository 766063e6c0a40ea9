/**
 * The events page's reads and writes (issue 27, set-up): a season's events, each with its competitions, and a
 * competition's rounds and chief judge; created and updated through the BFF with the user's session. The reads go
 * through the BFF as the signed-in user's, so the page reads back at once what it has just written.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getAsUser, postAsUser } from '../../../lib/api-user';
import type { components } from '../../../lib/api-types';
import { manageKeys } from '../../manage/api/keys';

export type CreateEvent = components['schemas']['CreateEvent'];
export type UpdateEvent = components['schemas']['UpdateEvent'];
export type CreateCompetition = components['schemas']['CreateCompetition'];
export type UpdateCompetition = components['schemas']['UpdateCompetition'];
export type EventListItem = components['schemas']['EventListItem'];

export const eventsKeys = {
  all: [...manageKeys.all, 'setup-events'] as const,
  seasons: () => [...eventsKeys.all, 'seasons'] as const,
  season: (seasonId: number) => [...eventsKeys.all, 'season', seasonId] as const,
  event: (eventId: number) => [...eventsKeys.all, 'event', eventId] as const,
  competition: (competitionId: number) => [...eventsKeys.all, 'competition', competitionId] as const,
};

/** The API's event types and group types, as its document lists them (CreateEvent, CreateCompetition). */
export const EVENT_TYPES = [
  { id: 1, name: 'Regular Season' },
  { id: 2, name: 'Championship' },
  { id: 3, name: 'Practice' },
  { id: 4, name: 'Clinic' },
  { id: 5, name: 'Regional' },
] as const;
export const GROUP_TYPES = [
  { id: 1, name: 'Color Guard' },
  { id: 2, name: 'Percussion' },
  { id: 3, name: 'Winds' },
  { id: 4, name: 'Marching Band' },
  { id: 5, name: 'Drum Corps' },
] as const;

/** Every season of the organization, the latest seasons included (the fans' cached list may not have them yet). */
export const setupSeasonsQueryOptions = () =>
  queryOptions({
    queryKey: eventsKeys.seasons(),
    queryFn: ({ signal }) => getAsUser('/seasons/', { signal }),
  });

export const seasonEventsQueryOptions = (seasonId: number) =>
  queryOptions({
    queryKey: eventsKeys.season(seasonId),
    queryFn: ({ signal }) => getAsUser('/events/', { query: { seasonId }, signal }),
  });

/** An event with its competitions (id, guid, name, date). */
export const setupEventQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: eventsKeys.event(eventId),
    queryFn: ({ signal }) => getAsUser('/events/{eventId}', { path: { eventId }, signal }),
  });

/** A competition's rounds and chief judge: its scores' read names them (its released sections are not needed here). */
export const competitionRoundsQueryOptions = (competitionId: number) =>
  queryOptions({
    queryKey: eventsKeys.competition(competitionId),
    queryFn: ({ signal }) => getAsUser('/competitions/{competitionId}/scores', { path: { competitionId }, signal }),
  });

export const createEvent = (body: CreateEvent) => postAsUser('/events/', { body });

export const updateEvent = (eventId: number, body: UpdateEvent) =>
  postAsUser('/events/{eventId}', { path: { eventId }, body });

export const createCompetition = (eventId: number, body: CreateCompetition) =>
  postAsUser('/events/{eventId}/competitions', { path: { eventId }, body });

export const updateCompetition = (competitionId: number, body: UpdateCompetition) =>
  postAsUser('/competitions/{competitionId}', { path: { competitionId }, body });

/** After a write the page reads its events again (and the fans' views of them refresh on their own schedule). */
export const refreshEvents = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: eventsKeys.all });

import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { EventListItem, ListOf } from '../../../lib/api-models';
import { eventKeys, type EventListFilters } from './keys';

/** A season holds a few dozen events: one page of 500 (the API's maximum) holds them all. */
const SEASON_PAGE = 500;

export const getEvents = ({ seasonId }: EventListFilters, { signal }: { signal?: AbortSignal } = {}) =>
  apiGet<ListOf<EventListItem>>('/events/', { query: { seasonId, limit: SEASON_PAGE }, signal });

export const eventsQueryOptions = (filters: EventListFilters) =>
  queryOptions({
    queryKey: eventKeys.list(filters),
    queryFn: ({ signal }) => getEvents(filters, { signal }),
  });

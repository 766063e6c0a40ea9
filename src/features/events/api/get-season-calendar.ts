import { queryOptions } from '@tanstack/react-query';
import { getView } from '../../../lib/api-client';
import { eventKeys } from './keys';

/**
 * A season's competitions by date, with their events: one read (the BFF builds it from v2's listing and the event
 * list, docs/decisions/012), not one per event.
 */
export const getSeasonCalendar = (seasonId: number, { signal }: { signal?: AbortSignal } = {}) =>
  getView('/seasons/{seasonId}/calendar', { path: { seasonId }, signal });

export const seasonCalendarQueryOptions = (seasonId: number) =>
  queryOptions({
    queryKey: eventKeys.calendar(seasonId),
    queryFn: ({ signal }) => getSeasonCalendar(seasonId, { signal }),
  });

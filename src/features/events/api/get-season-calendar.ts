import { queryOptions } from '@tanstack/react-query';
import { getView, viewUrl } from '../../../lib/api/fans';
import { eventKeys } from './keys';

/** Where getSeasonCalendar reads: the query's `meta.url`, a page's preload hint (src/app/page-reads.ts). */
export const seasonCalendarUrl = (seasonId: number) => viewUrl('/seasons/{seasonId}/calendar', { path: { seasonId } });

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
    meta: { url: seasonCalendarUrl(seasonId) },
  });

import { queryOptions } from '@tanstack/react-query';
import { getAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { setupKeys } from './keys';

export type EventListItem = components['schemas']['EventListItem'];

/**
 * A season's events, as the signed-in user reads them through the BFF: the page reads back at once what it has just
 * written.
 */
export const seasonEventsQueryOptions = (seasonId: number) =>
  queryOptions({
    queryKey: setupKeys.seasonEvents(seasonId),
    queryFn: ({ signal }) => getAsUser('/events/', { query: { seasonId }, signal }),
  });

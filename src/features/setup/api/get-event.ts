import { queryOptions } from '@tanstack/react-query';
import { getAsUser } from '../../../lib/api/signed-in';
import { setupKeys } from './keys';

/** An event with its competitions (id, guid, name, date). */
export const setupEventQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: setupKeys.event(eventId),
    queryFn: ({ signal }) => getAsUser('/events/{eventId}', { path: { eventId }, signal }),
  });

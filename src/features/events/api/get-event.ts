import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Event } from '../../../lib/api-models';
import { eventKeys } from './keys';

export const getEvent = (eventId: number, { signal }: { signal?: AbortSignal } = {}) =>
  apiGet<Event>(`/events/${eventId}`, { signal });

export const eventQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: eventKeys.detail(eventId),
    queryFn: ({ signal }) => getEvent(eventId, { signal }),
  });

import { queryOptions } from '@tanstack/react-query';
import { getUpstream } from '../../../lib/api/fans';
import { eventKeys } from './keys';

export const getEvent = (eventId: number, { signal }: { signal?: AbortSignal } = {}) =>
  getUpstream('/events/{eventId}', { path: { eventId }, signal });

export const eventQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: eventKeys.detail(eventId),
    queryFn: ({ signal }) => getEvent(eventId, { signal }),
  });

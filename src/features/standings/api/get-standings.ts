import { queryOptions } from '@tanstack/react-query';
import { getView } from '../../../lib/api-client';
import { standingsKeys } from './keys';

export const getStandings = (seasonId: number, { signal }: { signal?: AbortSignal } = {}) =>
  getView('/seasons/{seasonId}/standings', { path: { seasonId }, signal });

export const standingsQueryOptions = (seasonId: number) =>
  queryOptions({
    queryKey: standingsKeys.list(seasonId),
    queryFn: ({ signal }) => getStandings(seasonId, { signal }),
  });

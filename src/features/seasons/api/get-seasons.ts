import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { ListOf, Season } from '../../../lib/api-models';
import { seasonKeys } from './keys';

export const getSeasons = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiGet<ListOf<Season>>('/seasons/', { signal });

export const seasonsQueryOptions = () =>
  queryOptions({
    queryKey: seasonKeys.list(),
    queryFn: ({ signal }) => getSeasons({ signal }),
    // Seasons change once a year.
    staleTime: 60 * 60_000,
  });

/** The season marked current, else the latest one. */
export function currentSeason(seasons: Season[]): Season | undefined {
  return seasons.find((season) => season.current) ?? [...seasons].sort((a, b) => b.year - a.year)[0];
}

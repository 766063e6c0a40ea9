import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { DivisionStandings, ListOf } from '../../../lib/api-models';
import { standingsKeys, type StandingsFilters } from './keys';

export const getStandings = (filters: StandingsFilters, { signal }: { signal?: AbortSignal } = {}) =>
  apiGet<ListOf<DivisionStandings>>('/standings/', { query: { ...filters }, signal });

export const standingsQueryOptions = (filters: StandingsFilters) =>
  queryOptions({
    queryKey: standingsKeys.list(filters),
    queryFn: ({ signal }) => getStandings(filters, { signal }),
  });

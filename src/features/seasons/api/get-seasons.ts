import { queryOptions } from '@tanstack/react-query';
import { getView, viewUrl } from '../../../lib/api/fans';
import type { Season } from '../../../lib/api-models';
import { seasonKeys } from './keys';

/** Where getSeasons reads: the query's `meta.url`, a page's preload hint (src/app/page-reads.ts). */
export const seasonsUrl = () => viewUrl('/seasons');

export const getSeasons = ({ signal }: { signal?: AbortSignal } = {}) => getView('/seasons', { signal });

export const seasonsQueryOptions = () =>
  queryOptions({
    queryKey: seasonKeys.list(),
    queryFn: ({ signal }) => getSeasons({ signal }),
    meta: { url: seasonsUrl() },
    // The seasons change rarely, but the circuit may choose another current season on any day (decision 123).
    staleTime: 5 * 60_000,
  });

/** The season the BFF marks current (our API's mark; on the hosted service the greatest name v2 confirms), else the newest. */
export function currentSeason(seasons: Season[]): Season | undefined {
  return seasons.find((season) => season.current) ?? seasons[0];
}

import { queryOptions } from '@tanstack/react-query';
import { getView, viewUrl } from '../../../lib/api/fans';
import { standingsKeys } from './keys';

/** Where getStandings reads: the query's `meta.url`, a page's preload hint (src/app/page-reads.ts). */
export const standingsUrl = (seasonId: number) => viewUrl('/seasons/{seasonId}/standings', { path: { seasonId } });

export const getStandings = (seasonId: number, { signal }: { signal?: AbortSignal } = {}) =>
  getView('/seasons/{seasonId}/standings', { path: { seasonId }, signal });

export const standingsQueryOptions = (seasonId: number) =>
  queryOptions({
    queryKey: standingsKeys.list(seasonId),
    queryFn: ({ signal }) => getStandings(seasonId, { signal }),
    meta: { url: standingsUrl(seasonId) },
  });

import { queryOptions } from '@tanstack/react-query';
import { getView, viewUrl } from '../../../lib/api/fans';
import { seasonKeys } from './keys';

/** Where getSeasonJudges reads: the query's `meta.url`, a page's preload hint (src/app/page-reads.ts). */
export const seasonJudgesUrl = (seasonId: number) => viewUrl('/seasons/{seasonId}/judges', { path: { seasonId } });

/** A season's judges with the competitions and captions each judged: one read (the BFF's view). */
export const getSeasonJudges = (seasonId: number, { signal }: { signal?: AbortSignal } = {}) =>
  getView('/seasons/{seasonId}/judges', { path: { seasonId }, signal });

export const seasonJudgesQueryOptions = (seasonId: number) =>
  queryOptions({
    queryKey: seasonKeys.judges(seasonId),
    queryFn: ({ signal }) => getSeasonJudges(seasonId, { signal }),
    meta: { url: seasonJudgesUrl(seasonId) },
  });

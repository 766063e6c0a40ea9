import { queryOptions } from '@tanstack/react-query';
import { getView } from '../../../lib/api/fans';
import { judgeKeys } from './keys';

/** Every caption a judge scored in a season, derived by the BFF from the season's v2 records. */
export const getJudgeSeason = (judgeName: string, seasonId: number, { signal }: { signal?: AbortSignal } = {}) =>
  getView('/seasons/{seasonId}/judge', { path: { seasonId }, query: { name: judgeName }, signal });

export const judgeSeasonQueryOptions = (judgeName: string, seasonId: number) =>
  queryOptions({
    queryKey: judgeKeys.season(judgeName, seasonId),
    queryFn: ({ signal }) => getJudgeSeason(judgeName, seasonId, { signal }),
  });

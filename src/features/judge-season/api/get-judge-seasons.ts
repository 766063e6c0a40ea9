import { queryOptions } from '@tanstack/react-query';
import { getView } from '../../../lib/api/fans';
import { judgeKeys } from './keys';

/** The seasons a judge judged, newest first (the BFF's view: our API's extension, or the newest seasons' v2 records). */
export const getJudgeSeasons = (judgeName: string, { signal }: { signal?: AbortSignal } = {}) =>
  getView('/judge-seasons', { query: { name: judgeName }, signal });

export const judgeSeasonsQueryOptions = (judgeName: string) =>
  queryOptions({
    queryKey: judgeKeys.judged(judgeName),
    queryFn: ({ signal }) => getJudgeSeasons(judgeName, { signal }),
  });

import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { CompetitionScores } from '../../../lib/api-models';
import { isToday } from '../../../lib/dates';
import { LIVE_REFETCH_MS } from '../../../lib/react-query';
import { competitionKeys } from './keys';

export const getCompetitionScores = (competitionId: number, { signal }: { signal?: AbortSignal } = {}) =>
  apiGet<CompetitionScores>(`/competitions/${competitionId}/scores`, { signal });

export const competitionScoresQueryOptions = (competitionId: number) =>
  queryOptions({
    queryKey: competitionKeys.scores(competitionId),
    queryFn: ({ signal }) => getCompetitionScores(competitionId, { signal }),
    // A competition on today's date is live: rounds are released as the show goes on.
    refetchInterval: (query) => {
      const date = query.state.data?.body.competition.date;
      return date !== undefined && isToday(date) ? LIVE_REFETCH_MS : false;
    },
    refetchIntervalInBackground: false,
  });

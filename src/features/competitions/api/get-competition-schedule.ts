import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Schedule } from '../../../lib/api-models';
import { isToday } from '../../../lib/dates';
import { LIVE_REFETCH_MS } from '../../../lib/react-query';
import { competitionKeys } from './keys';

export const getCompetitionSchedule = (competitionId: number, { signal }: { signal?: AbortSignal } = {}) =>
  apiGet<Schedule>(`/competitions/${competitionId}/schedule`, { signal });

export const competitionScheduleQueryOptions = (competitionId: number) =>
  queryOptions({
    queryKey: competitionKeys.schedule(competitionId),
    queryFn: ({ signal }) => getCompetitionSchedule(competitionId, { signal }),
    // On show day, times shift as the day runs late.
    refetchInterval: (query) => {
      const date = query.state.data?.body.competition.date;
      return date !== undefined && isToday(date) ? LIVE_REFETCH_MS * 4 : false;
    },
  });

import { queryOptions } from '@tanstack/react-query';
import { getUpstream } from '../../../lib/api/fans';
import { isApiError, type ApiResult } from '../../../lib/api/core';
import type { Schedule } from '../../../lib/api-models';
import { competitionKeys } from './keys';

/**
 * The competition's schedule as JSON where the upstream serves it (our API), else null: the hosted service publishes
 * schedules as pages, and the schedule page then links to that page. An outage is still an error.
 */
export async function getCompetitionSchedule(
  competitionId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApiResult<Schedule | null>> {
  try {
    return await getUpstream('/competitions/{competitionId}/schedule', { path: { competitionId }, signal });
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400 || error.code === 'upstream_bad_response'))
      return { body: null, stale: false };
    throw error;
  }
}

export const competitionScheduleQueryOptions = (competitionGuid: string, competitionId: number) =>
  queryOptions({
    queryKey: competitionKeys.schedule(competitionGuid, competitionId),
    queryFn: ({ signal }) => getCompetitionSchedule(competitionId, { signal }),
  });

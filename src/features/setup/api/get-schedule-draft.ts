import { queryOptions } from '@tanstack/react-query';
import { getAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { setupKeys } from './keys';

export type ScheduleDraft = components['schemas']['ScheduleDraft'];
export type ScheduleVersion = components['schemas']['ScheduleVersion'];

/** A competition's schedule draft with its computed times and conflicts (decision 138). */
export const scheduleDraftQueryOptions = (competitionId: number) =>
  queryOptions({
    queryKey: setupKeys.scheduleDraft(competitionId),
    queryFn: ({ signal }) =>
      getAsUser('/competitions/{competitionId}/schedule/draft', { path: { competitionId }, signal }),
  });

/** A competition's published schedule versions, oldest first, each with what moved. */
export const scheduleVersionsQueryOptions = (competitionId: number) =>
  queryOptions({
    queryKey: setupKeys.scheduleVersions(competitionId),
    queryFn: ({ signal }) =>
      getAsUser('/competitions/{competitionId}/schedule/versions', { path: { competitionId }, signal }),
  });

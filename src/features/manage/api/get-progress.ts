import { queryOptions } from '@tanstack/react-query';
import { getAsUser, type UserResult } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { manageKeys } from './keys';

export type Progress = components['schemas']['Progress'];
export type SectionProgress = components['schemas']['SectionProgress'];

/** Per division and round, per caption: entered, submitted, missing; penalties, sign-off, released. */
export const progressQueryOptions = (competitionId: number) =>
  queryOptions({
    queryKey: manageKeys.progress(competitionId),
    queryFn: ({ signal, client, queryKey }) =>
      getAsUser('/competitions/{competitionId}/progress', {
        path: { competitionId },
        signal,
        previous: client.getQueryData<UserResult<Progress>>(queryKey),
      }),
    // Asked again when the console's stream says something changed (use-console-stream.ts), not on a timer.
    staleTime: 0,
  });

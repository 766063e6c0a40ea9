import { queryOptions } from '@tanstack/react-query';
import { getAsUser, type UserResult } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { manageKeys } from './keys';

export type Awards = components['schemas']['Awards'];
export type AwardsSection = components['schemas']['AwardsSection'];

/** Each released division and round's placements as the tabulation ranked them, and the unreleased ones' names. */
export const awardsQueryOptions = (competitionId: number) =>
  queryOptions({
    queryKey: manageKeys.awards(competitionId),
    queryFn: ({ signal, client, queryKey }) =>
      getAsUser('/competitions/{competitionId}/awards', {
        path: { competitionId },
        signal,
        previous: client.getQueryData<UserResult<Awards>>(queryKey),
      }),
    // Asked again when the console's stream says something changed (a release, a correction), not on a timer.
    staleTime: 0,
  });

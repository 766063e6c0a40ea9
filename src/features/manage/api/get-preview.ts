import { queryOptions } from '@tanstack/react-query';
import { getAsUser, type UserResult } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { manageKeys } from './keys';

export type PreviewScores = components['schemas']['CompetitionScores'];
export type PreviewSection = components['schemas']['DivisionRoundScores'];

/** Every division and round, released or not, as the recap will publish it (`?preview=true`). */
export const previewQueryOptions = (competitionId: number) =>
  queryOptions({
    queryKey: manageKeys.preview(competitionId),
    queryFn: ({ signal, client, queryKey }) =>
      getAsUser('/competitions/{competitionId}/scores', {
        path: { competitionId },
        query: { preview: true },
        signal,
        previous: client.getQueryData<UserResult<PreviewScores>>(queryKey),
      }),
    // Asked again when the console's stream says something changed (use-console-stream.ts), not on a timer.
    staleTime: 0,
  });

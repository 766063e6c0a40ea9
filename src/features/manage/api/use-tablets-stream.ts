import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { env } from '../../../config/env';
import { useChangeStream, type StreamState } from '../../../lib/signed-in/change-stream';
import { manageKeys } from './keys';

/**
 * The tablets' push (decision 130): the BFF's signed-in stream of a competition's tablet status
 * (`/api/bff/manage/competitions/{id}/tablets`). Each `change` (a report arrived, a tablet fell silent), and each
 * (re)connect, asks the page's read of the tablets again, with the user's own token.
 */
export const tabletsStreamUrl = (competitionId: number) =>
  `${env.apiBase}/bff/manage/competitions/${competitionId}/tablets`;

export function useTabletsStream(competitionId: number | null): StreamState {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    if (competitionId !== null) void queryClient.invalidateQueries({ queryKey: manageKeys.tablets(competitionId) });
  }, [competitionId, queryClient]);
  return useChangeStream(competitionId === null ? null : tabletsStreamUrl(competitionId), refresh);
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { env } from '../../../config/env';
import { useChangeStream, type StreamState } from '../../../lib/signed-in/change-stream';
import { manageKeys } from './keys';

/**
 * The console's push (decision 101): the BFF's signed-in stream of the competition's changes
 * (`/api/bff/manage/competitions/{id}/changes`). Each `change`, and each (re)connect, asks the console's reads again
 * (progress, preview, audit: ETags make an unchanged one a 304). While no stream is open the console asks every
 * CONSOLE_FALLBACK_POLL_MS instead.
 */
export type { StreamState };

export const consoleStreamUrl = (competitionId: number) =>
  `${env.apiBase}/bff/manage/competitions/${competitionId}/changes`;

export function useConsoleStream(competitionId: number | null): StreamState {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    if (competitionId !== null) void queryClient.invalidateQueries({ queryKey: manageKeys.competition(competitionId) });
  }, [competitionId, queryClient]);
  return useChangeStream(competitionId === null ? null : consoleStreamUrl(competitionId), refresh);
}

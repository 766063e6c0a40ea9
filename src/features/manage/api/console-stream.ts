import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { env } from '../../../config/env';
import { manageKeys } from './keys';

/**
 * The console's push (decision 101): the BFF's signed-in stream of the competition's changes
 * (`/api/bff/manage/competitions/{id}/changes`). Each `change`, and each (re)connect, asks the console's reads again
 * (progress, preview, audit: ETags make an unchanged one a 304). EventSource reconnects on its own after a dropped
 * stream; after a refusal (401, 403, 503...) or an `end` it does not, so this tries again itself, 2 s then twice as
 * long up to 30 s. While no stream is open the console asks every CONSOLE_FALLBACK_POLL_MS instead.
 */
export type StreamState = 'connecting' | 'live' | 'reconnecting' | 'unsupported';

const FIRST_RETRY_MS = 2_000;
const LAST_RETRY_MS = 30_000;

export const consoleStreamUrl = (competitionId: number) =>
  `${env.apiBase}/bff/manage/competitions/${competitionId}/changes`;

export function useConsoleStream(competitionId: number | null): StreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>(() =>
    typeof EventSource === 'undefined' ? 'unsupported' : 'connecting',
  );
  useEffect(() => {
    if (competitionId === null || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retry: number | undefined;
    let delay = FIRST_RETRY_MS;
    let stopped = false;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: manageKeys.competition(competitionId) });
    const reopenLater = () => {
      source?.close();
      setState('reconnecting');
      if (stopped || retry !== undefined) return;
      retry = window.setTimeout(() => {
        retry = undefined;
        open();
      }, delay);
      delay = Math.min(delay * 2, LAST_RETRY_MS);
    };
    const open = () => {
      if (stopped) return;
      source = new EventSource(consoleStreamUrl(competitionId));
      source.addEventListener('ready', () => {
        delay = FIRST_RETRY_MS;
        setState('live');
        // what changed while no stream was open
        refresh();
      });
      source.addEventListener('change', refresh);
      // The server ended it (the session ended, the role changed, the server is closing): the reads say which.
      source.addEventListener('end', () => {
        refresh();
        reopenLater();
      });
      source.addEventListener('error', () => {
        if (source?.readyState === EventSource.CLOSED) reopenLater();
        else setState('reconnecting');
      });
    };
    open();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      source?.close();
    };
  }, [competitionId, queryClient]);
  return state;
}

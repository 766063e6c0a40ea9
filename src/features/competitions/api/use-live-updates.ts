import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { subscribeLive } from '../../../lib/live-stream';
import { useSavedAt } from '../../../lib/offline-copy';
import { competitionKeys } from './keys';

/**
 * While a live competition's page is open, its queries are re-read when the BFF pushes a change. When the stream
 * opens (or reopens) they are re-read once too: a change may have come between the page's reads and the stream,
 * and the re-read sets their polling aside (refetchInterval asks isLivePushed). When it drops they are re-read and
 * poll again until it is back. `pushed`: the stream is open, so the numbers on screen are the BFF's latest.
 */
export function useLiveUpdates(competitionGuid: string, live: boolean): { pushed: boolean } {
  const queryClient = useQueryClient();
  const [pushed, setPushed] = useState(false);
  // A page read from the saved copies is not live: no stream until the network answers again (decision 038).
  const savedAt = useSavedAt();
  const listening = live && savedAt === undefined;
  useEffect(() => {
    if (!listening) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: competitionKeys.detail(competitionGuid) });
    const unsubscribe = subscribeLive(competitionGuid, {
      onChange: refresh,
      onConnected: (connected) => {
        setPushed(connected);
        refresh();
      },
    });
    return () => {
      unsubscribe();
      setPushed(false);
    };
  }, [competitionGuid, listening, queryClient]);
  return { pushed: listening && pushed };
}

import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { subscribeLive } from '../../../lib/live-stream';
import { competitionKeys } from './keys';

/**
 * While a live competition's page is open, its queries are re-read when the BFF pushes a change. When the stream
 * opens (or reopens) they are re-read once too: a change may have come between the page's reads and the stream,
 * and the re-read sets their polling aside (refetchInterval asks isLivePushed). When it drops they are re-read and
 * poll again until it is back.
 */
export function useLiveUpdates(competitionGuid: string, live: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!live) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: competitionKeys.detail(competitionGuid) });
    return subscribeLive(competitionGuid, { onChange: refresh, onConnected: refresh });
  }, [competitionGuid, live, queryClient]);
}

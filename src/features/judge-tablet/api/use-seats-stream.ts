import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { env } from '../../../config/env';
import { useChangeStream, type StreamState } from '../../../lib/signed-in/change-stream';
import { judgeTabletKeys } from './keys';

/**
 * The judge's page pushed (decision 124): the BFF's stream of this judge's own seats' changes
 * (`/api/bff/me/seats/changes`: a tabulator's correction, "did not perform", the running order, a seat given or
 * taken). Each `change`, and each (re)connect after a network cut, reads the session and seats again
 * (get-judge-session.ts), which the device store saves as each sheet's server copy. Open while `listening`: once this
 * page load has seen the judge's session, so a signed-out page asks nothing.
 */
export const seatsStreamUrl = `${env.apiBase}/bff/me/seats/changes`;

export function useSeatsStream(listening: boolean): StreamState {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: judgeTabletKeys.session() }),
    [queryClient],
  );
  return useChangeStream(listening ? seatsStreamUrl : null, refresh);
}

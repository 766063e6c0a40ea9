/**
 * `GET /api/bff/manage/competitions/{competitionId}/tablets`: the tablet status page is told that a competition's
 * tablets' status changed (a report arrived, a tablet fell silent), so it reads `GET /competitions/{id}/tablets`
 * again with its own token (decision 130). A signed-in route (signed-in-route.ts) over the tablets' hub
 * (tablets-hub.ts): 401 without a session, 403/404 as the API refuses the user's own read of the tablets, a
 * malformed id 404.
 */
import type { Context } from 'hono';
import type { SessionState } from '../session/sign-in.js';
import { competitionIdOf, signedInRoute } from './signed-in-route.js';
import type { TabletsHub } from './tablets-hub.js';

export function tabletsRoute(deps: {
  hub: TabletsHub;
  signInAvailable: boolean;
  sessionOf: (c: Context) => Promise<SessionState>;
  heartbeatMs: number;
}) {
  return signedInRoute<number>({
    ...deps,
    keyOf: competitionIdOf,
    signInFor: "Sign in to follow a competition's tablets: their status is for signed-in users.",
    fullCode: 'tablets_stream_full',
  });
}

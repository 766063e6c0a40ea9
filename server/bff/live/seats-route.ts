/**
 * `GET /api/bff/me/seats/changes`: the judge's page is told that its seats changed (a tabulator's correction of one
 * of its entries, a group marked as not performed, the running order, a seat given or taken), so it reads its seats
 * again (decision 124). A signed-in route (signed-in-route.ts) over the seats' hub (seats-hub.ts), for the session's
 * own seats only, read with its own token: 401 without a session, 403 for a user who is not a judge.
 */
import type { Context } from 'hono';
import type { SessionState } from '../session/sign-in.js';
import type { SeatsHub } from './seats-hub.js';
import { signedInRoute } from './signed-in-route.js';

export function seatsRoute(deps: {
  hub: SeatsHub;
  signInAvailable: boolean;
  sessionOf: (c: Context) => Promise<SessionState>;
  heartbeatMs: number;
}) {
  return signedInRoute<string>({
    ...deps,
    keyOf: (_c, session) => session.token,
    signInFor: "Sign in as a judge to follow your seats: a judge's changes are the judge's own.",
    fullCode: 'seats_stream_full',
  });
}

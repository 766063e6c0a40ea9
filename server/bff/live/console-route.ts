/**
 * `GET /api/bff/manage/competitions/{competitionId}/changes`: the tabulator's console is told that its competition
 * changed (a judge's entry, a correction, a penalty, a sign-off, a release), so it reads its progress, preview and
 * audit trail again (decision 101). A signed-in route (signed-in-route.ts) over the consoles' hub (console-hub.ts):
 * 401 without a session, 403/404 as the API refuses the user's progress read, a malformed id 404.
 */
import type { Context } from 'hono';
import type { SessionState } from '../session/sign-in.js';
import type { ConsoleHub } from './console-hub.js';
import { competitionIdOf, signedInRoute } from './signed-in-route.js';

export function consoleRoute(deps: {
  hub: ConsoleHub;
  signInAvailable: boolean;
  sessionOf: (c: Context) => Promise<SessionState>;
  heartbeatMs: number;
}) {
  return signedInRoute<number>({
    ...deps,
    keyOf: competitionIdOf,
    signInFor: 'Sign in to follow a console: its changes are for signed-in users.',
    fullCode: 'console_stream_full',
  });
}

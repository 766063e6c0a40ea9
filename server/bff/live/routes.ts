/**
 * The streams under `/api/bff/`, mounted before the views: their ETag and compression middleware would wait for
 * the end of a stream that never ends. A competition's live stream, a day's (decision 107), a console's changes
 * (decision 101), a judge's seats' (decision 124), a
 * competition's tablets' (decision 130).
 */
import { Hono, type Context } from 'hono';
import type { SignIn } from '../session/sign-in.js';
import { consoleRoute } from './console-route.js';
import { liveDayRoute } from './day-route.js';
import type { Hubs } from './hubs.js';
import { liveRoute } from './live-route.js';
import { seatsRoute } from './seats-route.js';
import { tabletsRoute } from './tablets-route.js';

/** How often an idle live stream carries a comment, well inside common proxies' 60 s idle limits. */
export const LIVE_HEARTBEAT_MS = 15_000;

export function liveRoutes(deps: { hubs: Hubs; signIn: SignIn; heartbeatMs?: number }) {
  const { hubs, signIn } = deps;
  const { live, consoles } = hubs;
  const heartbeatMs = deps.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  const signedIn = { signInAvailable: signIn.available, sessionOf: (c: Context) => signIn.sessionOf(c), heartbeatMs };
  const routes = new Hono();
  routes.get('/competitions/:guid/live', liveRoute(live, heartbeatMs));
  routes.get('/live', liveDayRoute(live, heartbeatMs));
  routes.get('/manage/competitions/:competitionId/changes', consoleRoute({ hub: consoles, ...signedIn }));
  routes.get('/me/seats/changes', seatsRoute({ hub: hubs.seats, ...signedIn }));
  routes.get('/manage/competitions/:competitionId/tablets', tabletsRoute({ hub: hubs.tablets, ...signedIn }));
  return routes;
}

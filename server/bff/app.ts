/**
 * The backend-for-frontend application: what it is built from, then its mounts in the order a request meets them.
 * `/auth` signs people in, `/api/health` reports on the BFF itself, `/api/bff` is its own streams and views, the rest
 * of `/api` the API's operations through it, everything else the built web app. No listening here: tests and
 * server.ts both build it with createBff.
 */
import type { Hono } from 'hono';
import type { BffConfig } from './config.js';
import { createBaseApp, methodNotAccepted } from './http/base-app.js';
import type { BffEnv } from './http/env.js';
import { healthRoute } from './http/health.js';
import { logJsonLine, type LogLine } from './http/log.js';
import { createHubs, type Hubs } from './live/hubs.js';
import { liveRoutes } from './live/routes.js';
import { createPages } from './pages/pages.js';
import { inProcessRead, webRoutes } from './pages/web.js';
import { sameOriginWrites } from './session/csrf.js';
import { createSignIn } from './session/sign-in.js';
import { createUserGateway } from './session/user-gateway.js';
import { apiRoutes, refuseUnsafeApiPaths } from './upstream/api-routes.js';
import type { UpstreamChanges } from './upstream/changes.js';
import type { OrganizationSource } from './upstream/organization.js';
import { createUpstreamReads } from './upstream/reads.js';
import { createUpstreamHttp, type UpstreamHttp } from './upstream/upstream-http.js';
import { createCompetitionLookup } from './views/reads/competition-lookup.js';
import { createViewsRouter, VIEWS_PREFIX } from './views/routes.js';

export interface BffDeps {
  /** the upstream client; by default one built from the config (server.ts passes its own so it can close it) */
  upstream?: UpstreamHttp;
  /** the clock for token expiry and cache freshness */
  now?: () => number;
  log?: (line: LogLine) => void;
  /** how often an open live stream gets a heartbeat comment */
  liveHeartbeatMs?: number;
}

/**
 * The app, the organization it reads (server.ts reports it at start), the pushes' hubs and the upstream's change
 * stream they read on (all closed at shutdown).
 */
export function createBff(
  config: BffConfig,
  deps: BffDeps = {},
): { app: Hono<BffEnv>; organization: OrganizationSource; hubs: Hubs; changes: UpstreamChanges } {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? logJsonLine;
  const http = deps.upstream ?? createUpstreamHttp(config);
  const upstream = createUpstreamReads({ config, http, now, log });
  const signIn = createSignIn({ config, upstream: http, now, log });
  const gateway = createUserGateway({ config, upstream: http, signIn });
  const lookUp = createCompetitionLookup(upstream.readView, upstream.readFresh);
  const views = createViewsRouter({ read: upstream.readView, readFresh: upstream.readFresh, now, lookUp });
  const hubs = createHubs({ config, upstream, lookUp, now, log });
  const pages = createPages({ dir: config.staticDir, read: inProcessRead(() => app), log, signIn: signIn.available });

  const app = createBaseApp(log);
  app.use('*', refuseUnsafeApiPaths);
  // Every write through the BFF, the API's (apiRoutes) and the sign-out, comes from this site's own pages (087).
  app.use('/auth/*', sameOriginWrites(signIn.ownOrigin));
  app.route('/auth', signIn.routes);
  app.get('/api/health', healthRoute({ proxy: upstream.proxy, changes: upstream.changes, ...hubs }));
  app.route(VIEWS_PREFIX, liveRoutes({ hubs, signIn, heartbeatMs: deps.liveHeartbeatMs }));
  app.route(VIEWS_PREFIX, views);
  app.route('/api', apiRoutes({ upstream, signIn, gateway }));
  app.route('/', webRoutes({ staticDir: config.staticDir, pages }));
  app.all('*', methodNotAccepted);
  return { app, organization: upstream.organization, hubs, changes: upstream.changes };
}

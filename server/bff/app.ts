/**
 * The backend-for-frontend application: `/api/*` forwards allowed reads to the Competition Management API with the
 * BFF's own credentials, `/api/health` reports on the BFF itself, everything else is the built web app. No
 * listening here: tests and server.ts both build it with createBff.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { BffConfig } from './config.js';
import {
  ALLOWED_READ_OPERATIONS,
  allowedWriteMethods,
  isAllowedRead,
  isUserRead,
  unsafePathReason,
} from './allow-list.js';
import { crossSiteWriteRefusal } from './csrf.js';
import { createSignIn } from './sign-in.js';
import { forwardAsUser, PRIVATE_HEADERS } from './user-requests.js';
import { clientCredentialsGrant } from './client-credentials.js';
import { logJsonLine, type LogLine } from './log.js';
import {
  createOrganizationSource,
  MISSING_ORGANIZATION_DETAIL,
  takesOrganization,
  withOrganization,
  type OrganizationSource,
} from './organization.js';
import { problemForUpstream, problemJson, problemResponse, PROBLEM_CONTENT_TYPE, type BffProblem } from './problems.js';
import { createReadProxy, type ProxyAnswer, type ReadRequest } from './proxy.js';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from './security-headers.js';
import { createPages } from './pages/pages.js';
import { representations } from './representation.js';
import { builtFileOf, precompressedFile, staticFiles } from './static-files.js';
import { createTokenCycler } from './token-cycler.js';
import { UpstreamError } from './upstream-error.js';
import { createUpstreamHttp, type UpstreamHttp } from './upstream-http.js';
import { createViewsRouter, VIEWS_PREFIX } from './views/routes.js';
import { createCompetitionLookup } from './views/competition-lookup.js';
import { createLiveHub, type LiveHub } from './live/live-hub.js';
import { liveRoute } from './live/live-route.js';
import { liveDayRoute } from './live/day-route.js';
import { createConsoleHub, type ConsoleHub } from './live/console-hub.js';
import { consoleRoute } from './live/console-route.js';

export interface BffDeps {
  /** the upstream client; by default one built from the config (server.ts passes its own so it can close it) */
  upstream?: UpstreamHttp;
  /** the clock for token expiry and cache freshness */
  now?: () => number;
  log?: (line: LogLine) => void;
  /** how often an open live stream gets a heartbeat comment */
  liveHeartbeatMs?: number;
}

/** Bindings are absent when the app is driven through app.request() rather than @hono/node-server. */
export type BffEnv = { Bindings: Partial<HttpBindings> };

export { CONTENT_SECURITY_POLICY };

const securityHeaders: MiddlewareHandler<BffEnv> = async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    // An answer may bring a stricter header of its own (a page with its stylesheet inline: its policy plus that
    // style's hash, security-headers.ts); otherwise it gets the default.
    if (c.res.headers.has(name)) continue;
    c.res.headers.set(name, value);
  }
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** How often an idle live stream carries a comment, well inside common proxies' 60 s idle limits. */
const LIVE_HEARTBEAT_MS = 15_000;

/**
 * The app, the organization it reads (server.ts reports it at start), the live hub and the consoles' hub (both closed
 * at shutdown).
 */
export function createBff(
  config: BffConfig,
  deps: BffDeps = {},
): { app: Hono<BffEnv>; organization: OrganizationSource; live: LiveHub; consoles: ConsoleHub } {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? logJsonLine;
  const upstream = deps.upstream ?? createUpstreamHttp(config);
  const tokens = createTokenCycler(clientCredentialsGrant(upstream, config), now);
  const proxy = createReadProxy({ config, http: upstream, tokens, now, log });
  const organization = createOrganizationSource(config.organization, tokens);
  /** Every upstream read, the browser's and the views': v2's listings always name the organization (organization.ts). */
  const readUpstream = async (request: ReadRequest): Promise<ProxyAnswer> => {
    if (!takesOrganization(request.path)) return proxy.read(request);
    let guid: string | undefined;
    try {
      guid = await organization.guid();
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      return problemAnswer(problemForUpstream(error));
    }
    if (!guid)
      return problemAnswer({ status: 502, code: 'bff_organization_unknown', detail: MISSING_ORGANIZATION_DETAIL });
    return proxy.read({ ...request, search: withOrganization(request.search, guid) });
  };
  const readView = (path: string, search: string) =>
    readUpstream({ path, search, accept: 'application/json', requestId: randomUUID() });
  const readFresh = (path: string, search: string) =>
    readUpstream({ path, search, accept: 'application/json', requestId: randomUUID(), revalidate: true });
  const views = createViewsRouter(readView, now, readFresh);
  const live = createLiveHub({
    readFresh,
    lookUp: createCompetitionLookup(readView, readFresh),
    now,
    intervalMs: config.liveIntervalMs,
    maxCompetitions: config.liveMaxCompetitions,
    maxListeners: config.liveMaxListeners,
    onReadFailure: (guid, error) =>
      log({
        level: 'warn',
        msg: 'live read failed',
        guid,
        detail: error instanceof Error ? error.message : String(error),
      }),
  });
  // The consoles' watcher reads as the signed-in user whose console listens (decision 101), never with the BFF's key.
  const consoles = createConsoleHub({
    readAs: async (token, pathAndQuery) =>
      upstream.request({
        method: 'GET',
        pathAndQuery,
        headers: {
          'user-agent': 'marching-results-bff',
          'x-request-id': randomUUID(),
          accept: 'application/json',
          authorization: `Bearer ${token}`,
        },
      }),
    now,
    intervalMs: config.consoleIntervalMs,
    maxCompetitions: config.liveMaxCompetitions,
    maxListeners: config.liveMaxListeners,
    onReadFailure: (competitionId, error) =>
      log({
        level: 'warn',
        msg: 'console watch read failed',
        competitionId,
        detail: error instanceof Error ? error.message : String(error),
      }),
  });
  // Server rendering reads as the browser does, through this app: the same allow-list, views, cache and token.
  const readInProcess = async (url: string): Promise<Response> => {
    const target = new URL(url, 'http://in-process');
    if (!target.pathname.startsWith('/api/')) return notAnAllowedRead(target.pathname);
    return app.request(`${target.pathname}${target.search}`, { headers: { accept: 'application/json' } });
  };
  const signIn = createSignIn({ config, upstream, now, log });
  const pages = createPages({ dir: config.staticDir, read: readInProcess, log, signIn: signIn.available });
  // The web app: the build's files, else its pages, each answer coded and validated as a representation.
  const web = new Hono<BffEnv>();
  web.use('*', representations({ fileOf: builtFileOf, precompressed: precompressedFile }));
  // A visit of the home page ("/") is a page with its own plan (pages/pages.ts), not the build's index.html as a file.
  web.get('/', async (c, next) =>
    (c.req.header('accept') ?? '').includes('text/html') ? pages.serve(c.req.raw) : next(),
  );
  web.get('*', staticFiles(config.staticDir));
  web.get('/assets/*', (c) => problemResponse({ status: 404, code: 'not_found', detail: `Nothing at ${c.req.path}` }));
  web.get('*', (c) => pages.serve(c.req.raw));

  const app = new Hono<BffEnv>();
  app.use('*', securityHeaders);
  app.onError((error, c) => {
    log({ level: 'error', msg: 'unhandled error', error: error.name, detail: error.message, path: c.req.path });
    return problemResponse({
      status: 500,
      code: 'internal_error',
      detail: 'The server failed to answer this request.',
    });
  });

  // Checked on the raw request target: URL parsing would already have folded "/api/../x" into "/x".
  app.use('*', async (c, next) => {
    const { path } = rawTarget(c);
    if (path === '/api' || path.startsWith('/api/')) {
      const reason = unsafePathReason(path);
      if (reason) return problemResponse({ status: 404, code: 'path_not_allowed', detail: `Refused: ${reason}.` });
    }
    await next();
  });

  // Every write through the BFF, the API's (below) and the sign-out, comes from this site's own pages (decision 087).
  app.use('/auth/*', async (c, next) =>
    SAFE_METHODS.has(c.req.method) ? next() : (crossSiteWriteRefusal(c, signIn.ownOrigin(c)) ?? next()),
  );

  app.route('/auth', signIn.routes);

  app.get('/api/health', () =>
    Response.json(
      {
        status: 'ok',
        cache: { entries: proxy.cachedEntries },
        upstream: { calls: proxy.upstreamCalls },
        live: { competitions: live.watched, listeners: live.listeners },
        consoles: { competitions: consoles.watched, listeners: consoles.listeners },
      },
      { headers: { 'cache-control': 'no-cache' } },
    ),
  );

  // Before the views: their ETag and compression middleware would wait for the end of a stream that never ends.
  app.get(`${VIEWS_PREFIX}/competitions/:guid/live`, liveRoute(live, deps.liveHeartbeatMs ?? LIVE_HEARTBEAT_MS));
  app.get(`${VIEWS_PREFIX}/live`, liveDayRoute(live, deps.liveHeartbeatMs ?? LIVE_HEARTBEAT_MS));
  app.get(
    `${VIEWS_PREFIX}/manage/competitions/:competitionId/changes`,
    consoleRoute({
      hub: consoles,
      signInAvailable: signIn.available,
      sessionOf: (c) => signIn.sessionOf(c),
      heartbeatMs: deps.liveHeartbeatMs ?? LIVE_HEARTBEAT_MS,
    }),
  );
  app.route(VIEWS_PREFIX, views);

  app.all('/api/*', async (c) => {
    const { path: rawPath, search } = rawTarget(c);
    const path = rawPath.slice('/api'.length);
    const method = c.req.method;
    const writeMethods = allowedWriteMethods(path);
    if (method !== 'GET' && method !== 'HEAD' && writeMethods.length > 0) {
      if (!writeMethods.includes(method)) {
        return problemResponse({
          status: 405,
          code: 'method_not_allowed',
          detail: `${method} is not one of the operations on /api${path}: ${writeMethods.join(', ')}.`,
          headers: { allow: [...(isAllowedRead(path) ? ['GET', 'HEAD'] : []), ...writeMethods].join(', ') },
        });
      }
      const crossSite = crossSiteWriteRefusal(c, signIn.ownOrigin(c));
      if (crossSite) return crossSite;
      if (!signIn.available) {
        return problemResponse({
          status: 403,
          code: 'sign_in_unavailable',
          detail:
            'This site shows results only: signing in is not configured here (BFF_SIGNIN_CLIENT_ID), so it forwards no writes.',
        });
      }
      const state = await signIn.sessionOf(c);
      if (state.kind !== 'active') return signInNeeded(state.kind);
      return forwardAsUser({
        c,
        upstream,
        session: state.session,
        method: method as 'POST' | 'PUT' | 'PATCH' | 'DELETE',
        pathAndQuery: `${path}${search}`,
        apiBaseUrl: config.apiBaseUrl,
        requestId: randomUUID(),
        endSession: signIn.endSession,
      });
    }
    if (!isAllowedRead(path)) return notAnAllowedRead(path);
    if (method !== 'GET' && method !== 'HEAD') {
      return problemResponse({
        status: 405,
        code: 'method_not_allowed',
        detail: `The BFF forwards reads only: ${c.req.method} is not accepted on /api${path}; use GET.`,
        headers: { allow: 'GET, HEAD' },
      });
    }
    // A signed-in person's reads: their own (per caller) with their token; the public ones through the shared cache
    // with the read-only key as a fan's, but asked of the API afresh, so a page that has just written reads it back.
    const state = signIn.available ? await signIn.sessionOf(c) : ({ kind: 'none' } as const);
    if (state.kind !== 'none' && isUserRead(path, search)) {
      if (state.kind === 'expired') return signInNeeded('expired');
      return forwardAsUser({
        c,
        upstream,
        session: state.session,
        method: 'GET',
        pathAndQuery: `${path}${search}`,
        apiBaseUrl: config.apiBaseUrl,
        requestId: randomUUID(),
        endSession: signIn.endSession,
      });
    }
    const answer = await readUpstream({
      path,
      search,
      revalidate: state.kind === 'active' || undefined,
      accept: readAccept(c.req.header('accept')),
      acceptEncoding: c.req.header('accept-encoding'),
      ifNoneMatch: c.req.header('if-none-match'),
      requestId: randomUUID(),
    });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  });
  app.all('/api', () => notAnAllowedRead(''));

  /** 401 for a write (or a person's own read) without a live session: the page offers to sign in again. */
  function signInNeeded(kind: 'none' | 'expired'): Response {
    const response = problemResponse(
      kind === 'none'
        ? {
            status: 401,
            code: 'sign_in_required',
            detail: 'Sign in to do this: writes go through a signed-in session.',
            headers: { ...PRIVATE_HEADERS },
          }
        : {
            status: 401,
            code: 'session_expired',
            detail: 'Your sign-in has ended. Sign in again; what you typed on this page is kept.',
            headers: { ...PRIVATE_HEADERS },
          },
    );
    if (kind === 'expired') for (const cookie of signIn.endSession) response.headers.append('set-cookie', cookie);
    return response;
  }

  app.route('/', web);
  app.all('*', (c) =>
    problemResponse({
      status: 405,
      code: 'method_not_allowed',
      detail: `${c.req.method} is not accepted here: the web app is read with GET.`,
      headers: { allow: 'GET, HEAD' },
    }),
  );
  return { app, organization, live, consoles };
}

function problemAnswer(problem: BffProblem): ProxyAnswer {
  return {
    status: problem.status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, 'cache-control': 'no-cache', ...problem.headers },
    body: problemJson(problem),
  };
}

/**
 * The Accept forwarded upstream and keyed in the cache. The BFF relays JSON only, so accepting any type asks for
 * JSON: the page's `<link rel="preload" as="fetch">` (pages/page-html.ts) sends that Accept, and its read must share the
 * cache entry of the app's own `application/json` read.
 */
function readAccept(header: string | undefined): string {
  const accept = header?.trim().toLowerCase();
  return !accept || accept === '*/*' ? 'application/json' : accept;
}

/** The request's path (percent-escapes and dot segments untouched) and query string ("?..." or ""). */
function rawTarget(c: Context<BffEnv>): { path: string; search: string } {
  const incoming = c.env?.incoming?.url;
  let target: string;
  if (incoming !== undefined) {
    target = incoming.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  } else {
    const url = new URL(c.req.url);
    target = `${url.pathname}${url.search}`;
  }
  const query = target.indexOf('?');
  const path = query === -1 ? target : target.slice(0, query);
  const search = query === -1 || query === target.length - 1 ? '' : target.slice(query);
  return { path: path || '/', search };
}

function notAnAllowedRead(path: string): Response {
  const hint = isAllowedRead(`${path}/`) ? ` Did you mean /api${path}/?` : '';
  return problemResponse({
    status: 404,
    code: 'not_an_allowed_read',
    detail:
      `/api${path} is not one of the read operations this server forwards.${hint} ` +
      `Allowed: ${ALLOWED_READ_OPERATIONS.map((operation) => `/api${operation}`).join(', ')}.`,
  });
}

/**
 * `/api/*`: the API's operations through this BFF. Reads on the allow-list go through the shared read proxy with
 * the BFF's key (a signed-in person's public reads asked afresh, so a page that has just written reads it back);
 * a person's own reads and the documented writes go through their session (session/user-gateway.ts). Anything else
 * is refused as problem+json naming what is allowed.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { rawTarget, type BffEnv } from '../http/env.js';
import { problemResponse } from '../http/problems.js';
import type { SignIn } from '../session/sign-in.js';
import type { UserGateway } from '../session/user-gateway.js';
import {
  ALLOWED_READ_OPERATIONS,
  allowedWriteMethods,
  isAllowedRead,
  isAudioRead,
  isUserRead,
  unsafePathReason,
} from './allow-list.js';
import type { UpstreamReads } from './reads.js';

/** Checked on the raw request target, before any mount: URL parsing would already have folded "/api/../x" into "/x". */
export const refuseUnsafeApiPaths: MiddlewareHandler<BffEnv> = async (c, next) => {
  const { path } = rawTarget(c);
  if (path === '/api' || path.startsWith('/api/')) {
    const reason = unsafePathReason(path);
    if (reason) return problemResponse({ status: 404, code: 'path_not_allowed', detail: `Refused: ${reason}.` });
  }
  await next();
};

export function apiRoutes(deps: { upstream: UpstreamReads; signIn: SignIn; gateway: UserGateway }): Hono<BffEnv> {
  const { upstream, signIn, gateway } = deps;
  const api = new Hono<BffEnv>();
  api.all('/*', async (c) => {
    const { path: rawPath, search } = rawTarget(c);
    const path = rawPath.slice('/api'.length);
    const method = c.req.method;
    if ((method === 'GET' || method === 'HEAD') && isAudioRead(path)) return gateway.audio(c, `${path}${search}`);
    const writeMethods = allowedWriteMethods(path);
    if (method !== 'GET' && method !== 'HEAD' && writeMethods.length > 0) {
      return gateway.write(c, { method, path, search, methods: writeMethods, readable: isAllowedRead(path) });
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
    const state = signIn.available ? await signIn.sessionOf(c) : ({ kind: 'none' } as const);
    if (state.kind !== 'none' && isUserRead(path, search)) return gateway.ownRead(c, state, `${path}${search}`);
    const answer = await upstream.read({
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
  api.all('/', () => notAnAllowedRead(''));
  return api;
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

export function notAnAllowedRead(path: string): Response {
  const hint = isAllowedRead(`${path}/`) ? ` Did you mean /api${path}/?` : '';
  return problemResponse({
    status: 404,
    code: 'not_an_allowed_read',
    detail:
      `/api${path} is not one of the read operations this server forwards.${hint} ` +
      `Allowed: ${ALLOWED_READ_OPERATIONS.map((operation) => `/api${operation}`).join(', ')}.`,
  });
}

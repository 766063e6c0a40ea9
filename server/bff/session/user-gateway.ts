/**
 * The signed-in person's way through `/api/`: their writes (the API's documented ones, from this site's own pages
 * only, decision 087) and their own reads, each sent with their token (user-requests.ts). Without a live session the
 * answer is a 401 the page understands: sign in, or sign in again keeping what was typed.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { BffConfig } from '../config.js';
import { problemResponse } from '../http/problems.js';
import type { UpstreamHttp } from '../upstream/upstream-http.js';
import { crossSiteWriteRefusal } from './csrf.js';
import type { Session } from './session.js';
import type { SessionState, SignIn } from './sign-in.js';
import { BYTES_TYPE, forwardAppend, forwardAudio } from './streamed-requests.js';
import { forwardAsUser, PRIVATE_HEADERS } from './user-requests.js';

export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface UserGateway {
  /** a write of `methods` (the operations documented on this path; `readable`: it has a GET too) */
  write(
    c: Context,
    target: { method: string; path: string; search: string; methods: string[]; readable: boolean },
  ): Promise<Response>;
  /** a commentary recording's audio, streamed with Range, for a signed-in person only (decision 090) */
  audio(c: Context, pathAndQuery: string): Promise<Response>;
  /** a read that answers per caller, for a person with a session (active or expired) */
  ownRead(c: Context, state: Exclude<SessionState, { kind: 'none' }>, pathAndQuery: string): Promise<Response>;
}

export function createUserGateway(deps: { config: BffConfig; upstream: UpstreamHttp; signIn: SignIn }): UserGateway {
  const { config, upstream, signIn } = deps;
  const forward = (c: Context, session: Session, method: 'GET' | WriteMethod, pathAndQuery: string) =>
    forwardAsUser({
      c,
      upstream,
      session,
      method,
      pathAndQuery,
      apiBaseUrl: config.apiBaseUrl,
      requestId: randomUUID(),
      endSession: signIn.endSession,
    });

  const streamed = (c: Context, session: Session, pathAndQuery: string) => ({
    c,
    upstream,
    session,
    pathAndQuery,
    requestId: randomUUID(),
    endSession: signIn.endSession,
  });

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

  return {
    async write(c, { method, path, search, methods, readable }) {
      if (!methods.includes(method)) {
        return problemResponse({
          status: 405,
          code: 'method_not_allowed',
          detail: `${method} is not one of the operations on /api${path}: ${methods.join(', ')}.`,
          headers: { allow: [...(readable ? ['GET', 'HEAD'] : []), ...methods].join(', ') },
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
      const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
      if (method === 'PATCH' && type === BYTES_TYPE)
        return forwardAppend(streamed(c, state.session, `${path}${search}`));
      return forward(c, state.session, method as WriteMethod, `${path}${search}`);
    },
    async audio(c, pathAndQuery) {
      const state = signIn.available ? await signIn.sessionOf(c) : ({ kind: 'none' } as const);
      if (state.kind !== 'active') return signInNeeded(state.kind);
      const method = c.req.method === 'HEAD' ? 'HEAD' : 'GET';
      return forwardAudio({ ...streamed(c, state.session, pathAndQuery), method });
    },
    async ownRead(c, state, pathAndQuery) {
      if (state.kind === 'expired') return signInNeeded('expired');
      return forward(c, state.session, 'GET', pathAndQuery);
    },
  };
}

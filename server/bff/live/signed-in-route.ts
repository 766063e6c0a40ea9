/**
 * A signed-in push's route (the console's, the judge's seats', the tablets'): Server-Sent Events telling a page that what it shows
 * changed, so that it reads it again. The same events as the fans' live stream (change-stream.ts): `ready`, `change`,
 * `end` (reason `session_expired`, `forbidden` or `closing`). Only for a signed-in session the API lets read what the
 * stream tells of (the hub's `admit`): 401 without one, 403/404 as the API refuses, 503 when full, 502 when the API
 * does not answer. `private, no-store`: nothing of it is kept by any cache. EventSource does not reconnect after a
 * non-200 answer; the page tries again itself (src/lib/signed-in/change-stream.ts).
 */
import type { Context } from 'hono';
import type { BffEnv } from '../http/env.js';
import { problemResponse } from '../http/problems.js';
import type { Session } from '../session/session.js';
import type { SessionState } from '../session/sign-in.js';
import { PRIVATE_HEADERS } from '../session/user-requests.js';
import { changeChannel } from './change-stream.js';
import type { SignedInHub } from './signed-in-hub.js';

const COMPETITION_ID = /^[1-9]\d{0,9}$/;

/** The key of a stream under `/manage/competitions/{competitionId}/`: the id, or a 404 for one that is none. */
export function competitionIdOf(c: Context): number | Response {
  const raw = c.req.param('competitionId') ?? '';
  const competitionId = Number(raw);
  if (COMPETITION_ID.test(raw) && competitionId <= 2_147_483_647) return competitionId;
  return problemResponse({
    status: 404,
    code: 'not_found',
    detail: `"${raw.slice(0, 64)}" is not a competition id.`,
    headers: { ...PRIVATE_HEADERS },
  });
}

export interface SignedInRouteDeps<Key> {
  hub: SignedInHub<Key>;
  signInAvailable: boolean;
  sessionOf: (c: Context) => Promise<SessionState>;
  heartbeatMs: number;
  /** what the stream tells of, from the request and the session (a problem answer for one that names nothing) */
  keyOf: (c: Context, session: Session) => Key | Response;
  /** the 401's detail: what signing in is needed for */
  signInFor: string;
  /** the 503's code */
  fullCode: string;
}

export function signedInRoute<Key>(deps: SignedInRouteDeps<Key>) {
  return async (c: Context<BffEnv>) => {
    const state = deps.signInAvailable ? await deps.sessionOf(c) : ({ kind: 'none' } as const);
    if (state.kind !== 'active')
      return problemResponse({
        status: 401,
        code: state.kind === 'expired' ? 'session_expired' : 'sign_in_required',
        detail: deps.signInFor,
        headers: { ...PRIVATE_HEADERS },
      });
    const key = deps.keyOf(c, state.session);
    if (key instanceof Response) return key;
    const channel = changeChannel();
    const joined = await deps.hub.join(key, state.session, channel.listener);
    if (joined.kind === 'refused')
      return problemResponse({
        status: joined.status,
        code: joined.status === 401 ? 'session_expired' : joined.status === 403 ? 'forbidden' : 'not_found',
        detail: joined.detail,
        headers: { ...PRIVATE_HEADERS },
      });
    if (joined.kind === 'full' || joined.kind === 'failed')
      return problemResponse({
        status: joined.kind === 'full' ? 503 : 502,
        code: joined.kind === 'full' ? deps.fullCode : 'upstream_unavailable',
        detail: joined.detail,
        headers: { ...PRIVATE_HEADERS, 'retry-after': joined.kind === 'full' ? '60' : '5' },
      });
    return channel.stream(c, joined, deps.heartbeatMs, {
      'cache-control': 'private, no-store, no-transform',
      vary: 'Cookie',
    });
  };
}

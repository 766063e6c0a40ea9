/**
 * `GET /api/bff/manage/competitions/{competitionId}/changes`: Server-Sent Events telling the tabulator's console that
 * its competition changed (a judge's entry, a correction, a penalty, a sign-off, a release), so the console reads its
 * progress, preview and audit trail again (decision 101). The same events as the fans' live stream (change-stream.ts):
 * `ready`, `change`, `end` (reason `session_expired`, `forbidden` or `closing`). Only for a signed-in session whose
 * user the API lets read the console (console-hub.ts): 401 without one, 403/404 as the API refuses, 503 when full.
 * EventSource does not reconnect after a non-200 answer; the console then asks every few seconds and tries the
 * stream again later.
 */
import type { Context } from 'hono';
import { problemResponse } from '../problems.js';
import { PRIVATE_HEADERS } from '../user-requests.js';
import type { SessionState } from '../sign-in.js';
import { changeChannel } from './change-stream.js';
import type { ConsoleHub } from './console-hub.js';

const COMPETITION_ID = /^[1-9]\d{0,9}$/;

export function consoleRoute(deps: {
  hub: ConsoleHub;
  signInAvailable: boolean;
  sessionOf: (c: Context) => Promise<SessionState>;
  heartbeatMs: number;
}) {
  return async (c: Context) => {
    const raw = c.req.param('competitionId') ?? '';
    const competitionId = Number(raw);
    if (!COMPETITION_ID.test(raw) || competitionId > 2_147_483_647)
      return problemResponse({
        status: 404,
        code: 'not_found',
        detail: `"${raw.slice(0, 64)}" is not a competition id.`,
        headers: { ...PRIVATE_HEADERS },
      });
    const state = deps.signInAvailable ? await deps.sessionOf(c) : ({ kind: 'none' } as const);
    if (state.kind !== 'active')
      return problemResponse({
        status: 401,
        code: state.kind === 'expired' ? 'session_expired' : 'sign_in_required',
        detail: 'Sign in to follow a console: its changes are for signed-in users.',
        headers: { ...PRIVATE_HEADERS },
      });
    const channel = changeChannel();
    const joined = await deps.hub.join(competitionId, state.session, channel.listener);
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
        code: joined.kind === 'full' ? 'console_stream_full' : 'upstream_unavailable',
        detail: joined.detail,
        headers: { ...PRIVATE_HEADERS, 'retry-after': joined.kind === 'full' ? '60' : '5' },
      });
    c.header('vary', 'Cookie');
    return channel.stream(c, joined, deps.heartbeatMs, 'private, no-store, no-transform');
  };
}

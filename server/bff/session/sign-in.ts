/**
 * Signing in through the BFF (decision 086): the BFF is a confidential Authorization Code + PKCE client of the API.
 * `/auth/sign-in` sends the browser to the API's sign-in page, `/auth/callback` exchanges the code with the client
 * secret and the PKCE verifier (neither ever reaches the browser) and seals the user's token into the session
 * cookie, `/auth/sign-out` has the API revoke that token (decision 118: a copy of the cookie works nowhere after) and
 * drops the cookie. `sessionOf` opens the cookie for the proxy's user requests (user-requests.ts).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { BffConfig } from '../config.js';
import type { LogLine } from '../http/log.js';
import { problemResponse } from '../http/problems.js';
import {
  clearCookie,
  cookieValue,
  createSessionSealer,
  setCookie,
  SESSION_COOKIE,
  SIGN_IN_COOKIE,
  SIGN_IN_TTL_SECONDS,
  SIGNED_IN_HINT_COOKIE,
  type PendingSignIn,
  type Session,
  type SessionSealer,
} from './session.js';
import { exchangeCode, revokeToken } from './oauth-calls.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import type { UpstreamHttp } from '../upstream/upstream-http.js';

export const AUTHORIZE_PATH = '/v3/oauth2/authorize';
export const CALLBACK_PATH = '/auth/callback';

const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

export type SessionState = { kind: 'none' } | { kind: 'expired' } | { kind: 'active'; session: Session };

export interface SignIn {
  /** false when no sign-in client is configured: no link, no routes but their explanation, no writes */
  readonly available: boolean;
  routes: Hono;
  sessionOf(c: Context): Promise<SessionState>;
  /** Set-Cookie values that end the session (sign-out, or the API refusing its token) */
  readonly endSession: string[];
  /** the origin this BFF is reached at, for the CSRF check: BFF_PUBLIC_URL, else http://<Host> */
  ownOrigin: (c: Context) => string | undefined;
}

export function createSignIn(deps: {
  config: BffConfig;
  upstream: UpstreamHttp;
  now: () => number;
  log: (line: LogLine) => void;
}): SignIn {
  const { config, upstream, now, log } = deps;
  const clientId = config.signInClientId;
  const clientSecret = config.signInClientSecret;
  const sealer: SessionSealer | undefined = config.sessionSecrets
    ? createSessionSealer(config.sessionSecrets)
    : undefined;
  const available = clientId !== undefined && clientSecret !== undefined && sealer !== undefined;
  const endSession = [clearCookie(SESSION_COOKIE), clearCookie(SIGNED_IN_HINT_COOKIE, false)];

  const ownOrigin = (c: Context): string | undefined => {
    if (config.publicUrl) return config.publicUrl;
    const host = c.req.header('host');
    return host && /^[A-Za-z0-9.:[\]-]{1,262}$/.test(host) ? `http://${host.toLowerCase()}` : undefined;
  };

  async function sessionOf(c: Context): Promise<SessionState> {
    const sealed = cookieValue(c.req.header('cookie'), SESSION_COOKIE);
    if (!sealed || !sealer) return { kind: 'none' };
    const session = await sealer.open<Session>('session', sealed);
    if (!session || typeof session.token !== 'string' || typeof session.expiresAt !== 'number') return { kind: 'none' };
    // The API issues no refresh tokens: an expired token means signing in again (the page keeps what was typed).
    if (now() >= session.expiresAt) return { kind: 'expired' };
    return { kind: 'active', session };
  }

  const routes = new Hono();
  routes.use('*', async (c: Context, next) => {
    if (available) return next();
    return explain(c, 404, 'sign_in_unavailable', 'Signing in is not available here', UNAVAILABLE_DETAIL);
  });

  routes.get('/sign-in', async (c) => {
    const redirectUri = redirectUriFor(c);
    if (!redirectUri) {
      return explain(
        c,
        400,
        'sign_in_address_unknown',
        'Signing in needs this site’s public address',
        'This server is reached at an address it was not told about. Set BFF_PUBLIC_URL to the address people open ' +
          '(for example https://scores.example.org) and register its /auth/callback with the API.',
      );
    }
    const verifier = randomBytes(32).toString('base64url');
    const pending: PendingSignIn = {
      state: randomBytes(32).toString('base64url'),
      verifier,
      returnTo: safeReturnTo(c.req.query('returnTo') ?? refererPath(c, ownOrigin(c))),
      redirectUri,
      expiresAt: now() + SIGN_IN_TTL_SECONDS * 1000,
    };
    const authorize = new URL(`${config.apiPublicUrl ?? config.apiBaseUrl}${AUTHORIZE_PATH}`);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: clientId!,
      redirect_uri: redirectUri,
      state: pending.state,
      code_challenge: createHash('sha256').update(verifier, 'ascii').digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    return new Response(null, {
      status: 302,
      headers: {
        location: authorize.href,
        'cache-control': 'no-store',
        'set-cookie': setCookie(SIGN_IN_COOKIE, await sealer!.seal('sign-in', pending), SIGN_IN_TTL_SECONDS),
      },
    });
  });

  routes.get('/callback', async (c) => {
    const sealed = cookieValue(c.req.header('cookie'), SIGN_IN_COOKIE);
    const pending = sealed ? await sealer!.open<PendingSignIn>('sign-in', sealed) : undefined;
    const again = (status: number, code: string, detail: string) =>
      explain(c, status, code, 'Sign-in did not complete', detail, pending?.returnTo, [clearCookie(SIGN_IN_COOKIE)]);
    if (!pending || now() >= pending.expiresAt) {
      return again(
        400,
        'sign_in_expired',
        'This sign-in was started more than ten minutes ago, or in another browser. Start again.',
      );
    }
    const state = c.req.query('state') ?? '';
    if (!sameText(state, pending.state)) {
      return again(400, 'sign_in_state_mismatch', 'This answer does not belong to the sign-in this browser started.');
    }
    const error = c.req.query('error');
    if (error !== undefined) {
      const known = /^[a-z_]{1,64}$/.test(error) ? ` (${error})` : '';
      return again(400, 'sign_in_refused', `The results API did not sign you in${known}. Try again.`);
    }
    const code = c.req.query('code');
    if (!code || code.length > 512)
      return again(400, 'sign_in_no_code', 'The answer from the results API had no code.');

    let granted: { accessToken: string; expiresIn: number };
    try {
      granted = await exchangeCode(upstream, {
        clientId: clientId!,
        clientSecret: clientSecret!,
        code,
        redirectUri: pending.redirectUri,
        verifier: pending.verifier,
      });
    } catch (failure) {
      const reason = failure instanceof UpstreamError ? failure.message : 'unexpected failure';
      log({ level: 'warn', msg: 'sign-in code exchange failed', detail: reason });
      return again(502, 'sign_in_exchange_failed', 'The results API did not accept this sign-in. Try again.');
    }
    const seconds = granted.expiresIn;
    const session: Session = { token: granted.accessToken, expiresAt: now() + seconds * 1000 };
    const headers = new Headers({ location: pending.returnTo, 'cache-control': 'no-store' });
    headers.append('set-cookie', setCookie(SESSION_COOKIE, await sealer!.seal('session', session), seconds));
    headers.append('set-cookie', setCookie(SIGNED_IN_HINT_COOKIE, '1', seconds, false));
    headers.append('set-cookie', clearCookie(SIGN_IN_COOKIE));
    return new Response(null, { status: 303, headers });
  });

  // Reached only past the CSRF check (app.ts, csrf.ts): a page on another site cannot sign a person out either.
  routes.post('/sign-out', async (c) => {
    const state = await sessionOf(c);
    if (state.kind === 'active') {
      // The token is revoked first: the cookie is only this browser's copy of the session, and copies may exist.
      const revocation = await revokeToken(upstream, {
        clientId: clientId!,
        clientSecret: clientSecret!,
        token: state.session.token,
      });
      if (revocation.outcome === 'unreachable') {
        log({ level: 'warn', msg: 'sign-out: the API did not revoke the token', detail: revocation.detail });
        // The cookie stays, so that signing out again can still end the session everywhere.
        return explain(c, 503, 'sign_out_failed', 'Not signed out yet', SIGN_OUT_FAILED_DETAIL, '/', [], 'sign-out');
      }
      // Refused (our client unknown to the API, the token another client's): trying again would not change it.
      if (revocation.outcome === 'refused')
        log({ level: 'error', msg: 'sign-out: the API refused to revoke the token', detail: revocation.detail });
    }
    const headers = new Headers({ 'cache-control': 'no-store' });
    for (const cookie of endSession) headers.append('set-cookie', cookie);
    if (!(c.req.header('accept') ?? '').includes('text/html')) return new Response(null, { status: 204, headers });
    headers.set('location', '/');
    return new Response(null, { status: 303, headers });
  });

  /** BFF_PUBLIC_URL's callback; without it, the loopback address the browser used (what `npm start` registers). */
  function redirectUriFor(c: Context): string | undefined {
    if (config.publicUrl) return `${config.publicUrl}${CALLBACK_PATH}`;
    const host = c.req.header('host');
    return host && LOOPBACK_HOST.test(host) ? `http://${host.toLowerCase()}${CALLBACK_PATH}` : undefined;
  }

  return { available, routes, sessionOf, endSession, ownOrigin };
}

const SIGN_OUT_FAILED_DETAIL =
  'The results API did not answer, so this session could still be used on this device. Try again in a moment.';

const UNAVAILABLE_DETAIL =
  'This site shows results only: no sign-in client is configured (BFF_SIGNIN_CLIENT_ID and BFF_SIGNIN_CLIENT_SECRET), ' +
  'as on a hosted results service, whose contests are managed on that service itself.';

/**
 * Where to go after signing in: a path of this site only (no scheme, no host, no "//" or "\" that a browser would
 * take for another host), never back into /auth/; anything else is home.
 */
export function safeReturnTo(value: string | undefined): string {
  if (!value || value.length > 2048 || !value.startsWith('/') || value.startsWith('//')) return '/';
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return '/';
  const base = 'http://return.invalid';
  if (!URL.canParse(value, base)) return '/';
  const url = new URL(value, base);
  if (url.origin !== base || url.pathname.startsWith('/auth/')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The page the banner's "Sign in" was followed from (a static link: the initial JS has no room to name it), when
 * it is this site's: the Referer of a same-origin navigation carries the whole address (strict-origin-when-cross-origin).
 */
function refererPath(c: Context, own: string | undefined): string | undefined {
  const referer = c.req.header('referer');
  if (!referer || !own || !URL.canParse(referer)) return undefined;
  const url = new URL(referer);
  return url.origin === own ? `${url.pathname}${url.search}` : undefined;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A page for a person (navigations) or a problem for a script, saying what went wrong and what to do. */
function explain(
  c: Context,
  status: number,
  code: string,
  title: string,
  detail: string,
  returnTo = '/',
  cookies: string[] = [],
  /** what the page offers to do again: sign in (most refusals), sign out (a sign-out that did not complete), nothing */
  next: 'sign-in' | 'sign-out' | 'nothing' = code === 'sign_in_unavailable' ? 'nothing' : 'sign-in',
): Response {
  if (!(c.req.header('accept') ?? '').includes('text/html')) {
    const response = problemResponse({ status, code, detail, headers: { 'cache-control': 'no-store' } });
    for (const cookie of cookies) response.headers.append('set-cookie', cookie);
    return response;
  }
  const again = {
    'sign-in': `<p><a href="/auth/sign-in?returnTo=${encodeURIComponent(returnTo)}">Sign in again</a></p>\n`,
    'sign-out': '<form method="post" action="/auth/sign-out"><button type="submit">Sign out</button></form>\n',
    nothing: '',
  }[next];
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(detail)}</p>
${again}<p><a href="${escapeHtml(returnTo)}">Back to the results</a></p>
</main>
</body>
</html>
`;
  const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(html, { status, headers });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

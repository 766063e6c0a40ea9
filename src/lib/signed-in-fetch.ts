/**
 * Writes and a person's own reads through the BFF's session (decision 086). The session cookie is HttpOnly: the
 * page never sees a token and sends nothing extra. A plain same-origin `fetch` is all a page needs:
 *
 *   fetch('/api/performances/12/scores', {
 *     method: 'POST',
 *     credentials: 'same-origin',
 *     headers: { 'content-type': 'application/json', 'idempotency-key': key },
 *     body: JSON.stringify(entry),
 *   });
 *
 * The BFF forwards only the API's documented writes (by method and path), with the user's token, the body,
 * Content-Type, Accept, Idempotency-Key and If-Match; it refuses a write from another site (403
 * `cross_site_request`, decision 087). Besides the API's own answers, a page meets two 401s: `sign_in_required` (no
 * session) and `session_expired` (the token ran out: the person signs in again, and the page keeps what was typed).
 * `signedInFetch` is that fetch with those two told apart; `signInHref` is where "Sign in again" goes.
 */
import type { Role } from '../../domain/roles';

export const ROLE_NAMES: Record<Role, string> = {
  administrator: 'Administrator',
  tabulator: 'Tabulator',
  'chief-judge': 'Chief judge',
  judge: 'Judge',
};

/** The page to sign in from, coming back to `returnTo` (this site's path; the BFF refuses anything else). */
export function signInHref(returnTo = `${location.pathname}${location.search}`): string {
  return `/auth/sign-in?returnTo=${encodeURIComponent(returnTo)}`;
}

/** A 401 of the BFF's: the person must sign in (again). */
export class SignInNeeded extends Error {
  constructor(readonly code: 'sign_in_required' | 'session_expired') {
    super(code === 'session_expired' ? 'Your sign-in has ended: sign in again.' : 'Sign in to do this.');
    this.name = 'SignInNeeded';
  }
}

/**
 * `fetch('/api' + path)` with the session, as above. Resolves with the API's answer (any status but the BFF's two
 * 401s, which reject with SignInNeeded), so a page reads the API's problems (403, 409, 422) itself.
 */
export async function signedInFetch(path: `/${string}`, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`/api${path}`, { ...init, credentials: 'same-origin' });
  if (response.status === 401) {
    const problem = (await response
      .clone()
      .json()
      .catch(() => ({}))) as { code?: string };
    if (problem.code === 'sign_in_required' || problem.code === 'session_expired') throw new SignInNeeded(problem.code);
  }
  return response;
}

export interface SignedInUser {
  name: string;
  email: string;
  role: Role;
}

/** Who is signed in (GET /api/me with the session), or null when nobody is (a fan's /me names only the key). */
export async function readSignedInUser(): Promise<SignedInUser | null> {
  const response = await signedInFetch('/me', { headers: { accept: 'application/json' } }).catch((error: unknown) => {
    if (error instanceof SignInNeeded) return undefined;
    throw error;
  });
  if (!response?.ok) return null;
  const me = (await response.json()) as {
    user: { email: string; firstName: string; lastName: string } | null;
    role: Role | null;
  };
  if (!me.user || !me.role) return null;
  const name = `${me.user.firstName} ${me.user.lastName}`.trim() || me.user.email;
  return { name, email: me.user.email, role: me.role };
}

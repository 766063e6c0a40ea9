/**
 * The signed-in session and the sign-in's own short state, each sealed in a cookie the browser holds but cannot read
 * (decision 086): JWE, `dir` with A256GCM, under a key derived from BFF_SESSION_SECRET. Any BFF instance with the
 * same secret opens it, so a session survives a restart and works across instances behind one address, with no
 * store to share. The user's access token lives only inside the sealed cookie and in the BFF's memory while it
 * forwards a request.
 */
import { hkdfSync } from 'node:crypto';
import { CompactEncrypt, compactDecrypt } from 'jose';

/** The session: HttpOnly, Secure, SameSite=Lax; `__Host-` so no other host or path can set or shadow it. */
export const SESSION_COOKIE = '__Host-mr_session';
/** The sign-in in progress (state, PKCE verifier, where to return): ten minutes at most. */
export const SIGN_IN_COOKIE = '__Host-mr_sign_in';
/**
 * A flag the page's script may read ("1", nothing else): a signed-in page loads its banner widget only when it is
 * set, so fans who never sign in load nothing. It carries no session material; the session cookie decides.
 */
export const SIGNED_IN_HINT_COOKIE = 'mr_signed_in';

export const SIGN_IN_TTL_SECONDS = 600;

export interface Session {
  /** the user's access token (the API's, Authorization Code flow) */
  token: string;
  /** when the token expires, epoch ms (receipt time + expires_in) */
  expiresAt: number;
}

export interface PendingSignIn {
  state: string;
  verifier: string;
  returnTo: string;
  redirectUri: string;
  /** epoch ms */
  expiresAt: number;
}

export interface SessionSealer {
  seal(kind: 'session' | 'sign-in', value: object): Promise<string>;
  open<T>(kind: 'session' | 'sign-in', sealed: string): Promise<T | undefined>;
}

/** Several secrets: the first seals, each opens (so a new secret can be rolled in without signing everyone out). */
export function createSessionSealer(secrets: string[]): SessionSealer {
  // One key per secret and purpose: a sign-in cookie can never be opened as a session, nor the reverse.
  const keyOf = (secret: string, kind: string) =>
    new Uint8Array(hkdfSync('sha256', secret, 'marching-results-bff', `bff ${kind} cookie v1`, 32));
  const keys = {
    session: secrets.map((secret) => keyOf(secret, 'session')),
    'sign-in': secrets.map((secret) => keyOf(secret, 'sign-in')),
  };
  return {
    async seal(kind, value) {
      return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(value)))
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .encrypt(keys[kind][0]);
    },
    async open<T>(kind: 'session' | 'sign-in', sealed: string): Promise<T | undefined> {
      // A cookie is at most 4 KB; anything longer is not ours.
      if (sealed.length > 4096) return undefined;
      for (const key of keys[kind]) {
        try {
          const { plaintext } = await compactDecrypt(sealed, key, {
            keyManagementAlgorithms: ['dir'],
            contentEncryptionAlgorithms: ['A256GCM'],
          });
          const value: unknown = JSON.parse(new TextDecoder().decode(plaintext));
          return value !== null && typeof value === 'object' ? (value as T) : undefined;
        } catch {
          // another key, or not ours at all
        }
      }
      return undefined;
    },
  };
}

/** The named cookie's value from a Cookie header (the first, as browsers send the most specific first). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/** A Set-Cookie value: Secure, SameSite=Lax and Path=/ always; HttpOnly unless it is the hint. */
export function setCookie(name: string, value: string, maxAgeSeconds: number, httpOnly = true): string {
  return [
    `${name}=${value}`,
    'Path=/',
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    ...(httpOnly ? ['HttpOnly'] : []),
    'Secure',
    'SameSite=Lax',
  ].join('; ');
}

export function clearCookie(name: string, httpOnly = true): string {
  return setCookie(name, '', 0, httpOnly);
}

/**
 * Access tokens: JWTs signed with an Ed25519 key kept in the database, so any API instance sharing that database
 * verifies any instance's tokens, with public keys only, without asking anyone
 * (docs/decisions/002-stateless-signed-tokens.md, 009-signing-keys-and-revocation.md).
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose';
import type { ApiConfig } from '../config.js';
import type { Database } from '../db/database.js';
import type { AuthContext } from '../http/context.js';
import { CHANGE_PICKUP_GRACE_SECONDS, createAuthState, type AuthState } from './auth-state.js';
import type { VerifyingKey } from './key-ring.js';

export interface IssuedToken {
  token_type: 'bearer';
  access_token: string;
  expires_in: number;
}

export interface TokenSubject {
  applicationId: number;
  orgId: number;
  orgGuid: string;
  clientId: string;
  /** the signed-in user, for tokens from the Authorization Code flow */
  userId?: number;
  /** a read-only key's token: it may only read */
  readOnly?: boolean;
}

export type TokenCheck = { ok: true; auth: AuthContext } | { ok: false; reason: 'expired' | 'invalid' };

export interface TokenService {
  issue(subject: TokenSubject): Promise<IssuedToken>;
  verify(token: string): Promise<TokenCheck>;
  /** signing keys and revocations, as this instance knows them (the CLI changes them; tests look) */
  state: AuthState;
  close(): void;
}

const ISSUER = 'competition-api';
const AUDIENCE = 'competition-api';
const KID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;
const VERIFIED_TOKENS_KEPT = 10_000;

/** `now` is the clock tokens are issued and checked by (milliseconds, like Date.now); tests pass their own. */
export async function createTokenService(
  database: Database,
  config: ApiConfig,
  now: () => number = Date.now,
): Promise<TokenService> {
  const state = await createAuthState(database, config);

  async function keyFor(kid: unknown): Promise<VerifyingKey | undefined> {
    if (typeof kid !== 'string' || !KID_SHAPE.test(kid)) return undefined;
    const known = state.keys().verifying(kid);
    if (known) return known;
    // Signed by a key another instance started using a moment ago, perhaps: read the keys again (throttled).
    await state.refreshForUnknownKey();
    return state.keys().verifying(kid);
  }

  /**
   * Tokens already verified, until they expire: a signature check costs more than the rest of a cached read.
   * Revocation and the key are checked on every use, so a revoked application's tokens, and those of a key
   * deleted by `signing-key rotate --invalidate-tokens`, stop working as soon as this instance knows.
   * Bounded; oldest dropped first.
   */
  const verified = new Map<string, { auth: AuthContext; expiresAtMs: number; kid: string }>();

  /**
   * A user's token acts with the user's role as it is now, and stops as soon as this instance knows the user was
   * disabled (or deleted, or moved): the role is never taken from the token.
   */
  async function withStanding(auth: AuthContext): Promise<TokenCheck> {
    if (auth.userId === undefined) return { ok: true, auth };
    const standing = await state.user(auth.userId);
    if (!standing || standing.disabled || standing.orgId !== auth.orgId) return { ok: false, reason: 'invalid' };
    return { ok: true, auth: { ...auth, role: standing.role } };
  }

  return {
    state,
    close: () => state.close(),

    async issue(subject) {
      const claims: Record<string, unknown> = {
        org: subject.orgId,
        org_guid: subject.orgGuid,
        app: subject.applicationId,
        client_id: subject.clientId,
      };
      if (subject.userId !== undefined) claims.uid = subject.userId;
      if (subject.readOnly) claims.ro = true;
      const signing = state.keys().signing;
      const accessToken = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid: signing.kid })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(subject.userId !== undefined ? `user:${subject.userId}` : `client:${subject.clientId}`)
        .setJti(randomUUID())
        .setIssuedAt(Math.floor(now() / 1000))
        // Rounded up to the next whole second: JWT times are whole seconds, and a token must live at least
        // the expires_in it is announced with.
        .setExpirationTime(Math.ceil(now() / 1000) + config.tokenTtlSeconds)
        .sign(signing.privateKey);
      return { token_type: 'bearer', access_token: accessToken, expires_in: config.tokenTtlSeconds };
    },

    async verify(token) {
      const cached = verified.get(token);
      if (cached) {
        if (state.isRevoked(cached.auth.applicationId) || !state.keys().verifying(cached.kid)) {
          verified.delete(token);
          return { ok: false, reason: 'invalid' };
        }
        if (now() < cached.expiresAtMs) return withStanding(cached.auth);
        verified.delete(token);
        return { ok: false, reason: 'expired' };
      }
      let kid: unknown;
      try {
        kid = decodeProtectedHeader(token).kid;
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      const key = await keyFor(kid);
      if (!key) return { ok: false, reason: 'invalid' };
      try {
        const { payload } = await jwtVerify(token, key.key, {
          // Each key verifies its own algorithm only: a token cannot pick how it is checked.
          algorithms: [key.algorithm],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: 'at+jwt',
          requiredClaims: ['exp', 'iat'],
          currentDate: new Date(now()),
        });
        const auth = authFrom(payload);
        if (!auth || !signedWhileCurrent(payload, key, config.tokenTtlSeconds) || state.isRevoked(auth.applicationId)) {
          return { ok: false, reason: 'invalid' };
        }
        verified.set(token, { auth, expiresAtMs: payload.exp! * 1000, kid: key.kid });
        if (verified.size > VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
        return await withStanding(auth);
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}

/**
 * A retired key's tokens count only if it signed them while it was (nearly) current and they expire when such
 * tokens do: whoever obtains a retired key, whose private part we no longer keep, cannot mint tokens with it.
 */
function signedWhileCurrent(payload: JWTPayload, key: VerifyingKey, tokenTtlSeconds: number): boolean {
  if (key.retiredAtMs === undefined) return true;
  const latestIssue = Math.floor(key.retiredAtMs / 1000) + CHANGE_PICKUP_GRACE_SECONDS;
  return payload.iat! <= latestIssue && payload.exp! <= latestIssue + tokenTtlSeconds + 1;
}

function authFrom(payload: Record<string, unknown>): AuthContext | undefined {
  const { org, org_guid: orgGuid, app, client_id: clientId, uid, ro } = payload;
  if (!isId(org) || !isId(app) || typeof orgGuid !== 'string' || typeof clientId !== 'string') return undefined;
  if (uid !== undefined && !isId(uid)) return undefined;
  if (ro !== undefined && ro !== true) return undefined;
  return {
    orgId: org,
    orgGuid,
    applicationId: app,
    clientId,
    ...(uid !== undefined ? { userId: uid } : {}),
    ...(ro === true ? { readOnly: true } : {}),
  };
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

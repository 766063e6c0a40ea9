/**
 * Access tokens: JWTs signed with an Ed25519 key kept in the database, so any API instance sharing that database
 * verifies any instance's tokens, with public keys only, without asking anyone
 * (docs/decisions/002-stateless-signed-tokens.md, 009-signing-keys-and-revocation.md).
 */
import { createHash, randomUUID } from 'node:crypto';
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
  /** the user's session version now (UserStanding): a new password or a disabling ends the token */
  sessionVersion?: number;
}

export type TokenCheck = { ok: true; auth: AuthContext } | { ok: false; reason: 'expired' | 'invalid' };

/** A token this API signed that has not expired, whether or not it still works: what a revocation records. */
export interface IssuedTokenFacts {
  applicationId: number;
  jti: string;
  expiresAtMs: number;
}

export interface TokenService {
  issue(subject: TokenSubject): Promise<IssuedToken>;
  verify(token: string): Promise<TokenCheck>;
  /** the token's facts when this API signed it and it has not expired (revoked or not), else undefined */
  inspect(token: string): Promise<IssuedTokenFacts | undefined>;
  /** signing keys and revocations, as this instance knows them (the CLI changes them; tests look) */
  state: AuthState;
  close(): void;
}

const ISSUER = 'competition-api';
const AUDIENCE = 'competition-api';
const KID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;
/** Our jtis are UUIDs; anything else in a verified token is not one of ours. */
const JTI_SHAPE = /^[A-Za-z0-9-]{1,64}$/;
const VERIFIED_TOKENS_KEPT = 10_000;

/** `now` is the clock tokens are issued and checked by (milliseconds, like Date.now); tests pass their own. */
export async function createTokenService(
  database: Database,
  config: ApiConfig,
  now: () => number = Date.now,
): Promise<TokenService> {
  const state = await createAuthState(database, config, now);

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
   * Revocations and the key are checked on every use, so a revoked application's tokens, a revoked (signed-out)
   * token, and those of a key deleted by `signing-key rotate --invalidate-tokens`, stop working as soon as this
   * instance knows. Bounded; oldest dropped first.
   */
  const verified = new Map<string, Verified>();

  /**
   * A user's token acts with the user's role as it is now, and stops as soon as this instance knows the user was
   * disabled (or deleted, or moved) or set a new password since it was issued: the role is never taken from the
   * token.
   */
  async function withStanding(entry: Verified): Promise<TokenCheck> {
    const { auth } = entry;
    if (auth.userId === undefined) return { ok: true, auth };
    const standing = await state.user(auth.userId);
    if (
      !standing ||
      standing.disabled ||
      standing.orgId !== auth.orgId ||
      standing.sessionVersion !== entry.sessionVersion
    )
      return { ok: false, reason: 'invalid' };
    return {
      ok: true,
      auth: { ...auth, role: standing.role, ...(standing.groups ? { groups: standing.groups } : {}) },
    };
  }

  const withdrawn = (entry: Verified) =>
    state.isRevoked(entry.auth.applicationId) || state.isTokenRevoked(entry.jti) || !state.keys().verifying(entry.kid);

  /** The token's verified claims (cached), whether or not it was revoked since; or why it does not verify. */
  async function verifySignature(token: string): Promise<Verified | 'expired' | 'invalid'> {
    const cached = verified.get(token);
    if (cached) {
      if (!state.keys().verifying(cached.kid)) {
        verified.delete(token);
        return 'invalid';
      }
      if (now() < cached.expiresAtMs) return cached;
      verified.delete(token);
      return 'expired';
    }
    let kid: unknown;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      return 'invalid';
    }
    const key = await keyFor(kid);
    if (!key) return 'invalid';
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
      const entry = verifiedFrom(payload, key.kid, token);
      if (!entry || !signedWhileCurrent(payload, key, config.tokenTtlSeconds)) return 'invalid';
      verified.set(token, entry);
      if (verified.size > VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
      return entry;
    } catch (error) {
      return error instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
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
      if (subject.userId !== undefined) {
        claims.uid = subject.userId;
        claims.sv = subject.sessionVersion ?? 0;
      }
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
      const entry = await verifySignature(token);
      if (typeof entry === 'string') return { ok: false, reason: entry };
      if (withdrawn(entry)) {
        verified.delete(token);
        return { ok: false, reason: 'invalid' };
      }
      return withStanding(entry);
    },

    async inspect(token) {
      const entry = await verifySignature(token);
      if (typeof entry === 'string') return undefined;
      return { applicationId: entry.auth.applicationId, jti: entry.jti, expiresAtMs: entry.expiresAtMs };
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

/** A verified token as this instance keeps it: who it acts for, and what revocation and expiry are checked by. */
interface Verified {
  auth: AuthContext;
  expiresAtMs: number;
  kid: string;
  jti: string;
  /** the user's session version it was issued under (0 for tokens from before versions, and for keys' tokens) */
  sessionVersion: number;
}

function verifiedFrom(payload: JWTPayload, kid: string, token: string): Verified | undefined {
  const { org, org_guid: orgGuid, app, client_id: clientId, uid, ro, sv, jti, exp } = payload;
  if (!isId(org) || !isId(app) || typeof orgGuid !== 'string' || typeof clientId !== 'string') return undefined;
  if (uid !== undefined && !isId(uid)) return undefined;
  if (ro !== undefined && ro !== true) return undefined;
  if (sv !== undefined && !(typeof sv === 'number' && Number.isInteger(sv) && sv >= 0)) return undefined;
  if (jti !== undefined && !JTI_SHAPE.test(jti)) return undefined;
  const auth: AuthContext = {
    orgId: org,
    orgGuid,
    applicationId: app,
    clientId,
    ...(uid !== undefined ? { userId: uid } : {}),
    ...(ro === true ? { readOnly: true } : {}),
  };
  // Every token we issue has a jti; one signed without (the claim is not required) is revoked by its digest.
  const id = jti ?? `sha256-${createHash('sha256').update(token).digest('base64url')}`;
  return { auth, expiresAtMs: exp! * 1000, kid, jti: id, sessionVersion: sv ?? 0 };
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

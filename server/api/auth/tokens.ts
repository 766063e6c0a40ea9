/**
 * Access tokens: HS256 JWTs signed with a key kept in the database, so any API instance sharing that database
 * verifies any instance's tokens without asking anyone (docs/decisions/002-stateless-signed-tokens.md).
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import type { ApiConfig } from '../config.js';
import type { Database } from '../db/database.js';
import type { AuthContext } from '../http/context.js';
import { ensureSigningKey, findSigningKey, type SigningKey } from './signing-key.js';

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
}

export type TokenCheck = { ok: true; auth: AuthContext } | { ok: false; reason: 'expired' | 'invalid' };

export interface TokenService {
  issue(subject: TokenSubject): Promise<IssuedToken>;
  verify(token: string): Promise<TokenCheck>;
}

const ISSUER = 'competition-api';
const AUDIENCE = 'competition-api';
const KID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;
const VERIFIED_TOKENS_KEPT = 10_000;

export async function createTokenService(database: Database, config: ApiConfig): Promise<TokenService> {
  const signing = await ensureSigningKey(database.db);
  // Keys never change once written, so remembering the ones seen is a cache, not state: any instance can
  // rebuild it from the table.
  const known = new Map<string, SigningKey>([[signing.kid, signing]]);

  async function keyFor(kid: unknown): Promise<SigningKey | undefined> {
    if (typeof kid !== 'string' || !KID_SHAPE.test(kid)) return undefined;
    const cached = known.get(kid);
    if (cached) return cached;
    const found = await findSigningKey(database.db, kid);
    if (found) known.set(kid, found);
    return found;
  }

  /**
   * Tokens already verified, until they expire: a signature check costs more than the rest of a cached read, and
   * a token that verified once stays valid until its exp (keys never change, 002). Bounded; oldest dropped first.
   */
  const verified = new Map<string, { auth: AuthContext; expiresAtMs: number }>();

  return {
    async issue(subject) {
      const claims: Record<string, unknown> = {
        org: subject.orgId,
        org_guid: subject.orgGuid,
        app: subject.applicationId,
        client_id: subject.clientId,
      };
      if (subject.userId !== undefined) claims.uid = subject.userId;
      const accessToken = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: signing.kid })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(subject.userId !== undefined ? `user:${subject.userId}` : `client:${subject.clientId}`)
        .setJti(randomUUID())
        .setIssuedAt()
        // Rounded up to the next whole second: JWT times are whole seconds, and a token must live at least
        // the expires_in it is announced with.
        .setExpirationTime(Math.ceil(Date.now() / 1000) + config.tokenTtlSeconds)
        .sign(signing.secret);
      return { token_type: 'bearer', access_token: accessToken, expires_in: config.tokenTtlSeconds };
    },

    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs) return { ok: true, auth: known.auth };
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
        const { payload } = await jwtVerify(token, key.secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: 'at+jwt',
          requiredClaims: ['exp', 'iat'],
        });
        const auth = authFrom(payload);
        if (!auth) return { ok: false, reason: 'invalid' };
        verified.set(token, { auth, expiresAtMs: (payload.exp as number) * 1000 });
        if (verified.size > VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
        return { ok: true, auth };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}

function authFrom(payload: Record<string, unknown>): AuthContext | undefined {
  const { org, org_guid: orgGuid, app, client_id: clientId, uid } = payload;
  if (!isId(org) || !isId(app) || typeof orgGuid !== 'string' || typeof clientId !== 'string') return undefined;
  if (uid !== undefined && !isId(uid)) return undefined;
  return { orgId: org, orgGuid, applicationId: app, clientId, ...(uid !== undefined ? { userId: uid } : {}) };
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

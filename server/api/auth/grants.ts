/** What each grant type of the token endpoint checks before a token is issued (RFC 6749 §4.1.3, §4.4.2). */
import type { DbOrTx } from '../db/database.js';
import type { Application } from '../db/repositories/applications.js';
import { redeemAuthorizationCode } from './authorization-codes.js';
import { findOrganizationById } from '../db/repositories/organizations.js';
import { findUserStanding } from '../db/repositories/users.js';
import { OAuthError } from './oauth-error.js';
import { verifierMatches } from './pkce.js';
import type { IssuedToken, TokenService } from './tokens.js';

export const SUPPORTED_GRANT_TYPES = ['client_credentials', 'authorization_code'] as const;

export async function clientCredentialsGrant(
  db: DbOrTx,
  tokens: TokenService,
  application: Application,
): Promise<IssuedToken> {
  return issueFor(db, tokens, application);
}

/**
 * Exchanges a code for a token carrying the signed-in user. The code is spent by the first redemption even when
 * a later check fails, so a stolen code gives its thief one guess at the verifier and no more.
 */
export async function authorizationCodeGrant(
  db: DbOrTx,
  tokens: TokenService,
  application: Application,
  parameters: Map<string, string>,
  /** the clock the code's expiry is read by (Services.now) */
  now: () => number = Date.now,
): Promise<IssuedToken> {
  const missing = ['code', 'redirect_uri', 'code_verifier'].filter((name) => !parameters.has(name));
  if (missing.length > 0) throw new OAuthError('invalid_request', `Missing parameter: ${missing.join(', ')}`);
  if (application.redirectUris.length === 0) {
    throw new OAuthError(
      'unauthorized_client',
      'This client has no redirect URIs registered, so it may not use the authorization_code grant',
    );
  }
  const grant = await redeemAuthorizationCode(db, { code: parameters.get('code')!, applicationId: application.id });
  if (!grant)
    throw new OAuthError(
      'invalid_grant',
      'The authorization code is unknown, already used, or was issued to another client',
    );
  if (grant.expiresAt.getTime() <= now()) throw new OAuthError('invalid_grant', 'The authorization code has expired');
  if (grant.redirectUri !== parameters.get('redirect_uri')) {
    throw new OAuthError('invalid_grant', 'redirect_uri does not match the one of the authorization request');
  }
  if (!verifierMatches(parameters.get('code_verifier')!, grant.codeChallenge)) {
    throw new OAuthError('invalid_grant', 'code_verifier does not match the code challenge');
  }
  // A user disabled between signing in and redeeming the code gets no token. Read afresh, not from the instance's
  // cache of standings: the token carries the session version, and one a moment old would end it at once.
  const standing = await findUserStanding(db, grant.userId);
  if (!standing || standing.disabled) throw new OAuthError('invalid_grant', 'The signed-in user is disabled');
  return issueFor(db, tokens, application, { id: grant.userId, sessionVersion: standing.sessionVersion });
}

async function issueFor(
  db: DbOrTx,
  tokens: TokenService,
  application: Application,
  user?: { id: number; sessionVersion: number },
): Promise<IssuedToken> {
  const organization = await findOrganizationById(db, application.orgId);
  // Applications cascade-delete with their organization, so this only fails if it vanished mid-request.
  if (!organization) throw new OAuthError('invalid_grant', "The client's organization no longer exists");
  return tokens.issue({
    applicationId: application.id,
    orgId: organization.id,
    orgGuid: organization.guid,
    clientId: application.clientId,
    userId: user?.id,
    sessionVersion: user?.sessionVersion,
    readOnly: application.readOnly,
  });
}

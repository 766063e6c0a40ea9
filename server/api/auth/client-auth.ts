import type { Application } from '../db/repositories/applications.js';
import { OAuthError, invalidClient } from './oauth-error.js';
import { oauthParameterProblem } from './oauth-parameters.js';
import { secretMatchesHash, sha256Hex } from './secrets.js';

/** Who the client says it is, and how it said so. */
export interface ClientCredentials {
  clientId: string;
  clientSecret?: string;
  method: 'basic' | 'body';
}

/**
 * Reads the client's credentials from HTTP Basic (RFC 6749 §2.3.1: id and secret form-url-encoded, then joined
 * by a colon) or from the client_id/client_secret parameters. Using both ways at once is an invalid_request
 * (§2.3: one authentication method per request); a malformed or non-Basic Authorization header is invalid_client.
 * Undefined when the request names no client at all.
 */
export function readClientCredentials(
  authorization: string | undefined,
  params: Map<string, string>,
): ClientCredentials | undefined {
  const bodyId = params.get('client_id');
  const bodySecret = params.get('client_secret');
  if (authorization === undefined || authorization.trim() === '') {
    return bodyId === undefined ? undefined : { clientId: bodyId, clientSecret: bodySecret, method: 'body' };
  }
  const basic = parseBasic(authorization);
  if (bodySecret !== undefined) {
    throw new OAuthError(
      'invalid_request',
      'Send the client credentials either with HTTP Basic or in the body, not both',
    );
  }
  if (bodyId !== undefined && bodyId !== basic.clientId) {
    throw new OAuthError('invalid_request', 'client_id in the body differs from the HTTP Basic client id');
  }
  return basic;
}

function parseBasic(authorization: string): ClientCredentials {
  const match = /^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(authorization);
  if (!match)
    throw invalidClient('The Authorization header must be HTTP Basic client credentials (client_id:client_secret)');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw invalidClient('HTTP Basic credentials must be client_id:client_secret');
  let credentials: ClientCredentials;
  try {
    credentials = {
      clientId: formDecode(decoded.slice(0, colon)),
      clientSecret: formDecode(decoded.slice(colon + 1)),
      method: 'basic',
    };
  } catch {
    throw invalidClient('HTTP Basic credentials are not correctly url-encoded');
  }
  const problem =
    oauthParameterProblem('client_id', credentials.clientId) ??
    oauthParameterProblem('client_secret', credentials.clientSecret!);
  if (problem) throw invalidClient(`HTTP Basic credentials: ${problem}`);
  return credentials;
}

function formDecode(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

/**
 * Stands in for the stored digest when the named client does not exist, so an unknown client id costs the same
 * hash and comparison as a wrong secret and the answer's timing does not tell which client ids exist.
 */
export const UNKNOWN_CLIENT_HASH = sha256Hex('no client has this secret');

/**
 * The application these credentials authenticate, or invalid_client. `claimed` is the application the caller
 * looked up for `credentials.clientId` (undefined when there is none): the lookup happens once, outside, so both
 * outcomes do the same database work too. A revoked application authenticates nothing. The same description for an unknown client and a wrong secret, so the
 * answer does not tell which client ids exist.
 */
export function authenticateClient(
  credentials: ClientCredentials | undefined,
  claimed: Application | undefined,
  matches: (presented: string, storedHashHex: string) => boolean = secretMatchesHash,
): Application {
  if (!credentials) {
    throw invalidClient('Client authentication is required: HTTP Basic, or client_id and client_secret in the body');
  }
  if (credentials.clientSecret === undefined) throw invalidClient('client_secret is required');
  // A revoked client is as unknown as one that never existed, and costs the same.
  const usable = claimed && claimed.revokedAt === null ? claimed : undefined;
  const secretMatches = matches(credentials.clientSecret, usable?.secretHash ?? UNKNOWN_CLIENT_HASH);
  if (!usable || !secretMatches) throw invalidClient('Unknown client or wrong client secret');
  return usable;
}

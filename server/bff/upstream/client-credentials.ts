/**
 * The token request of the Client Credentials flow: POST /v3/oauth2/token with a form body (spec, Authentication).
 * Failures become `UpstreamError`s whose messages never carry the secret, the token, or the upstream's error text
 * (which might echo the client id).
 */
import type { GrantedToken } from './token-cycler.js';
import type { UpstreamHttp } from './upstream-http.js';
import { UpstreamError, retryAfterOf, serverError } from './upstream-error.js';

export const TOKEN_PATH = '/v3/oauth2/token';

/** OAuth error codes (RFC 6749 5.2) that mean "these credentials will not do". */
const REFUSALS = new Set(['invalid_client', 'unauthorized_client', 'access_denied', 'invalid_grant']);

export function clientCredentialsGrant(
  http: UpstreamHttp,
  credentials: { clientId: string; clientSecret: string },
): () => Promise<GrantedToken> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: credentials.clientId,
    client_secret: credentials.clientSecret,
  }).toString();

  return async () => {
    const response = await http.request({
      method: 'POST',
      pathAndQuery: TOKEN_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
    });
    const { status } = response;
    const body = parseJson(response.body);
    // Only a well-formed RFC 6749 error code goes into messages; error_description is never read.
    const oauthError = typeof body?.error === 'string' && /^[a-z_]{1,64}$/.test(body.error) ? body.error : undefined;

    if (status === 200) {
      const accessToken = body?.access_token;
      const expiresIn = body?.expires_in;
      const tokenType = body?.token_type;
      if (typeof accessToken !== 'string' || accessToken === '') {
        throw new UpstreamError('bad_response', 'token response without access_token', { upstreamStatus: status });
      }
      if (tokenType !== undefined && (typeof tokenType !== 'string' || tokenType.toLowerCase() !== 'bearer')) {
        throw new UpstreamError('bad_response', 'token response with a token_type other than bearer', {
          upstreamStatus: status,
        });
      }
      if (expiresIn !== undefined && !(typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0)) {
        throw new UpstreamError('bad_response', 'token response with an unusable expires_in', {
          upstreamStatus: status,
        });
      }
      return { accessToken, expiresIn };
    }
    if (status === 401 || status === 403 || (status === 400 && oauthError !== undefined && REFUSALS.has(oauthError))) {
      throw new UpstreamError(
        'credentials_refused',
        `token request refused (${status}${oauthError ? ` ${oauthError}` : ''})`,
        {
          upstreamStatus: status,
        },
      );
    }
    if (status === 429) {
      throw new UpstreamError('rate_limited', 'token request rate-limited (429)', {
        upstreamStatus: status,
        retryAfter: retryAfterOf(response.headers['retry-after']),
      });
    }
    if (status >= 500) throw serverError(status, 'token endpoint', response.headers['retry-after']);
    throw new UpstreamError('bad_response', `token request answered ${status}${oauthError ? ` ${oauthError}` : ''}`, {
      upstreamStatus: status,
    });
  };
}

function parseJson(body: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

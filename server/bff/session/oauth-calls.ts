/**
 * The BFF's two calls to the API's OAuth endpoints as the sign-in client (decision 086): exchanging a code for the
 * user's token, and revoking that token when the person signs out (RFC 7009, decision 118). The client secret
 * travels only here, in the body of a request to the API.
 */
import { TOKEN_PATH } from '../upstream/client-credentials.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import type { UpstreamHttp } from '../upstream/upstream-http.js';

export const REVOKE_PATH = '/v3/oauth2/revoke';

/** A session whose token outlives the API's answer without an expires_in ends after this. */
const DEFAULT_SESSION_SECONDS = 2 * 60 * 60;

/** The token request of the Authorization Code grant, with the client's secret and the PKCE verifier. */
export async function exchangeCode(
  http: UpstreamHttp,
  input: { clientId: string; clientSecret: string; code: string; redirectUri: string; verifier: string },
): Promise<{ accessToken: string; expiresIn: number }> {
  const response = await http.request({
    method: 'POST',
    pathAndQuery: TOKEN_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      code_verifier: input.verifier,
      client_id: input.clientId,
      client_secret: input.clientSecret,
    }).toString(),
  });
  let body: { access_token?: unknown; expires_in?: unknown; error?: unknown } = {};
  try {
    body = JSON.parse(response.body.toString('utf8')) as typeof body;
  } catch {
    // handled below
  }
  if (response.status !== 200 || typeof body.access_token !== 'string' || body.access_token === '') {
    const code = typeof body.error === 'string' && /^[a-z_]{1,64}$/.test(body.error) ? ` ${body.error}` : '';
    throw new UpstreamError('bad_response', `token request answered ${response.status}${code}`, {
      upstreamStatus: response.status,
    });
  }
  const expiresIn =
    typeof body.expires_in === 'number' && Number.isFinite(body.expires_in) && body.expires_in > 0
      ? Math.floor(body.expires_in)
      : DEFAULT_SESSION_SECONDS;
  return { accessToken: body.access_token, expiresIn };
}

/**
 * What became of a revocation: `revoked` (the API answered 200: the token works nowhere now, or never did),
 * `unreachable` (no answer, a 5xx or a 429: worth trying again), or `refused` (any other answer, such as our client
 * unknown to the API: trying again changes nothing).
 */
export type Revocation = { outcome: 'revoked' } | { outcome: 'unreachable' | 'refused'; detail: string };

export async function revokeToken(
  http: UpstreamHttp,
  input: { clientId: string; clientSecret: string; token: string },
): Promise<Revocation> {
  let response;
  try {
    response = await http.request({
      method: 'POST',
      pathAndQuery: REVOKE_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        token: input.token,
        token_type_hint: 'access_token',
        client_id: input.clientId,
        client_secret: input.clientSecret,
      }).toString(),
    });
  } catch (error) {
    if (error instanceof UpstreamError) return { outcome: 'unreachable', detail: error.message };
    throw error;
  }
  if (response.status === 200) return { outcome: 'revoked' };
  let code = '';
  try {
    const body = JSON.parse(response.body.toString('utf8')) as { error?: unknown };
    if (typeof body.error === 'string' && /^[a-z_]{1,64}$/.test(body.error)) code = ` ${body.error}`;
  } catch {
    // no JSON error: the status says enough
  }
  const detail = `revocation answered ${response.status}${code}`;
  return { outcome: response.status >= 500 || response.status === 429 ? 'unreachable' : 'refused', detail };
}

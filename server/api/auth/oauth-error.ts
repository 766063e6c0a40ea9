/** RFC 6749 §5.2 error codes of the token endpoint, plus our answer past the token rate limit. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'too_many_requests';

/** A token endpoint failure; the route turns it into `{error, error_description}` (never problem+json). */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

/** RFC 6749 §5.1: token responses, successful or not, are never cached. */
const TOKEN_RESPONSE_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  Pragma: 'no-cache',
};

export function tokenEndpointResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...TOKEN_RESPONSE_HEADERS, ...headers } });
}

export function oauthErrorResponse(error: OAuthError): Response {
  return tokenEndpointResponse(
    { error: error.error, error_description: error.description },
    error.status,
    error.headers,
  );
}

/** invalid_client: 401 with the Basic challenge (RFC 6749 §5.2), whichever way the client tried to authenticate. */
export function invalidClient(description: string): OAuthError {
  return new OAuthError('invalid_client', description, 401, { 'WWW-Authenticate': 'Basic realm="competition-api"' });
}

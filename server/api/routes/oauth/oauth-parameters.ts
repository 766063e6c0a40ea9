import type { Context } from 'hono';
import { OAuthError } from '../../auth/oauth-error.js';
import { oauthParameterProblem } from '../../auth/oauth-parameters.js';

/** The parameters the token endpoint reads; the route's schema (token.ts) declares exactly these. */
export const TOKEN_PARAMETERS = [
  'grant_type',
  'client_id',
  'client_secret',
  'code',
  'redirect_uri',
  'code_verifier',
] as const;
export type TokenParameter = (typeof TOKEN_PARAMETERS)[number];

/** The parameters the revocation endpoint reads (RFC 7009 §2.1); the route's schema (revoke.ts) declares these. */
export const REVOCATION_PARAMETERS = ['token', 'token_type_hint', 'client_id', 'client_secret'] as const;
export type RevocationParameter = (typeof REVOCATION_PARAMETERS)[number];

/**
 * A token or revocation request's parameters (`known`) from a form-encoded or JSON body. RFC 6749 §3.2 asks for
 * form encoding; the service also accepts JSON, as the spec says. A parameter sent twice is an invalid_request,
 * one sent empty counts as absent (§3.1), unknown ones are ignored, and a known one with a value no client could
 * have been given (NUL, control characters, thousands of characters) is an invalid_request naming it.
 */
export async function readOAuthParameters(c: Context, known: readonly string[]): Promise<Map<string, string>> {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  let parameters: Map<string, string>;
  if (mediaType === 'application/x-www-form-urlencoded') parameters = formParameters(await c.req.text());
  else if (mediaType === 'application/json') parameters = jsonParameters(await c.req.text());
  else
    throw new OAuthError(
      'invalid_request',
      'The request body must be application/x-www-form-urlencoded or application/json',
    );
  for (const name of known) {
    const value = parameters.get(name);
    const problem = value === undefined ? undefined : oauthParameterProblem(name, value);
    if (problem) throw new OAuthError('invalid_request', problem);
  }
  return parameters;
}

export function formParameters(body: string): Map<string, string> {
  const parameters = new Map<string, string>();
  const seen = new Set<string>();
  for (const [name, value] of new URLSearchParams(body)) {
    if (seen.has(name)) throw new OAuthError('invalid_request', `Parameter ${name} is included more than once`);
    seen.add(name);
    if (value !== '') parameters.set(name, value);
  }
  return parameters;
}

function jsonParameters(body: string): Map<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new OAuthError('invalid_request', 'The request body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new OAuthError('invalid_request', 'The JSON body must be an object of parameters');
  }
  const parameters = new Map<string, string>();
  for (const [name, value] of Object.entries(parsed)) {
    if (value === null || value === '') continue;
    if (typeof value !== 'string') throw new OAuthError('invalid_request', `Parameter ${name} must be a string`);
    parameters.set(name, value);
  }
  return parameters;
}

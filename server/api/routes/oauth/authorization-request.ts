import type { DbOrTx } from '../../db/database.js';
import { findApplicationByClientId, type Application } from '../../db/repositories/applications.js';
import { isS256Challenge } from '../../auth/pkce.js';
import { oauthParameterProblem } from '../../auth/oauth-parameters.js';

/** A checked authorization request: everything the sign-in form carries along in hidden fields. */
export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  state?: string;
  codeChallenge: string;
}

export type AuthorizationCheck =
  | { ok: true; request: AuthorizationRequest; application: Application }
  /** client or redirect URI cannot be trusted: tell the user on our page, never redirect (RFC 6749 §4.1.2.1) */
  | { ok: false; show: 'page'; message: string }
  /** the redirect URI is registered for the client: report the error to the client through it */
  | { ok: false; show: 'redirect'; redirectUri: string; state?: string; error: string; description: string };

/**
 * Checks the parameters of GET or POST /v3/oauth2/authorize in the order RFC 6749 §4.1.2.1 requires: first the
 * client and its redirect URI (errors shown on the page), then the rest (errors sent back to the client).
 */
export async function checkAuthorizationRequest(db: DbOrTx, parameters: URLSearchParams): Promise<AuthorizationCheck> {
  const single = (name: string): { value?: string; repeated: boolean; problem?: string } => {
    const values = parameters.getAll(name).filter((value) => value !== '');
    const problem = values.map((value) => oauthParameterProblem(name, value)).find((found) => found !== undefined);
    return { value: values[0], repeated: values.length > 1, problem };
  };
  const page = (message: string): AuthorizationCheck => ({ ok: false, show: 'page', message });

  const clientId = single('client_id');
  if (clientId.repeated) return page('The request names more than one client (client_id is repeated).');
  if (!clientId.value) return page('The request does not say which application is asking (client_id is missing).');
  if (clientId.problem) return page(`The request is not valid: ${clientId.problem}.`);
  const application = await findApplicationByClientId(db, clientId.value);
  if (!application || application.revokedAt !== null)
    return page('The application that sent you here is not known (unknown client_id).');

  const redirectUri = single('redirect_uri');
  if (redirectUri.repeated) return page('The request has more than one redirect_uri.');
  if (!redirectUri.value) return page('The request does not say where to return to (redirect_uri is missing).');
  if (redirectUri.problem) return page(`The request is not valid: ${redirectUri.problem}.`);
  if (!application.redirectUris.includes(redirectUri.value)) {
    return page('The redirect_uri of this request is not registered for this application.');
  }

  const state = single('state');
  const back = (error: string, description: string): AuthorizationCheck => ({
    ok: false,
    show: 'redirect',
    redirectUri: redirectUri.value!,
    // A state that is not valid is not sent back: it could be anything, at any length.
    state: state.repeated || state.problem ? undefined : state.value,
    error,
    description,
  });
  const others = ['state', 'response_type', 'code_challenge', 'code_challenge_method', 'scope'].map((name) => ({
    name,
    ...single(name),
  }));
  const repeated = others.filter((parameter) => parameter.repeated).map((parameter) => parameter.name);
  if (repeated.length > 0) return back('invalid_request', `Parameter included more than once: ${repeated.join(', ')}`);
  const problem = others.find((parameter) => parameter.problem)?.problem;
  if (problem) return back('invalid_request', problem);

  const responseType = single('response_type').value;
  if (!responseType) return back('invalid_request', 'Missing parameter: response_type');
  if (responseType !== 'code') return back('unsupported_response_type', 'response_type must be code');
  const codeChallenge = single('code_challenge').value;
  if (!codeChallenge) return back('invalid_request', 'PKCE is required: code_challenge is missing');
  if (single('code_challenge_method').value !== 'S256') {
    return back('invalid_request', 'code_challenge_method must be S256 (plain is not supported)');
  }
  if (!isS256Challenge(codeChallenge))
    return back('invalid_request', 'code_challenge must be 43 base64url characters (S256)');

  return {
    ok: true,
    application,
    request: { clientId: application.clientId, redirectUri: redirectUri.value, state: state.value, codeChallenge },
  };
}

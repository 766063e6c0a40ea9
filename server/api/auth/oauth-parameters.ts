/**
 * The shape every OAuth parameter value must have before it is used. RFC 6749 Appendix A defines client_id,
 * client_secret, state, code, scope tokens and the error fields as VSCHAR (%x20-7E), and redirect URIs are ASCII
 * URI references; the rest (grant_type, response_type, code_challenge_method, PKCE values) are narrower still.
 * So one rule holds for all: visible ASCII or space, and a bound on length. It keeps NUL (which PostgreSQL text
 * refuses) and megabyte values away from the database and from the pages.
 */
const VSCHAR = /^[\x20-\x7e]*$/;

/** Far above any real value (our ids and secrets are under 50 characters, browsers' URLs under 2,000). */
export const MAX_OAUTH_PARAMETER_LENGTH = 2000;

/** Why `value` cannot be the OAuth parameter `name`, or undefined when it can. */
export function oauthParameterProblem(name: string, value: string): string | undefined {
  if (value.length > MAX_OAUTH_PARAMETER_LENGTH)
    return `${name} is longer than ${MAX_OAUTH_PARAMETER_LENGTH} characters`;
  if (!VSCHAR.test(value)) return `${name} may hold only visible ASCII characters and spaces`;
  return undefined;
}
